// Throwaway (not committed): one Lighthouse run per page with its metrics.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
for (const path of (process.env.PATHS ?? '/gases,/wiki,/services/toolbox/sds').split(',')) {
  const lhr = (await lighthouse('http://127.0.0.1:4721' + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }))!.lhr;
  const m = (id: string) => `${id}=${lhr.audits[id]?.displayValue}(${lhr.audits[id]?.score})`;
  console.log(path, Math.round(lhr.categories.performance!.score! * 100), m('first-contentful-paint'), m('largest-contentful-paint'), m('total-blocking-time'), m('cumulative-layout-shift'), m('speed-index'));
}
await chrome.kill();
