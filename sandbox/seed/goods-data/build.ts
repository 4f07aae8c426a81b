/** Turns compact goods drafts into contract records (SKU ids, lowest price, shop name, top category) and holds the shared intro text. */
import type { GoodsDetail } from '#src/shared/api/contract/catalog.ts';
import { categories } from '../categories.ts';
import { shopSeeds } from './shops.ts';

export interface Param {
  name: string;
  value: string;
}

/** One SKU: its spec values (in the order of the draft's `specs`), price in yuan, stock, and a unit when it differs from the draft's. */
export type SkuRow = [values: string[], price: number, stock: number, unit?: string];

export interface Draft {
  id: number;
  name: string;
  brief: string;
  shop: number;
  /** Sub-category id; the top-level id is looked up in the category tree. */
  category: number;
  /** Picture names under /images/goods/, the first is the thumbnail. */
  images: string[];
  intro: string;
  params: Param[];
  specs: string[];
  skus: SkuRow[];
  unit: string;
  sales: number;
  /** Set for a delisted goods: the reason shown on its 404 page. */
  delisted?: string;
}

function topOf(sub: number): number {
  const top = categories.find((c) => c.children.some((s) => s.id === sub));
  if (!top) throw new Error(`goods seed: unknown sub-category ${sub}`);
  return top.id;
}

function shopNameOf(id: number): string {
  const shop = shopSeeds.find((s) => s.id === id);
  if (!shop) throw new Error(`goods seed: unknown shop ${id}`);
  return shop.shopName;
}

export function build(d: Draft): GoodsDetail {
  const images = d.images.map((n) => `/images/goods/${n}.svg`);
  const skus = d.skus.map(([values, price, stock, unit], i) => {
    // A SKU must name every spec of its goods, or the spec picker cannot resolve it.
    if (values.length !== d.specs.length)
      throw new Error(`goods seed: SKU ${i + 1} of ${d.id} has ${values.length} spec values for ${d.specs.length} specs`);
    return {
      sku_id: d.id * 100 + i + 1,
      goods_id: d.id,
      spec_list: values.map((spec_value, j) => ({ spec_name: d.specs[j]!, spec_value })),
      price,
      stock,
      unit: unit ?? d.unit,
    };
  });
  return {
    id: d.id,
    goodsName: d.name,
    brief: d.brief,
    thumbnail: images[0]!,
    price: Math.min(...skus.map((s) => s.price)),
    sales: d.sales,
    shop_id: d.shop,
    shopName: shopNameOf(d.shop),
    categoryId: d.category,
    categoryPid: topOf(d.category),
    marketEnable: d.delisted ? 0 : 1,
    delistReason: d.delisted ?? '',
    images,
    intro: d.intro,
    params: d.params,
    skus,
  };
}

/** Transport hazard classes of GB 6944 / UN Model Regulations, as printed on the shipping label. */
export const hazard = {
  inert: '2.2 非易燃无毒气体',
  oxidizing: '2.2 非易燃无毒气体（次要危险 5.1 氧化性）',
  flammable: '2.1 易燃气体',
  toxicCorrosive: '2.3 毒性气体（次要危险 8 腐蚀性）',
};

/** The identity block of a pure gas: formula, CAS number, UN number and hazard class, then any extra rows. */
export function gas(formula: string, cas: string, un: string, hazardClass: string, extra: Param[] = []): Param[] {
  return [
    { name: '化学式', value: formula },
    { name: 'CAS 号', value: cas },
    { name: 'UN 编号', value: un },
    { name: '危险类别', value: hazardClass },
    ...extra,
  ];
}

/** Rows from name/value pairs, for the equipment and mixture parameter tables. */
export function rows(pairs: [string, string][]): Param[] {
  return pairs.map(([name, value]) => ({ name, value }));
}

export const safety = {
  asphyxiant:
    '气瓶应直立固定，存放于阴凉通风处，远离热源并避免阳光直射。本品为窒息性气体，在地下室、实验室等密闭空间大量使用时，请配置氧含量报警仪并保持通风。',
  oxygen:
    '氧气为强助燃剂：瓶阀、减压器及管路严禁沾染油脂，开启瓶阀应缓慢；与乙炔、氢气等可燃气体气瓶分开存放，使用时间距不小于 5 m，距明火不小于 10 m。',
  flammable: '易燃气体：远离火种与热源，与氧气等氧化性气体气瓶分开存放；使用场所须通风良好，电气设备应防爆，并配置可燃气体泄漏报警仪。',
  toxic:
    '有毒腐蚀性气体：须在带排风的气瓶柜或通风橱内使用，配置泄漏报警与尾气处理装置，管路使用 316L 不锈钢并在使用前后充分吹扫；操作人员须经培训并佩戴防护用品。',
  mixture: '标准气体应在 0～40 ℃ 下直立存放，使用前将气瓶平放滚动数次使组分均匀；剩余压力不低于 0.5 MPa 时停止使用，以免影响浓度准确性。',
  equipment: '设备须由经培训的人员操作，压力容器与安全阀按期检验；安装场所通风良好，氧气或氢气设备远离火源并做好接地。',
  parts: '安装前确认适用气体与压力等级，氧气用件严禁沾染油脂，可燃气体与助燃气体配件不得混用；安装后用检漏液或氦检漏仪检查各连接处。',
};

export const delivery = {
  cylinder:
    '同城下单后 24 小时内送瓶上门，异地由具备危险货物道路运输资质的专用车辆配送；首次购气可租用我司气瓶（收取押金）或使用在检验有效期内的自有气瓶，空瓶随车回收。',
  special:
    '电子特气与稀有气体按订单分装，一般 3～7 个工作日发货；随货提供批次分析报告与安全技术说明书，有毒及自燃气体仅向具备使用条件的单位销售，需提供相关资质证明。',
  standard: '常规浓度现货 3 个工作日内发货，定制配比 7～10 个工作日；每瓶附标准物质证书，注明组分、浓度、不确定度与有效期。',
  liquid:
    '由具备危险货物运输资质的低温槽车或杜瓦罐专车配送，请至少提前 24 小时下单预约；槽车卸液需客户现场具备储罐、卸车场地与安全间距条件。',
  equipment: '签订合同后先做现场勘察与方案设计，标准机型约 30 天交货，含安装调试与操作培训，整机质保 12 个月，支持远程监控与驻场运维。',
  parts: '现货商品下单后 48 小时内发出，全国包邮（偏远地区除外）；出厂逐件检验并附产品合格证，支持开具增值税专用发票。',
};

const list = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

/** A goods description as the back office's rich text: lead, uses, a two-column table, safety and delivery notes. */
export function intro(o: {
  lead: string;
  uses: string[];
  table?: { head: [string, string]; rows: [string, string][] };
  safety: string;
  delivery: string;
}): string {
  const table = o.table
    ? `<table><thead><tr><th>${o.table.head[0]}</th><th>${o.table.head[1]}</th></tr></thead><tbody>${o.table.rows
        .map(([a, b]) => `<tr><td>${a}</td><td>${b}</td></tr>`)
        .join('')}</tbody></table>`
    : '';
  return [
    `<p>${o.lead}</p>`,
    '<p><strong>典型应用</strong></p>',
    list(o.uses),
    table,
    `<p><strong>安全提示：</strong>${o.safety}</p>`,
    `<p><strong>配送说明：</strong>${o.delivery}</p>`,
  ].join('');
}

/** An impurity table of a high-purity gas, values in ppm (10⁻⁶, mole fraction). */
export function impurities(purity: string, items: [string, string][]): { head: [string, string]; rows: [string, string][] } {
  return { head: ['项目', '指标'], rows: [['纯度（体积分数）', purity], ...items.map(([k, v]): [string, string] => [k, `${v} ppm`])] };
}
