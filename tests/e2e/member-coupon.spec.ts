import { expect, test } from './fixtures.ts';
import { sandboxGet } from './sandbox.ts';
import { freshMember, hydrate, signInWith } from './member-support.ts';

// Flows through the sandbox and several page loads: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

test('a coupon is received in the coupon centre and then listed as unused', async ({ context, baseURL, page }) => {
  const m = await freshMember();
  await signInWith(context, baseURL!, m.token);
  await page.goto('/member/my-coupon');
  await expect(page.getByText('暂无未使用的优惠券')).toBeVisible();
  await page.getByRole('link', { name: '去领券中心', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '领券中心' })).toBeVisible();
  await hydrate(page);
  const first = page.locator('[data-coupon]').first();
  const title = (await first.locator('h3').textContent())!;
  await first.getByRole('button', { name: /立即领取/ }).click();
  await expect(page.getByText(`已领取 ${title}`)).toBeVisible();
  await expect(first.getByRole('button', { name: /已领取/ })).toBeVisible();
  expect((await sandboxGet<{ list: { title: string; status: string }[] }>('/member/coupon/list', m.token)).list).toMatchObject([
    { title, status: 'unused' },
  ]);
  await page.goto('/member/my-coupon?tab=unused');
  await expect(page.locator('.m-coupon h3')).toHaveText([title]);
});

test('points show the balance and the paged history', async ({ context, baseURL, page }) => {
  await (await import('./sandbox.ts')).signIn(context, baseURL!);
  await page.goto('/member/my-integral');
  await expect(page.locator('.balance strong')).toHaveText('1260');
  await expect(page.getByRole('table')).toContainText('企业认证奖励');
});
