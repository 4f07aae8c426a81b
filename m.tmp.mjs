import { chromium } from 'playwright-core';
import { measurePage } from './scripts/lib/js-weight.ts';
process.env.E2E_SANDBOX_URL = 'http://127.0.0.1:4511';
const { signIn } = await import('./tests/e2e/sandbox.ts');
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const w = await measurePage(b, 'http://127.0.0.1:4522', '/member/my-coupon?tab=center', (c) => signIn(c, 'http://127.0.0.1:4522').then(() => undefined));
console.log('/member/my-coupon?tab=center', (w.gzipBytes / 1024).toFixed(1), 'KB');
await b.close();
