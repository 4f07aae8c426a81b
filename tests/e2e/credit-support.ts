/** What the credit specs share (docs/credit.md): the slip, paying bills by transfer, waiting for an island. */
import { expect, type Page } from './fixtures.ts';

/** A PNG header and a few bytes: the upload tells the type by content. */
export const SLIP = {
  name: '回单.png',
  mimeType: 'image/png',
  buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
};
export interface Account {
  availableFen: number;
  usedFen: number;
  hold: { billIds: number[] } | null;
}

/** Waits until an island (client:idle) is React's: a click before that would do nothing. */
export const islandLive = (page: Page, name: string) =>
  page.locator(`astro-island[component-url*="${name}"]:not([ssr])`).waitFor({ state: 'attached' });

/** Pays the ticked bills on /member/my-bills: the code shown, the slip uploaded; answers the code. */
export async function payByTransfer(page: Page): Promise<{ code: string; amountFen: number }> {
  await page.goto('/member/my-bills');
  await islandLive(page, 'BillPayment');
  const pay = page.locator('[data-bill-payment]');
  await pay.getByRole('button', { name: '获取汇款识别码' }).click();
  const code = (await pay.locator('[data-remittance-code]').textContent())!.trim();
  expect(code).toMatch(/^HK\d{7}$/);
  const amount = (await pay.getByText(/^转账金额：/).textContent())!;
  await pay.locator('input[type="file"]').setInputFiles(SLIP);
  await pay.getByRole('button', { name: '提交汇款凭证' }).click();
  await expect(pay.locator('[data-slip-sent]')).toBeVisible();
  return { code, amountFen: Math.round(Number(amount.replace(/[^\d.]/g, '')) * 100) };
}
