// With company_part off the company pages are gone (serial: the switch is seen by every page of its site, and buying on credit
// reads the member's company through company buying, so credit.spec.ts beside it in the parallel pool lost its account).
import { expect, test } from './fixtures.ts';
import { sandboxPost } from './sandbox.ts';
import { orderingMember, signInWith } from './member-support.ts';

const setCompanyPart = (isShow: 0 | 1) => sandboxPost('/__sandbox/view-control', { viewName: 'company_part', isShow });

test('with company_part off the company pages are not found and the menu has no 企业采购', async ({ page, context, baseURL }) => {
  const admin = await orderingMember();
  await signInWith(context, baseURL!, admin.token);
  const shown = await page.goto('/member/my-company');
  expect(shown?.status()).toBe(200);
  await expect(page.getByRole('navigation', { name: '会员中心菜单' }).getByRole('link', { name: '企业账户' })).toBeVisible();
  try {
    await setCompanyPart(0);
    for (const path of ['/member/my-company', '/member/my-approvals', '/member/my-statement'])
      expect((await page.goto(path))?.status()).toBe(404);
    await page.goto('/member');
    await expect(page.getByRole('navigation', { name: '会员中心菜单' }).getByRole('link', { name: '企业账户' })).toHaveCount(0);
    // The order list has no PO search, and a PO in its address lists every order as before.
    await page.goto('/member/my-order?po=PO-1');
    await expect(page.getByRole('search', { name: '按采购单号查找订单' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: '订单状态' })).toBeVisible();
  } finally {
    await setCompanyPart(1);
  }
});
