/** The main templates every gate measures (here, since nothing outside tests/ imports from tests/): the template sweep (templates.spec: JS budget, axe, no sideways scroll, a clean console), measure:js and Lighthouse (measure:lighthouse). Adding a template is one line here. */

/** Budget class of a template: content <= 6 KB in <= 4 script requests, goods <= 12 KB, member (member, cart, checkout) <= 90 KB, a private page's visitor (sign-in prompt) <= 30 KB of JS before interaction, gzip (scripts/lib/js-weight.ts BUDGETS, SCRIPT_LIMITS). */
export type TemplateKind = 'content' | 'goods' | 'member' | 'sign-in' | 'configurator';

export interface Template {
  /** Short name shown in test titles and tables. */
  name: string;
  path: string;
  kind: TemplateKind;
  /** Measured with a demo member signed in (private pages show only the sign-in panel to visitors). */
  signedIn?: boolean;
  /** Where Lighthouse measures it when `path` cannot be scored (Lighthouse refuses a document answered with 404). */
  lighthousePath?: string;
  /** Left out of the Lighthouse gate (axe and the JS budget still run): private pages, and pages whose template another entry already measures. */
  skipLighthouse?: boolean;
}

export const TEMPLATES: readonly Template[] = [
  { name: 'home', path: '/', kind: 'content' },
  { name: 'article', path: '/services/policies/381', kind: 'content' },
  { name: 'services index', path: '/services/policies', kind: 'content', skipLighthouse: true },
  { name: 'shop', path: '/shop/1', kind: 'goods', skipLighthouse: true },
  { name: '404', path: '/no/such/page', kind: 'content', lighthousePath: '/404.html' },
  { name: 'goods list', path: '/goods?pageSize=16&pageNumber=1', kind: 'goods' },
  { name: 'goods detail', path: '/goods/1001', kind: 'goods' },
  { name: 'search', path: '/search?keyword=%E6%B0%AE%E6%B0%94', kind: 'goods', skipLighthouse: true },
  { name: 'converter', path: '/services/toolbox/gas', kind: 'content' },
  { name: 'SDS', path: '/services/toolbox/sds/1', kind: 'content' },
  { name: 'encyclopedia', path: '/gases', kind: 'content' },
  { name: 'gas entry', path: '/gases/details/1', kind: 'content' },
  { name: 'knowledge hub', path: '/wiki', kind: 'content', skipLighthouse: true },
  { name: 'login', path: '/login', kind: 'content', skipLighthouse: true },
  { name: 'cart', path: '/shopping-cart', kind: 'member', signedIn: true, skipLighthouse: true },
  { name: 'confirm order', path: '/Confirmorder', kind: 'member', signedIn: true, skipLighthouse: true },
  { name: 'member centre', path: '/member', kind: 'member', signedIn: true, skipLighthouse: true },
  { name: 'member orders', path: '/member/my-order', kind: 'member', signedIn: true, skipLighthouse: true },
  { name: 'member cylinders', path: '/member/my-cylinders', kind: 'member', signedIn: true, skipLighthouse: true },
  { name: 'cylinder trace', path: '/cylinder/SZ21040077', kind: 'content', skipLighthouse: true },
  { name: 'member certificates', path: '/member/my-certificates', kind: 'member', signedIn: true, skipLighthouse: true },
  { name: 'company account', path: '/member/my-company', kind: 'member', signedIn: true, skipLighthouse: true },
  { name: 'member permits', path: '/member/my-permit', kind: 'member', signedIn: true, skipLighthouse: true },
  { name: 'member centre, visitor', path: '/member', kind: 'sign-in', skipLighthouse: true },
  { name: 'ask a question, visitor', path: '/community/add', kind: 'sign-in', skipLighthouse: true },
  { name: 'cases', path: '/case', kind: 'content', skipLighthouse: true },
  { name: 'case detail', path: '/case/details/1', kind: 'content' },
  { name: 'news', path: '/about/news', kind: 'content', skipLighthouse: true },
  { name: 'news detail', path: '/about/news/1', kind: 'content' },
  { name: 'community', path: '/community', kind: 'content' },
  { name: 'FAQ', path: '/services/common_problem', kind: 'content', skipLighthouse: true },
  { name: 'operation videos', path: '/services/operation_video', kind: 'content', skipLighthouse: true },
  { name: 'factory map', path: '/services/map', kind: 'content' },
  { name: 'company profile', path: '/about/my-about', kind: 'content', skipLighthouse: true },
  { name: 'certificates', path: '/about/certificate', kind: 'content', skipLighthouse: true },
  { name: 'mixture configurator', path: '/quote/mixture', kind: 'configurator', skipLighthouse: true },
  { name: 'bulk quote', path: '/quote/bulk', kind: 'goods', skipLighthouse: true },
  { name: 'my quotes', path: '/member/my-quotes', kind: 'member', signedIn: true, skipLighthouse: true },
  { name: 'standing orders', path: '/member/my-standing-orders', kind: 'member', signedIn: true, skipLighthouse: true },
  { name: 'new standing order', path: '/member/my-standing-orders/new', kind: 'member', signedIn: true, skipLighthouse: true },
  { name: 'my tanks', path: '/member/my-tanks', kind: 'member', signedIn: true, skipLighthouse: true },
  { name: 'my agreed prices', path: '/member/my-prices', kind: 'member', signedIn: true, skipLighthouse: true },
];
