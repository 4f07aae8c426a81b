import { describe, expect, it } from 'vitest';
import type { Category } from '#src/shared/api/contract/catalog.ts';
import { cachePublicly, cacheTags } from '#src/features/catalog/cache.ts';
import { goodsPlace, placeIds, placeOf } from '#src/features/catalog/category.ts';
import { gasSafety } from '#src/features/catalog/gas.ts';
import { productJsonLd, scriptJson } from '#src/features/catalog/jsonld.ts';

const cat = (id: number, pid: number, children: Category[] = []): Category => ({ id, pid, cateName: `c${id}`, pic: '', children });
const tree = [cat(1, 0, [cat(101, 1), cat(102, 1)]), cat(2, 0, [cat(201, 2)])];

describe('category place', () => {
  it('finds the sub-category and its parent from sid, a top from pid, nothing from unknown ids', () => {
    expect(placeOf(tree, { sid: 201 })).toEqual({ top: tree[1], sub: tree[1]!.children[0] });
    expect(placeOf(tree, { pid: 1 })).toEqual({ top: tree[0], sub: null });
    expect(placeOf(tree, { sid: 999, pid: 998 })).toEqual({ top: null, sub: null });
    expect(placeOf(tree, { category: 2 })).toEqual({ top: tree[1], sub: null });
    expect(placeIds(placeOf(tree, { sid: 102 }))).toEqual([102, 1]);
    expect(goodsPlace(tree, 101, 1).sub?.id).toBe(101);
  });
});

describe('cache policy', () => {
  it('tags per goods, shop and category and sends public short max-age with stale-while-revalidate', () => {
    const tags = cacheTags({ goods: [1001], shops: [1], categories: [103, 1, 1] });
    expect(tags).toEqual(['goods-1001', 'shop-1', 'category-103', 'category-1']);
    const headers = new Headers();
    const calls: unknown[] = [];
    cachePublicly(headers, { enabled: true, set: (o) => calls.push(o) }, tags);
    expect(headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    // Every cached catalogue page also carries the catalogue tag, purged after each deploy.
    expect(headers.get('cache-tag')).toBe('goods-1001,shop-1,category-103,category-1,catalog');
    expect(headers.get('netlify-cache-tag')).toBe(headers.get('cache-tag'));
    expect(calls).toEqual([{ maxAge: 60, swr: 300, tags: [...tags, 'catalog'] }]);
    cachePublicly(new Headers(), { enabled: false, set: () => calls.push('no') }, tags);
    expect(calls).toHaveLength(1);
  });
});

it('reads the gas safety facts from the parameters, none for equipment', () => {
  const params = [
    { name: 'UN 编号', value: 'UN1066' },
    { name: '危险类别', value: '2.2 非易燃无毒气体' },
    { name: '气瓶颜色', value: '黑色瓶身' },
  ];
  expect(gasSafety(params)).toEqual({ un: 'UN1066', hazardClass: '2.2 非易燃无毒气体', cylinderColour: '黑色瓶身', cas: '' });
  expect(gasSafety([{ name: '材质', value: '不锈钢' }])).toBeNull();
});

describe('JSON-LD', () => {
  const goods = {
    id: 1,
    goodsName: 'N₂ </script><script>',
    brief: 'b',
    images: ['/a.svg'],
    shopName: 's',
    skus: [{ sku_id: 1, price: 90, stock: 0 }],
  };

  it('gives one Offer for one SKU and an AggregateOffer for several', () => {
    expect(productJsonLd(goods, 'https://shop.example/goods/1').offers).toMatchObject({
      '@type': 'Offer',
      price: '90.00',
      availability: 'https://schema.org/OutOfStock',
    });
    const many = { ...goods, skus: [...goods.skus, { sku_id: 2, price: 260, stock: 3 }] };
    expect(productJsonLd(many, 'https://shop.example/goods/1').offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: '90.00',
      highPrice: '260.00',
      offerCount: 2,
    });
  });

  it('never lets API text close the script tag', () => {
    const json = scriptJson(productJsonLd(goods, 'https://shop.example/goods/1'));
    expect(json).not.toContain('<');
    expect(JSON.parse(json).name).toBe(goods.goodsName);
  });
});
