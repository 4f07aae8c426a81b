/** A sign-in's device and browser in words, and its IP address with the last part masked (sign-in history). */

const OS: [RegExp, string][] = [
  [/HarmonyOS/i, '鸿蒙设备'],
  [/iPhone/i, 'iPhone'],
  [/iPad/i, 'iPad'],
  [/Android/i, '安卓手机'],
  [/Windows/i, 'Windows 电脑'],
  [/Mac OS X|Macintosh/i, 'Mac 电脑'],
  [/CrOS/i, 'Chromebook'],
  [/Linux/i, 'Linux 电脑'],
];
// Order matters: these UAs all say "Safari", Edge and most Chinese browsers also say "Chrome".
const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger/i, '微信内置浏览器'],
  [/DingTalk/i, '钉钉内置浏览器'],
  [/Edg(e|A|iOS)?\//i, 'Edge 浏览器'],
  [/QQBrowser/i, 'QQ 浏览器'],
  [/UCBrowser|UCWEB/i, 'UC 浏览器'],
  [/360SE|360EE|QihooBrowser/i, '360 浏览器'],
  [/SogouMobileBrowser|SE 2\.X MetaSr/i, '搜狗浏览器'],
  [/HuaweiBrowser/i, '华为浏览器'],
  [/OPR\/|Opera/i, 'Opera 浏览器'],
  [/Firefox|FxiOS/i, 'Firefox 浏览器'],
  [/Chrome|CriOS|Chromium/i, 'Chrome 浏览器'],
  [/Safari/i, 'Safari 浏览器'],
];

/** e.g. "Windows 电脑 · Chrome 浏览器"; an empty or unknown agent says so. */
export function describeDevice(userAgent: string): string {
  const ua = userAgent.trim();
  if (!ua) return '未知设备';
  const os = OS.find(([re]) => re.test(ua))?.[1] ?? '未知设备';
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  if (!browser) return /curl|python|okhttp|java|node|undici/i.test(ua) ? `${os} · 程序接口` : os;
  return `${os} · ${browser}`;
}

/** 203.0.113.45 -> 203.0.113.*; IPv6 keeps its first four groups; IPv4-mapped IPv6 reads as IPv4; anything else "未知". */
export function maskIp(raw: string): string {
  const ip = raw.trim().replace(/^::ffff:/i, '');
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (v4 && v4.slice(1).every((p) => Number(p) <= 255)) return `${v4[1]}.${v4[2]}.${v4[3]}.*`;
  if (/^[0-9a-f:]+$/i.test(ip) && ip.includes(':')) {
    const groups = ip.split(':').filter((g, i, all) => g !== '' || (i > 0 && i < all.length - 1));
    return `${groups.slice(0, 4).join(':')}:*`;
  }
  return '未知';
}

/** The client's address from X-Forwarded-For (the first hop, which our own front server set) or the socket's. */
export function clientIp(forwardedFor: string | null, socket: string | null): string {
  const first = forwardedFor?.split(',')[0]?.trim();
  return first || socket || '';
}
