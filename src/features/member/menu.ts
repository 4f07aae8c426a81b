/** The member centre's menu (docs/product.md §2 member area children), grouped as the side bar and the phone menu page show it. */
import type { ViewControl } from '#src/shared/api/contract/site.ts';
import { featureShown, type FeatureView } from '#src/shared/view-control.ts';

export type MemberSection =
  | 'index'
  | 'my-order'
  | 'my-aftersales'
  | 'my-invoice'
  | 'my-certificates'
  | 'my-coupon'
  | 'my-integral'
  | 'my-service'
  | 'my-toolkit'
  | 'my-account'
  | 'my-accountsafe'
  | 'my-address'
  | 'my-cylinders'
  | 'my-quotes'
  // Company buying (contract/company.ts), shown while company_part is on.
  | 'my-company'
  | 'my-approvals'
  | 'my-statement'
  | 'my-permit'
  | 'my-standing-orders'
  // Agreed prices (contract/prices.ts), shown while price_part is on.
  | 'my-prices'
  // Bulk tanks (contract/tanks.ts), shown while tank_part is on.
  | 'my-tanks';

export interface MenuItem {
  section: MemberSection;
  label: string;
  href: string;
  /** A gas feature's section is listed only while its view-control entry is on. */
  view?: FeatureView;
}

/** `/member` for the overview, `/member/{section}` for the others. */
export const memberUrl = (section: MemberSection): string => (section === 'index' ? '/member' : `/member/${section}`);
export const MEMBER_MENU_URL = '/member/menu';

const item = (section: MemberSection, label: string, view?: FeatureView): MenuItem => ({
  section,
  label,
  href: memberUrl(section),
  ...(view ? { view } : {}),
});

export const MEMBER_MENU: { title: string; items: MenuItem[] }[] = [
  {
    title: '交易管理',
    items: [
      item('my-order', '我的订单'),
      item('my-aftersales', '售后服务'),
      item('my-invoice', '我的发票'),
      item('my-certificates', '质量证书', 'coa_part'),
      item('my-quotes', '我的询价', 'quote_part'),
      item('my-standing-orders', '定期订单', 'standing_part'),
    ],
  },
  {
    title: '企业采购',
    items: [
      item('my-company', '企业账户', 'company_part'),
      item('my-approvals', '订单审批', 'company_part'),
      item('my-statement', '月度对账单', 'company_part'),
      item('my-prices', '我的协议价', 'price_part'),
    ],
  },
  {
    title: '我的资产',
    items: [
      item('my-coupon', '我的优惠券'),
      item('my-integral', '我的积分'),
      item('my-cylinders', '我的钢瓶', 'cylinder_part'),
      item('my-tanks', '我的储罐', 'tank_part'),
    ],
  },
  { title: '服务中心', items: [item('my-service', '服务工单'), item('my-toolkit', '常用工具')] },
  {
    title: '账户设置',
    items: [
      item('my-account', '账户信息'),
      item('my-accountsafe', '账户安全'),
      item('my-address', '收货地址'),
      item('my-permit', '危化品购买许可', 'hazmat_part'),
    ],
  },
];

/** The menu as a member sees it: gas features' sections only while view control shows them, empty groups left out. */
export function visibleMenu(views: readonly ViewControl[]): typeof MEMBER_MENU {
  return MEMBER_MENU.map((g) => ({ ...g, items: g.items.filter((i) => !i.view || featureShown(views, i.view)) })).filter(
    (g) => g.items.length > 0,
  );
}

/** The label of a section, for titles and breadcrumbs. */
export function sectionLabel(section: MemberSection): string {
  if (section === 'index') return '会员中心';
  return MEMBER_MENU.flatMap((g) => g.items).find((i) => i.section === section)!.label;
}
