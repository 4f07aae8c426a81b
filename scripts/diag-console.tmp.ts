import { chromium } from '@playwright/test';
import { TEMPLATES } from '../tests/e2e/templates.ts';
process.env.E2E_SANDBOX_URL = `http://127.0.0.1:${process.env.SB ?? 4112}`;
const { signIn } = await import('../tests/e2e/sandbox.ts');
const base = `http://127.0.0.1:${process.env.PT ?? 4423}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const member of [false, true]) {
  const ctx = await browser.newContext({ locale: 'zh-CN', viewport: { width: Number(process.env.W ?? 390), height: 844 } });
  if (member) await signIn(ctx, base);
  await ctx.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP ${e.violatedDirective} ${e.sourceFile}:${e.lineNumber} sample=${e.sample}`)));
  for (const t of TEMPLATES) {
    if (process.env.ONLY && !t.path.includes(process.env.ONLY)) continue;
    const page = await ctx.newPage();
    const errs: string[] = [];
    page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && errs.push(`${m.type()}: ${m.text().slice(0, 300)}`));
    page.on('pageerror', (e) => errs.push(`pageerror: ${e.message.slice(0, 300)}`));
    await page.goto(base + t.path, { waitUntil: 'load' });
    await page.mouse.move(10, 10); await page.mouse.move(200, 300);
    await page.keyboard.press('Tab');
    await page.waitForTimeout(800);
    if (errs.length) console.log(member ? 'M' : 'V', t.path, '\n   ' + errs.join('\n   '));
    await page.close();
  }
  await ctx.close();
}
await browser.close();
