/**
 * The 20 first-tap cases (10 controls, each tapped on a phone and clicked on a desktop): first-tap.spec.ts asserts that each
 * first tap has its effect; `npm run measure:taps` (scripts/measure-taps.ts) times each one's painted response and effect.
 * Shared here so both read the same controls, pages and effects.
 */
import type { Locator, Page } from '@playwright/test';

export type Mode = 'tap' | 'click';

/** The two ways in: a phone tapped (390 x 844, touch) and a desktop clicked (1440 x 900). */
export const MODES = [
  { mode: 'tap' as Mode, use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 } },
  { mode: 'click' as Mode, use: { viewport: { width: 1440, height: 900 }, hasTouch: false, isMobile: false } },
];

/** What is on screen once the tap has done its work: an element that is visible and, optionally, shows a text or value. */
export interface Effect {
  css: string;
  text?: string;
  value?: string;
  attr?: [string, string];
}

/** A seeded SKU of shop 1 (高纯氮气 40L). */
export const N2 = 100101;

export interface TapCase {
  name: string;
  path: string;
  /** Who opens the page: a visitor, a fresh member, or a fresh member ready to order (company and address). */
  who: 'visitor' | 'member' | 'ordering';
  /** One line of N2 in the member's cart before the page opens. */
  cartLine?: boolean;
  control: (page: Page) => Locator;
  /** The effect on this page, or the next page (its URL and a text it shows). */
  effect: Effect | { url: RegExp; text: string };
  /** A native select: the option chosen after the tap. */
  choose?: string;
}

export const TAP_CASES: readonly TapCase[] = [
  {
    name: '登 录 (empty)',
    path: '/login',
    who: 'visitor',
    control: (p) => p.locator('main form.auth-form').getByRole('button', { name: '登 录' }),
    effect: { css: 'main .auth-form', text: '请输入手机号' },
  },
  {
    name: '加入购物车 (visitor)',
    path: '/goods/1001',
    who: 'visitor',
    control: (p) => p.locator('.buybox').getByRole('button', { name: '加入购物车' }),
    effect: { css: 'dialog[data-dialog="login"][open]' },
  },
  {
    name: '加入购物车 (member)',
    path: '/goods/1001',
    who: 'member',
    control: (p) => p.locator('.buybox').getByRole('button', { name: '加入购物车' }),
    effect: { css: '[data-cart-count]', text: '1' },
  },
  {
    name: '立即购买 (to the confirm page)',
    path: '/goods/1001',
    who: 'ordering',
    control: (p) => p.locator('.buybox').getByRole('button', { name: '立即购买' }),
    effect: { url: /\/Confirmorder\?way=BUY_NOW/, text: '填写并核对订单信息' },
  },
  {
    name: '+ (cart page)',
    path: '/shopping-cart',
    who: 'member',
    cartLine: true,
    control: (p) => p.locator(`.cart-page li[data-sku="${N2}"]`).getByRole('button', { name: '增加' }),
    effect: { css: `.cart-page li[data-sku="${N2}"] input[aria-label="购买数量"]`, value: '2' },
  },
  {
    name: '提交订单 (to the cashier)',
    path: '/Confirmorder',
    who: 'ordering',
    cartLine: true,
    control: (p) => p.getByRole('button', { name: '提交订单' }),
    effect: { url: /\/checkout\/cashier\?sn=/, text: '收银台' },
  },
  {
    name: '立即领取 (coupon centre)',
    path: '/member/my-coupon?tab=center',
    who: 'member',
    control: (p) =>
      p
        .locator('[data-coupon]')
        .first()
        .getByRole('button', { name: /立即领取/ }),
    effect: { css: '[data-coupon] button', text: '已领取' },
  },
  {
    name: '点赞 (case)',
    path: '/case/details/5',
    who: 'member',
    control: (p) => p.locator('section.kn-engage').getByRole('button', { name: /点赞/ }),
    effect: { css: 'section.kn-engage button[aria-pressed="true"]' },
  },
  {
    name: 'SKU chip 99.9999%',
    path: '/goods/1002',
    who: 'visitor',
    control: (p) => p.locator('.buybox').getByRole('button', { name: '99.9999%' }),
    effect: { css: '[data-testid="sku-text"]', text: '99.9999% - 40L 钢瓶 - 15 MPa' },
  },
  {
    name: 'gas select (converter)',
    path: '/services/toolbox/gas',
    who: 'visitor',
    control: (p) => p.getByLabel('气体', { exact: true }),
    effect: { css: '[data-toolbox] input[name="kg"]', value: '1,395.4' },
    choose: '氩气（Ar）',
  },
];
