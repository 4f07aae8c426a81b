/** schema.org `Product` data of a goods page (one `Offer`, or an `AggregateOffer` over several SKUs), serialized safely for a script tag. */

interface Goods {
  id: number;
  goodsName: string;
  brief: string;
  images: readonly string[];
  shopName: string;
  skus: readonly { sku_id: number; price: number; stock: number }[];
}

const availability = (inStock: boolean): string => (inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');

export function productJsonLd(g: Goods, pageUrl: string): Record<string, unknown> {
  const abs = (src: string) => new URL(src, pageUrl).href;
  const prices = g.skus.map((s) => s.price);
  const inStock = g.skus.some((s) => s.stock > 0);
  const offers =
    g.skus.length === 1
      ? { '@type': 'Offer', price: prices[0]!.toFixed(2), priceCurrency: 'CNY', availability: availability(inStock), url: pageUrl }
      : {
          '@type': 'AggregateOffer',
          lowPrice: Math.min(...prices).toFixed(2),
          highPrice: Math.max(...prices).toFixed(2),
          offerCount: g.skus.length,
          priceCurrency: 'CNY',
          availability: availability(inStock),
          url: pageUrl,
        };
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: g.goodsName,
    description: g.brief,
    sku: String(g.id),
    image: g.images.map(abs),
    brand: { '@type': 'Brand', name: g.shopName },
    offers,
  };
}

/** JSON for inside <script type="application/ld+json">: `<` escaped so API text can never close the tag. */
export const scriptJson = (data: unknown): string =>
  JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
