import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
for (const kw of process.argv.slice(2)) {
  await page.goto(`http://127.0.0.1:4622/search?keyword=${encodeURIComponent(kw)}#knowledge`);
  await page.locator('#knowledge[data-state="done"], #knowledge[data-state="empty"]').waitFor({ state: "attached", timeout: 20000 });
  const first = page.locator('#knowledge li').first();
  console.log(kw, '=>', (await first.innerText()).replace(/\n/g, ' | '));
}
const data = await page.evaluate(async () => {
  const pf = await import('/pagefind/encyclopedia/pagefind.js');
  await pf.options({ excerptLength: 36 });
  const r = await pf.search('氮气');
  const d = await r.results[0].data();
  return { url: d.url, excerpt: d.excerpt, anchors: d.anchors, sub: d.sub_results.map((s) => ({ url: s.url, ex: s.excerpt, n: s.locations.length })), wl: d.weighted_locations.slice(0, 30), words: d.word_count };
});
console.log(JSON.stringify(data, null, 1));
await browser.close();
