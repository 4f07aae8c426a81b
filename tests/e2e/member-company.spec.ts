import { expect, test } from './fixtures.ts';
import { DEMO_MEMBER_NO_COMPANY } from '../support/member.ts';
import { loginToken, sandboxUrl, sandboxGet, sandboxPost, signIn } from './sandbox.ts';
import { hydrate, N2_SKU, PNG, RENAMED_TEXT, REGION } from './member-support.ts';

// Flows through the sandbox and several page loads: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

test.afterAll(async () => {
  // The second demo member goes back to having no company information, as seeded.
  await sandboxPost(`/__sandbox/company/${DEMO_MEMBER_NO_COMPANY.phone}/clear`, {});
});

test('the second demo member uploads company information (a renamed text file is refused) and can then check out', async ({
  context,
  baseURL,
  page,
}) => {
  const token = await loginToken(DEMO_MEMBER_NO_COMPANY.phone);
  const address = await sandboxPost<{ id: number }>(
    '/member/address/save',
    { name: '李工', phone: '13900139000', regionIds: REGION.ids, regionText: REGION.text, detail: '梁溪路 8 号' },
    token,
  );
  await sandboxPost('/cart/add', { sku_id: N2_SKU, num: 1, way: 'CART' }, token);
  expect((await sandboxPost<{ companyReady: boolean }>('/order/confirm', { way: 'CART' }, token)).companyReady).toBe(false);
  await expect(sandboxPost('/order/create/CART', { addressId: address.id }, token)).rejects.toThrow('请先在会员中心上传企业信息');
  await signIn(context, baseURL!, DEMO_MEMBER_NO_COMPANY.phone);
  await page.goto('/member/my-account');
  await expect(page.locator('#company .m-badge')).toHaveText('未提交');
  await expect(page.getByText('未认证企业信息')).toBeVisible();
  await hydrate(page);
  const form = page.getByRole('form', { name: '企业信息' });
  await form.getByRole('button', { name: '提交企业信息' }).click();
  await expect(form.locator('.m-error', { hasText: '请输入企业名称' })).toBeVisible();
  await form.getByLabel('企业名称').fill('无锡恒达焊接工程有限公司');
  await form.getByLabel('统一社会信用代码 / 税号').fill('9132');
  await form.getByRole('textbox', { name: '联系人', exact: true }).fill('李工');
  await form.getByLabel('联系人手机号').fill('13900139000');
  await form.getByRole('button', { name: '提交企业信息' }).click();
  await expect(form.locator('.m-error', { hasText: '税号格式错误' })).toBeVisible();
  await expect(form.locator('.m-error', { hasText: '请上传营业执照' })).toBeVisible();

  const licence = form.getByLabel('营业执照');
  await licence.setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: RENAMED_TEXT });
  await expect(form.locator('.m-error', { hasText: '仅支持上传 JPG、PNG、PDF 格式的文件' })).toBeVisible();
  await licence.setInputFiles({ name: 'empty.png', mimeType: 'image/png', buffer: Buffer.alloc(0) });
  await expect(form.locator('.m-error', { hasText: '文件内容为空' })).toBeVisible();
  await licence.setInputFiles({
    name: 'big.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5 * 1024 * 1024)]),
  });
  await expect(form.locator('.m-error', { hasText: '文件大小不能超过 5MB' })).toBeVisible();
  await licence.setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByText('图片：licence.png')).toBeVisible();
  await form
    .getByLabel('危险化学品经营许可证')
    .setInputFiles({ name: 'permit.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(form.getByText('文件：permit.pdf')).toBeVisible();
  await form.getByLabel('统一社会信用代码 / 税号').fill('91320211MA1P8HX27K');
  await form.getByRole('button', { name: '提交企业信息' }).click();
  await expect(page.getByText('企业信息已审核通过，现在可以下单了')).toBeVisible();
  await expect(page.locator('#company .m-badge')).toHaveText('审核通过');
  await expect(page.getByText('企业已认证')).toBeVisible();

  // Checking out is open now: the preview says so and the order is placed.
  expect((await sandboxPost<{ companyReady: boolean }>('/order/confirm', { way: 'CART' }, token)).companyReady).toBe(true);
  const { sn } = await sandboxPost<{ sn: string }>('/order/create/CART', { addressId: address.id }, token);
  expect((await sandboxGet<{ status: string }>(`/order/detail/${sn}`, token)).status).toBe('NEW');
  // Leave the demo member as seeded for other spec files: no open order, no address.
  await sandboxPost(`/order/cancel/${sn}`, { reason: '测试订单' }, token);
  await sandboxPost('/member/address/del', { id: address.id }, token);
});

test('the upload refuses a renamed non-image, an empty and an oversized file on the server too', async () => {
  const token = await loginToken();
  const upload = async (name: string, bytes: Buffer) => {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(bytes)]), name);
    const res = await fetch(`${sandboxUrl()}/api/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
    return ((await res.json()) as { msg: string }).msg;
  };
  expect(await upload('licence.jpg', RENAMED_TEXT)).toBe('仅支持上传 JPG、PNG、PDF 格式的文件');
  expect(await upload('licence.png', Buffer.alloc(0))).toBe('文件内容为空');
  expect(await upload('big.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]))).toBe('文件大小不能超过 5MB');
});
