/** Sign-in words (device, browser, masked IP), the copy's ZIP, and the published lists. */
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { clientIp, describeDevice, maskIp } from '#src/features/privacy/device.ts';
import { exportFileName, personalDataZip, summaryHtml } from '#src/features/privacy/export.ts';
import { COLLECTION_LIST, SHARING_LIST } from '#src/features/privacy/lists.ts';

describe('device in words', () => {
  const cases: [string, string][] = [
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Windows 电脑 · Chrome 浏览器',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Windows 电脑 · Edge 浏览器',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49',
      'iPhone · 微信内置浏览器',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'iPhone · Safari 浏览器',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; V2307A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 QQBrowser/15.0',
      '安卓手机 · QQ 浏览器',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5; rv:128.0) Gecko/20100101 Firefox/128.0', 'Mac 电脑 · Firefox 浏览器'],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Linux 电脑 · Chrome 浏览器',
    ],
    ['curl/8.5.0', '未知设备 · 程序接口'],
    ['', '未知设备'],
  ];
  it.each(cases)('%s', (ua, words) => expect(describeDevice(ua)).toBe(words));
});

describe('masked IP', () => {
  it('masks the last part of IPv4, IPv4-mapped and IPv6 addresses', () => {
    expect(maskIp('203.0.113.45')).toBe('203.0.113.*');
    expect(maskIp('::ffff:127.0.0.1')).toBe('127.0.0.*');
    expect(maskIp('2408:8207:1234:5678:9abc::1')).toBe('2408:8207:1234:5678:*');
    expect(maskIp('300.1.1.1')).toBe('未知');
    expect(maskIp('')).toBe('未知');
  });
  it('takes the first hop of X-Forwarded-For, else the socket', () => {
    expect(clientIp('198.51.100.7, 10.0.0.1', '10.0.0.1')).toBe('198.51.100.7');
    expect(clientIp(null, '10.0.0.2')).toBe('10.0.0.2');
  });
});

describe('the copy', () => {
  const data = {
    generatedAt: Date.UTC(2026, 10, 27, 2, 0),
    profile: { phone: '15700157001', username: '用户7001' },
    sections: [
      { key: 'addresses', title: '收货地址', rows: [{ name: '孙工', detail: '太湖大道 1 号 <b>' }] },
      { key: 'tickets', title: '服务工单', rows: [] },
    ],
  };
  it('holds data.json (the same data), summary.html (escaped) and a readme', () => {
    const files = unzipSync(personalDataZip(data));
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'data.json', 'summary.html']);
    expect(JSON.parse(strFromU8(files['data.json']!))).toEqual(data);
    const html = strFromU8(files['summary.html']!);
    expect(html).toContain('15700157001');
    expect(html).toContain('太湖大道 1 号 &lt;b&gt;');
    expect(html).toContain('服务工单</h2><p>（无）');
  });
  it('names the file by the China date', () => {
    expect(exportFileName(Date.UTC(2026, 10, 27, 20))).toBe('personal-data-2026-11-28.zip');
    expect(summaryHtml(data)).toContain('2026-11-27 10:00:00');
  });
});

describe('the published lists', () => {
  it('say for each item what, why, which feature and how long', () => {
    expect(COLLECTION_LIST.length).toBeGreaterThanOrEqual(8);
    for (const i of COLLECTION_LIST) for (const f of [i.what, i.why, i.feature, i.kept]) expect(f.length).toBeGreaterThan(1);
    expect(COLLECTION_LIST.some((i) => i.what.includes('手机号'))).toBe(true);
  });
  it('name carriers, payment, SMS and invoicing among the recipients, each with what, why and how', () => {
    const who = SHARING_LIST.map((r) => r.who).join(' ');
    for (const k of ['承运商', '支付', '短信', '发票']) expect(who).toContain(k);
    for (const r of SHARING_LIST) for (const f of [r.what, r.why, r.how]) expect(f.length).toBeGreaterThan(1);
  });
});
