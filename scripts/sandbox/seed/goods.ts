/** Goods and shops (to be filled with the full catalogue). */
import type { GoodsDetail, Shop } from '../../../src/lib/api/contract/catalog.ts';

export const shops: Shop[] = [
  { id: 1, shopName: '华气云商自营旗舰店', logo: '/images/shops/1.svg', intro: '品牌自营，全国多工厂就近供气。', selfOperated: true, goodsCount: 0 },
];

export const goods: GoodsDetail[] = [
  {
    id: 1001,
    goodsName: '高纯氮气 N₂ 99.999%',
    brief: '纯度 ≥99.999%，氧 ≤2 ppm，水 ≤3 ppm',
    thumbnail: '/images/goods/n2.svg',
    price: 180,
    sales: 1260,
    shop_id: 1,
    shopName: '华气云商自营旗舰店',
    categoryId: 103,
    categoryPid: 1,
    marketEnable: 1,
    delistReason: '',
    images: ['/images/goods/n2.svg'],
    intro: '<p>高纯氮气适用于气相色谱载气、电子封装保护与实验室惰性保护。</p>',
    params: [
      { name: '化学式', value: 'N₂' },
      { name: 'CAS 号', value: '7727-37-9' },
      { name: 'UN 编号', value: 'UN1066' },
    ],
    skus: [
      { sku_id: 100101, goods_id: 1001, spec_list: [{ spec_name: '纯度', spec_value: '99.999%' }, { spec_name: '规格', spec_value: '40L 钢瓶' }, { spec_name: '充装压力', spec_value: '15 MPa' }], price: 180, stock: 500, unit: '瓶' },
    ],
  },
];
