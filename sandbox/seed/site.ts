/** Site data, navigation tree, hot keywords, banners, ads and view control as the back office would hold them. */
import type { Ad, Banner, NavItem, Site, ViewControl } from '#src/shared/api/contract/site.ts';

/** The supplier's 统一社会信用代码 as on its business licence: the footer's, and the seller's on its invoices (docs/invoices.md). */
export const SUPPLIER_CREDIT_CODE = '91310104MA1HQ8T52J';

export const site: Site = {
  siteon: 1,
  close_reson: '',
  site_name: '华气云商 · 工业与特种气体商城',
  keywords: '特种气体,高纯气体,标准气体,液氮,液氧,气瓶,减压器,现场制气',
  descript:
    '华气云商为科研院所、炼化、环境监测、生物医药与汽车制造企业提供瓶装与特种气体、液态大宗气体、现场制气、气瓶及减压器一站式采购。',
  hotline: '400-820-6688',
  icp: '沪ICP备2021012345号-1',
  // The seller's licences (hazmat_part): 应急〔2022〕119号 asks a seller of hazardous chemicals on its own site to show them.
  licences: {
    hazardousLicence: {
      number: '沪（徐）应急管危经许〔2024〕000318',
      authority: '上海市徐汇区应急管理局',
      validFrom: '2024-03-15',
      validTo: '2027-03-14',
      scope: '氧、氮、氩、氦、氢、二氧化碳、乙炔、氨、氯、氯化氢、硅烷等（不带储存设施经营）',
    },
    businessLicence: { number: SUPPLIER_CREDIT_CODE, name: '华气云商（上海）气体科技有限公司' },
    publicSecurity: '沪公网安备31010402008123号',
  },
};

export const viewControl: ViewControl[] = [
  { viewName: 'cancel_part', isShow: 1 },
  { viewName: 'refund_part', isShow: 0 },
  // The gas features, extensions of the supplier's API (src/shared/view-control.ts): shown while isShow is 1.
  { viewName: 'cylinder_part', isShow: 1 },
  { viewName: 'coa_part', isShow: 1 },
  { viewName: 'quote_part', isShow: 1 },
  { viewName: 'company_part', isShow: 1 },
  { viewName: 'hazmat_part', isShow: 1 },
  { viewName: 'privacy_part', isShow: 1 },
  { viewName: 'standing_part', isShow: 1 },
  { viewName: 'tank_part', isShow: 1 },
  { viewName: 'credit_part', isShow: 1 },
  { viewName: 'preview_part', isShow: 1 },
  { viewName: 'delivery_part', isShow: 1 },
  { viewName: 'einvoice_part', isShow: 1 },
  { viewName: 'price_part', isShow: 1 },
  { viewName: 'quick_part', isShow: 1 },
  { viewName: 'punchout_part', isShow: 1 },
];

const nav = (id: number, parentId: number, categoryName: string, url: string, children: NavItem[] = []): NavItem => ({
  id,
  parentId,
  categoryName,
  url,
  children,
  lastchildren: children.some((c) => c.children.length > 0) ? 1 : 0,
});

/** Service and about categories; ids follow docs/product.md §9 (17 policies, 18 FAQ, 19 videos, 20 toolbox, 21 map, 52 ticket, 64 privacy; 41-43 about). */
export const navTree: NavItem[] = [
  nav(16, -1, '服务与支持', '/services', [
    nav(17, 16, '服务政策', '/services/policies'),
    nav(18, 16, '常见问题', '/services/common_problem', [
      nav(181, 18, '购买咨询', '/services/common_problem/list'),
      nav(182, 18, '配送与气瓶', '/services/common_problem/list'),
      nav(183, 18, '发票与付款', '/services/common_problem/list'),
    ]),
    nav(19, 16, '操作视频', '/services/operation_video', [nav(191, 19, '阀门操作', '/services/operation_video/valve')]),
    nav(20, 16, '工具箱', '/services/toolbox/sds', [
      nav(53, 20, '安全技术说明书', '/services/toolbox/sds'),
      nav(54, 20, '气体单位换算', '/services/toolbox/gas'),
    ]),
    nav(21, 16, '工厂分布', '/services/map'),
    nav(51, 16, '招商合作', '/services/partner'),
    nav(52, 16, '提交工单', '/services/submit_ticket'),
    nav(64, 16, '隐私政策', '/services/privacy'),
  ]),
  nav(40, -1, '关于我们', '/about', [
    nav(41, 40, '公司简介', '/about/my-about'),
    nav(42, 40, '新闻资讯', '/about/news'),
    nav(43, 40, '资质证书', '/about/certificate'),
  ]),
];

export const hotKeywords: string[] = ['高纯氮气', '氩气', '氦气', '液氮', '二氧化碳', '标准气体', '减压器', '乙炔'];

export const banners: Banner[] = [
  {
    id: 1,
    title: '高纯与电子特气',
    subtitle: '6N 级纯度，批次分析报告随货提供',
    pic: '/images/banners/1.svg',
    link: { type: 'CATEGORY', value: '101', pid: 1 },
    sort: 1,
  },
  {
    id: 2,
    title: '液氮液氧 槽车直送',
    subtitle: '全国多工厂就近配送，24 小时应急供气',
    pic: '/images/banners/2.svg',
    link: { type: 'CATEGORY', value: '302', pid: 3 },
    sort: 2,
  },
  {
    id: 3,
    title: '标准气体 定制配比',
    subtitle: 'CNAS 认可实验室，环境监测与校准用气',
    pic: '/images/banners/3.svg',
    link: { type: 'KEYWORD', value: '标准气体' },
    sort: 3,
  },
];

export const ads: Ad[] = [
  { id: 1, position: 'home-floor', title: '现场制氮 按需供气', pic: '/images/ads/1.svg', link: { type: 'CATEGORY', value: '401', pid: 4 } },
  {
    id: 2,
    position: 'home-floor',
    title: '气瓶检测与置换服务',
    pic: '/images/ads/2.svg',
    link: { type: 'URL', value: '/services/policies/172' },
  },
];
