import { chromium } from 'playwright-core';
import { measurePage } from './scripts/lib/js-weight.ts';
process.env.E2E_SANDBOX_URL = 'http://127.0.0.1:4511';
const { signIn, loginToken, sandboxPost } = await import('./tests/e2e/sandbox.ts');
const t = await loginToken();
await sandboxPost('/cart/add', { sku_id: 100101, num: 1, way: 'CART' }, t);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const p of process.argv.slice(2)) {
  const w = await measurePage(b, 'http://127.0.0.1:4522', p, (c) => signIn(c, 'http://127.0.0.1:4522').then(() => undefined));
  console.log(p, (w.gzipBytes / 1024).toFixed(1), 'KB', w.files.length, 'scripts');
}
await b.close();
