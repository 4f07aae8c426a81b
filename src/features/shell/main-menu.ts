/** The static five-entry main menu (docs/product.md §2 "Header, menus and dialogs"); child links carry pid and id query values. */
import type { ViewControl } from '#src/shared/api/contract/site.ts';
import { featureShown } from '#src/shared/view-control.ts';
import { BULK_URL, MIXTURE_URL, ONSITE_URL, QUOTE_URL } from '#src/features/quotes/routes.ts';
import { serviceHref } from './service-menu.ts';

export interface MenuLink {
  label: string;
  href: string;
}
export interface MenuGroup {
  label: string;
  links: MenuLink[];
}
export interface MainMenuEntry {
  label: string;
  href: string;
  groups: MenuGroup[];
}

/** The five sectors of applications and solutions (docs/product.md §2). */
export const SECTORS = ['高校及科研院所', '石油炼化与天然气', '环境监测', '制药与生物科技', '汽车与制造业'] as const;

const q = (path: string, pid: number, id: number) => `${path}?${new URLSearchParams({ pid: String(pid), id: String(id) })}`;

/** Case categories: industry applications (pid 1) and solutions (pid 2), a sector each (ids 11-15, 21-25). */
const sectorLinks = (pid: number): MenuLink[] => SECTORS.map((label, i) => ({ label, href: q('/case/list', pid, pid * 10 + i + 1) }));

/** An entry whose drop-down is one group, named like the entry itself unless `group` names it. */
const section = (label: string, href: string, links: MenuLink[], group = label): MainMenuEntry => ({
  label,
  href,
  groups: [{ label: group, links }],
});

export const MAIN_MENU: MainMenuEntry[] = [
  { label: '首页', href: '/', groups: [] },
  {
    label: '应用与解决方案',
    href: '/case',
    groups: [
      { label: '行业应用', links: sectorLinks(1) },
      { label: '解决方案', links: sectorLinks(2) },
    ],
  },
  section(
    '气体百科',
    '/wiki',
    [
      { label: '高纯气体知识', href: q('/gases', 0, 1) },
      { label: '标准气体知识', href: q('/gases', 0, 2) },
      { label: '特种气体知识', href: q('/gases', 0, 3) },
      { label: '气瓶与减压器', href: q('/gases', 0, 4) },
      { label: '气体安全', href: q('/gases', 0, 5) },
    ],
    '气体知识',
  ),
  section('服务与支持', '/services/common_problem', [
    { label: '常见问题', href: serviceHref('/services/common_problem', 18, 16) },
    { label: '采购流程', href: '/services/purchase' },
    { label: '操作视频', href: serviceHref('/services/operation_video', 19, 16) },
    { label: '服务政策', href: serviceHref('/services/policies', 17, 16) },
    { label: '工具箱', href: serviceHref('/services/toolbox/sds', 20, 16) },
    { label: '工厂分布', href: serviceHref('/services/map', 21, 16) },
  ]),
  section('关于我们', '/about/my-about', [
    { label: '公司简介', href: serviceHref('/about/my-about', 41, 40) },
    { label: '新闻资讯', href: serviceHref('/about/news', 42, 40) },
    { label: '资质证书', href: serviceHref('/about/certificate', 43, 40) },
  ]),
];

/** At most this many categories in the category layer (docs/product.md §9). */
export const CATEGORY_MENU_MAX = 11;

/** Quote requests (docs/gas-features.md), a group of 应用与解决方案 while view control's `quote_part` is on. */
const QUOTE_GROUP: MenuGroup = {
  label: '定制询价',
  links: [
    { label: '在线询价', href: QUOTE_URL },
    { label: '标准混合气配置', href: MIXTURE_URL },
    { label: '液态大宗气体', href: BULK_URL },
    { label: '现场制气', href: ONSITE_URL },
  ],
};

/** The main menu as view control shows it: the static entries, plus the gas features' groups that are on. */
export function mainMenu(views: readonly ViewControl[]): MainMenuEntry[] {
  if (!featureShown(views, 'quote_part')) return MAIN_MENU;
  return MAIN_MENU.map((e) => (e.href === '/case' ? { ...e, groups: [...e.groups, QUOTE_GROUP] } : e));
}
