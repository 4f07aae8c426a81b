/**
 * The copy of a member's personal information (PIPL Art. 45: 查阅、复制): one ZIP holding the data as JSON (for a program,
 * and for moving to another processor) and an HTML summary (for a person), built with fflate.
 */
import { chinaDateTime } from '#src/shared/formats/china-time.ts';
import { strToU8, zipSync } from 'fflate';
import { describeDevice, maskIp } from './device.ts';

/** The export as the backend answers it: named sections, each a list of records or one record. */
export interface PersonalData {
  generatedAt: number;
  profile: Record<string, unknown>;
  sections: { key: string; title: string; rows: Record<string, unknown>[] }[];
}

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return esc(JSON.stringify(v));
  return esc(String(v));
}

/** A readable page: the profile, then one table per section with every field the JSON has. */
export function summaryHtml(d: PersonalData): string {
  const profile = Object.entries(d.profile)
    .map(([k, v]) => `<tr><th>${esc(k)}</th><td>${cell(v)}</td></tr>`)
    .join('');
  const sections = d.sections
    .map((s) => {
      if (!s.rows.length) return `<h2>${esc(s.title)}</h2><p>（无）</p>`;
      const keys = [...new Set(s.rows.flatMap((r) => Object.keys(r)))];
      const head = keys.map((k) => `<th>${esc(k)}</th>`).join('');
      const body = s.rows.map((r) => `<tr>${keys.map((k) => `<td>${cell(r[k])}</td>`).join('')}</tr>`).join('');
      return `<h2>${esc(s.title)}（${s.rows.length}）</h2><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
    })
    .join('\n');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>我的个人信息副本</title>
<style>body{font:14px/1.6 system-ui,sans-serif;margin:24px;color:#1f2d3d}table{border-collapse:collapse;margin-bottom:16px}th,td{border:1px solid #ccd6e0;padding:4px 8px;text-align:left;vertical-align:top}th{background:#f2f5f8}</style>
</head><body><h1>我的个人信息副本</h1><p>生成时间（北京时间）：${chinaDateTime(d.generatedAt)}。机器可读的完整数据见同一压缩包中的 data.json。</p>
<h2>账户资料</h2><table>${profile}</table>
${sections}</body></html>`;
}

/** The ZIP: data.json, summary.html and a short readme. */
export function personalDataZip(d: PersonalData): Uint8Array {
  const readme = `个人信息副本\n\ndata.json    全部数据（JSON，UTF-8），便于程序读取或转移给其他服务方\nsummary.html 同一数据的可读版本，用浏览器打开\n\n生成时间（北京时间）：${chinaDateTime(d.generatedAt)}\n`;
  return zipSync({
    'data.json': strToU8(JSON.stringify(d, null, 2)),
    'summary.html': strToU8(summaryHtml(d)),
    'README.txt': strToU8(readme),
  });
}

/** The sign-in as the history shows it. */
export const signInWords = (r: { userAgent: string; ip: string }): { device: string; ip: string } => ({
  device: describeDevice(r.userAgent),
  ip: maskIp(r.ip),
});

export const exportFileName = (at: number): string => `personal-data-${chinaDateTime(at).slice(0, 10)}.zip`;
