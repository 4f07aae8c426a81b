/** Writes the shop's hand-drawn SVG pictures into public/ (logo, favicon, category icons, banners, ads, shop logos, goods); deterministic: `node scripts/seed-images.ts`. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PUBLIC = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const BRAND = '#0b5cad';
const BRAND_DARK = '#084584';
const SOFT = '#e8f1fb';
const ACCENT = '#f08c00';
const FONT = `font-family="'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','Source Han Sans SC',sans-serif"`;

const files = new Map<string, string>();
/** Numbers with at most one decimal keep the files small. */
const n = (x: number) => String(Math.round(x * 10) / 10);

function svg(w: number, h: number, body: string, defs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${defs ? `<defs>${defs}</defs>` : ''}${body}</svg>`;
}

function text(x: number, y: number, s: string, size: number, fill: string, extra = ''): string {
  return `<text x="${n(x)}" y="${n(y)}" font-size="${n(size)}" fill="${fill}" text-anchor="middle" ${FONT} ${extra}>${s}</text>`;
}

// ---------------------------------------------------------------- shared goods defs and parts

const GOODS_DEFS = [
  '<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7fafd"/><stop offset="1" stop-color="#e2ebf5"/></linearGradient>',
  '<linearGradient id="shade" x1="0" x2="1"><stop offset="0" stop-color="#000" stop-opacity=".3"/><stop offset=".2" stop-color="#fff" stop-opacity=".3"/><stop offset=".42" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".34"/></linearGradient>',
  '<linearGradient id="metal" x1="0" x2="1"><stop offset="0" stop-color="#8793a1"/><stop offset=".22" stop-color="#f4f7fa"/><stop offset=".5" stop-color="#c9d1da"/><stop offset="1" stop-color="#788493"/></linearGradient>',
  '<linearGradient id="brass" x1="0" x2="1"><stop offset="0" stop-color="#94701a"/><stop offset=".35" stop-color="#f3d97e"/><stop offset="1" stop-color="#9c761c"/></linearGradient>',
  '<linearGradient id="white" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset=".6" stop-color="#e8eef4"/><stop offset="1" stop-color="#b8c4d1"/></linearGradient>',
].join('');

function goods(name: string, body: string, defs = ''): void {
  files.set(
    `images/goods/${name}.svg`,
    svg(800, 800, `<rect width="800" height="800" fill="url(#bg)"/><ellipse cx="400" cy="712" rx="310" ry="24" fill="#c9d6e6" opacity=".6"/>${body}`, GOODS_DEFS + defs),
  );
}

interface Cyl {
  cx: number;
  bottom: number;
  w: number;
  h: number;
  color: string;
  label?: string;
  labelColor?: string;
  valve?: 'brass' | 'metal';
  rings?: boolean;
}

/** A gas cylinder painted per GB/T 7144: body colour, vertical lettering, anti-shock rings and a valve with handwheel. */
function cylinder(c: Cyl): string {
  const { cx, bottom, w, h } = c;
  const x0 = cx - w / 2;
  const x1 = cx + w / 2;
  const top = bottom - h;
  const sh = w * 0.5;
  const nw = w * 0.16;
  const rb = w * 0.1;
  const path = `M${n(x0)} ${n(bottom - rb)}V${n(top + sh)}C${n(x0)} ${n(top + sh * 0.25)} ${n(cx - w * 0.3)} ${n(top)} ${n(cx - nw)} ${n(top)}H${n(cx + nw)}C${n(cx + w * 0.3)} ${n(top)} ${n(x1)} ${n(top + sh * 0.25)} ${n(x1)} ${n(top + sh)}V${n(bottom - rb)}Q${n(x1)} ${n(bottom)} ${n(x1 - rb)} ${n(bottom)}H${n(x0 + rb)}Q${n(x0)} ${n(bottom)} ${n(x0)} ${n(bottom - rb)}Z`;
  const v = c.valve ?? 'brass';
  let out = `<rect x="${n(cx - nw * 0.8)}" y="${n(top - w * 0.12)}" width="${n(nw * 1.6)}" height="${n(w * 0.14)}" fill="#5d6874"/>`;
  out += `<rect x="${n(cx - w * 0.13)}" y="${n(top - w * 0.34)}" width="${n(w * 0.26)}" height="${n(w * 0.24)}" rx="${n(w * 0.03)}" fill="url(#${v})"/>`;
  out += `<rect x="${n(cx + w * 0.12)}" y="${n(top - w * 0.27)}" width="${n(w * 0.13)}" height="${n(w * 0.09)}" rx="${n(w * 0.02)}" fill="url(#${v})"/>`;
  out += `<rect x="${n(cx - w * 0.03)}" y="${n(top - w * 0.42)}" width="${n(w * 0.06)}" height="${n(w * 0.09)}" fill="#6b7785"/>`;
  out += `<ellipse cx="${n(cx)}" cy="${n(top - w * 0.42)}" rx="${n(w * 0.19)}" ry="${n(w * 0.055)}" fill="#2e3a47"/>`;
  out += `<path d="${path}" fill="${c.color}"/><path d="${path}" fill="url(#shade)"/>`;
  if (c.rings !== false) {
    for (const y of [top + sh + h * 0.04, bottom - h * 0.2]) {
      out += `<rect x="${n(x0 - 4)}" y="${n(y)}" width="${n(w + 8)}" height="${n(w * 0.075)}" rx="${n(w * 0.03)}" fill="#1f252c" opacity=".9"/>`;
    }
  }
  if (c.label) {
    const chars = [...c.label.replace(/\s/g, '')];
    const ys = top + sh + h * 0.04 + w * 0.16;
    const ye = bottom - h * 0.22;
    const fs = Math.min(w * 0.34, (ye - ys) / (chars.length * 1.12));
    const x = cx - w * 0.05;
    out += chars.map((ch, i) => text(x, ys + fs * 1.12 * i + fs, ch, fs, c.labelColor ?? '#111', 'font-weight="700"')).join('');
  }
  return out;
}

/** Two cylinders of one gas, the front one lettered: the standard goods composition. */
function cylinderPair(color: string, label: string, labelColor: string, valve: 'brass' | 'metal' = 'brass'): string {
  return (
    cylinder({ cx: 292, bottom: 690, w: 150, h: 470, color, valve, label, labelColor }) +
    cylinder({ cx: 462, bottom: 712, w: 180, h: 560, color, valve, label, labelColor })
  );
}

/** A paper tag hanging from a cylinder neck, e.g. 食品级. */
function tag(x: number, y: number, s: string, color: string): string {
  return `<path d="M${x} ${y - 60}L${x + 30} ${y}" stroke="#6b7785" stroke-width="3"/><rect x="${x}" y="${y}" width="${s.length * 34 + 28}" height="56" rx="10" fill="${color}"/><circle cx="${x + 14}" cy="${y + 14}" r="5" fill="#fff"/>${text(x + (s.length * 34 + 28) / 2 + 6, y + 40, s, 30, '#fff', 'font-weight="700"')}`;
}

/** An aluminium standard-gas cylinder with its certificate label. */
function aluCylinder(cx: number, bottom: number, w: number, h: number, title: string, lines: string[]): string {
  const top = bottom - h;
  const lx = cx - w * 0.4;
  const ly = top + w * 0.5 + h * 0.14;
  const lw = w * 0.8;
  const lh = h * 0.44;
  let out = cylinder({ cx, bottom, w, h, color: '#d3d9e0', valve: 'metal', rings: false });
  out += `<rect x="${n(lx)}" y="${n(ly)}" width="${n(lw)}" height="${n(lh)}" rx="6" fill="#fff" stroke="#c3ccd6"/>`;
  out += `<rect x="${n(lx)}" y="${n(ly)}" width="${n(lw)}" height="${n(lh * 0.2)}" rx="6" fill="${BRAND}"/>`;
  out += text(cx, ly + lh * 0.15, title, lw * 0.15, '#fff', 'font-weight="700"');
  lines.forEach((l, i) => {
    out += text(cx, ly + lh * (0.42 + i * 0.22), l, lw * (i === 0 ? 0.2 : 0.14), i === 0 ? '#1f2933' : '#52606d', i === 0 ? 'font-weight="700"' : '');
  });
  out += `<rect x="${n(lx + lw * 0.1)}" y="${n(ly + lh * 0.86)}" width="${n(lw * 0.8)}" height="4" fill="${ACCENT}"/>`;
  return out;
}

function gauge(cx: number, cy: number, r: number, rim = '#2e3a47', red = false): string {
  let ticks = '';
  for (let i = 0; i <= 10; i++) {
    const a = ((-225 + i * 27) * Math.PI) / 180;
    const r1 = r * 0.68;
    const r2 = r * 0.8;
    ticks += `<line x1="${n(cx + r1 * Math.cos(a))}" y1="${n(cy + r1 * Math.sin(a))}" x2="${n(cx + r2 * Math.cos(a))}" y2="${n(cy + r2 * Math.sin(a))}" stroke="${red && i > 7 ? '#d2141e' : '#33414f'}" stroke-width="${n(r * 0.05)}"/>`;
  }
  const na = (-60 * Math.PI) / 180;
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${rim}"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.86)}" fill="#fbfcfd"/>${ticks}<line x1="${n(cx)}" y1="${n(cy)}" x2="${n(cx + r * 0.66 * Math.cos(na))}" y2="${n(cy + r * 0.66 * Math.sin(na))}" stroke="#d2141e" stroke-width="${n(r * 0.07)}" stroke-linecap="round"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.09)}" fill="#33414f"/>`;
}

function handwheel(cx: number, cy: number, r: number, color: string): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(r)}" ry="${n(r * 0.32)}" fill="${color}"/><ellipse cx="${n(cx)}" cy="${n(cy - r * 0.06)}" rx="${n(r * 0.8)}" ry="${n(r * 0.22)}" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="3"/>`;
}

/** A UN transport hazard label (diamond) of the given class. */
function diamond(cx: number, cy: number, s: number, cls: '2.1' | '2.2' | '2.3' | '5.1' | '8'): string {
  const fill = { '2.1': '#d7262e', '2.2': '#1c8a3f', '2.3': '#fff', '5.1': '#f5c400', '8': '#fff' }[cls];
  const ink = cls === '2.1' || cls === '2.2' ? '#fff' : '#111';
  const d = `M${n(cx)} ${n(cy - s)}L${n(cx + s)} ${n(cy)}L${n(cx)} ${n(cy + s)}L${n(cx - s)} ${n(cy)}Z`;
  let out = `<path d="${d}" fill="${fill}" stroke="#111" stroke-width="${n(s * 0.03)}"/>`;
  if (cls === '8') out += `<path d="M${n(cx - s)} ${n(cy)}L${n(cx + s)} ${n(cy)}L${n(cx)} ${n(cy + s)}Z" fill="#111"/>`;
  out += `<path d="M${n(cx)} ${n(cy - s * 0.9)}L${n(cx + s * 0.9)} ${n(cy)}L${n(cx)} ${n(cy + s * 0.9)}L${n(cx - s * 0.9)} ${n(cy)}Z" fill="none" stroke="${cls === '8' ? '#fff' : ink}" stroke-width="${n(s * 0.025)}"/>`;
  const y = cy - s * 0.38;
  if (cls === '2.2') {
    out += `<rect x="${n(cx - s * 0.1)}" y="${n(y - s * 0.28)}" width="${n(s * 0.2)}" height="${n(s * 0.5)}" rx="${n(s * 0.08)}" fill="#fff"/><rect x="${n(cx - s * 0.04)}" y="${n(y - s * 0.36)}" width="${n(s * 0.08)}" height="${n(s * 0.1)}" fill="#fff"/>`;
  } else if (cls === '2.1' || cls === '5.1') {
    const flame = `M${n(cx)} ${n(y - s * 0.36)}C${n(cx + s * 0.22)} ${n(y - s * 0.1)} ${n(cx + s * 0.2)} ${n(y + s * 0.1)} ${n(cx + s * 0.12)} ${n(y + s * 0.2)}C${n(cx + s * 0.02)} ${n(y + s * 0.28)} ${n(cx - s * 0.16)} ${n(y + s * 0.24)} ${n(cx - s * 0.18)} ${n(y + s * 0.08)}C${n(cx - s * 0.2)} ${n(y - s * 0.08)} ${n(cx - s * 0.04)} ${n(y - s * 0.12)} ${n(cx)} ${n(y - s * 0.36)}Z`;
    out += `<path d="${flame}" fill="${ink}"/>`;
    if (cls === '5.1') out += `<circle cx="${n(cx)}" cy="${n(y + s * 0.26)}" r="${n(s * 0.13)}" fill="none" stroke="#111" stroke-width="${n(s * 0.05)}"/>`;
  } else if (cls === '2.3') {
    out += `<circle cx="${n(cx)}" cy="${n(y - s * 0.06)}" r="${n(s * 0.2)}" fill="#111"/><rect x="${n(cx - s * 0.1)}" y="${n(y + s * 0.08)}" width="${n(s * 0.2)}" height="${n(s * 0.12)}" fill="#111"/><circle cx="${n(cx - s * 0.08)}" cy="${n(y - s * 0.06)}" r="${n(s * 0.05)}" fill="#fff"/><circle cx="${n(cx + s * 0.08)}" cy="${n(y - s * 0.06)}" r="${n(s * 0.05)}" fill="#fff"/><path d="M${n(cx - s * 0.26)} ${n(y + s * 0.26)}L${n(cx + s * 0.26)} ${n(y + s * 0.4)}M${n(cx + s * 0.26)} ${n(y + s * 0.26)}L${n(cx - s * 0.26)} ${n(y + s * 0.4)}" stroke="#111" stroke-width="${n(s * 0.06)}"/>`;
  } else {
    out += `<rect x="${n(cx - s * 0.28)}" y="${n(y - s * 0.26)}" width="${n(s * 0.14)}" height="${n(s * 0.26)}" fill="#111"/><rect x="${n(cx + s * 0.12)}" y="${n(y - s * 0.26)}" width="${n(s * 0.14)}" height="${n(s * 0.26)}" fill="#111"/><circle cx="${n(cx - s * 0.21)}" cy="${n(y + s * 0.12)}" r="${n(s * 0.05)}" fill="#111"/><circle cx="${n(cx + s * 0.19)}" cy="${n(y + s * 0.12)}" r="${n(s * 0.05)}" fill="#111"/>`;
  }
  out += text(cx, cy + s * 0.78, cls, s * 0.26, cls === '8' ? '#fff' : ink, 'font-weight="700"');
  return out;
}

// ---------------------------------------------------------------- goods: gas cylinders (GB/T 7144 colours)

const SILVER = '#b7bec6';
const DEEP_GREEN = '#17613a';
const RED = '#d2141e';
const cylinders: [name: string, color: string, label: string, labelColor: string][] = [
  ['n2', '#1c1f23', '氮', '#fff'],
  ['o2', '#6cb2e2', '氧', '#111'],
  ['ar', SILVER, '氩', DEEP_GREEN],
  ['he', SILVER, '氦', DEEP_GREEN],
  ['ne', SILVER, '氖', DEEP_GREEN],
  ['kr', SILVER, '氪', DEEP_GREEN],
  ['xe', SILVER, '氙', DEEP_GREEN],
  ['h2', '#92d3a2', '氢', RED],
  ['ch4', '#7a4a2b', '甲烷', '#fff'],
  ['nf3', SILVER, '三氟化氮', '#111'],
  ['sih4', SILVER, '硅烷', RED],
  ['nh3', '#f2de86', '液氨', '#111'],
  ['sf6', SILVER, '液化六氟化硫', '#111'],
  ['cf4', '#e6e9ec', '四氟化碳', '#111'],
  ['hcl', SILVER, '液化氯化氢', '#111'],
  ['n2o', SILVER, '液化笑气', '#111'],
  ['wf6', SILVER, '六氟化钨', '#111'],
  ['co2', '#e6e9ec', '液化二氧化碳', '#111'],
  ['c2h2', '#fbfbfb', '乙炔不可近火', RED],
  ['o2-medical', '#6cb2e2', '医用氧', '#111'],
  ['co2-medical', '#e6e9ec', '医用二氧化碳', '#111'],
  ['ar-co2', SILVER, '氩二氧化碳', DEEP_GREEN],
  ['laser-mix', SILVER, '激光混合气', '#111'],
];
for (const [name, color, label, labelColor] of cylinders) goods(name, cylinderPair(color, label, labelColor));

goods('co2-food', cylinderPair('#e6e9ec', '液化二氧化碳', '#111') + tag(540, 250, '食品级', '#2f9e44'));
goods('n2-food', cylinderPair('#1c1f23', '氮', '#fff') + tag(540, 250, '食品级', '#2f9e44'));
goods(
  'o2-small',
  cylinder({ cx: 230, bottom: 700, w: 120, h: 300, color: '#6cb2e2', label: '氧', labelColor: '#111' }) +
    cylinder({ cx: 400, bottom: 712, w: 140, h: 380, color: '#6cb2e2', label: '氧', labelColor: '#111' }) +
    cylinder({ cx: 575, bottom: 700, w: 150, h: 440, color: '#6cb2e2', label: '氧', labelColor: '#111' }),
);
goods(
  'he-balloon',
  [
    ['#f08c00', 560, 190],
    ['#0b5cad', 640, 250],
    ['#e03131', 520, 300],
    ['#2f9e44', 660, 360],
  ]
    .map(
      ([c, x, y]) =>
        `<path d="M${x} ${(y as number) + 62}C${(x as number) - 30} ${(y as number) + 160} ${(x as number) - 120} ${(y as number) + 200} 470 330" stroke="#8b96a3" stroke-width="2" fill="none"/><ellipse cx="${x}" cy="${y}" rx="52" ry="62" fill="${c}"/><ellipse cx="${(x as number) - 18}" cy="${(y as number) - 22}" rx="12" ry="18" fill="#fff" opacity=".35"/>`,
    )
    .join('') + cylinder({ cx: 360, bottom: 712, w: 180, h: 560, color: SILVER, label: '氦', labelColor: DEEP_GREEN }),
);
goods(
  'c2h2-kit',
  `<rect x="200" y="640" width="400" height="26" rx="8" fill="#33414f"/><path d="M600 640L640 300" stroke="#33414f" stroke-width="14" stroke-linecap="round"/><circle cx="250" cy="690" r="30" fill="#1f252c"/><circle cx="550" cy="690" r="30" fill="#1f252c"/><circle cx="250" cy="690" r="10" fill="#8793a1"/><circle cx="550" cy="690" r="10" fill="#8793a1"/>` +
    cylinder({ cx: 320, bottom: 640, w: 130, h: 360, color: '#fbfbfb', label: '乙炔', labelColor: RED }) +
    cylinder({ cx: 490, bottom: 640, w: 130, h: 380, color: '#6cb2e2', label: '氧', labelColor: '#111' }) +
    `<path d="M560 220C660 200 700 300 640 380" stroke="${RED}" stroke-width="10" fill="none"/><path d="M575 230C690 240 720 330 650 400" stroke="#2f6fd6" stroke-width="10" fill="none"/>`,
);
goods(
  'n2-bundle',
  bundle(4, '#1c1f23'),
);

// ---------------------------------------------------------------- goods: labels and documents

type Hazard = '2.1' | '2.2' | '2.3' | '5.1' | '8';
const labels: [name: string, formula: string, title: string, band: string, hazards: Hazard[]][] = [
  ['n2', 'N₂', '氮', '#1c1f23', ['2.2']],
  ['o2', 'O₂', '氧', '#6cb2e2', ['2.2', '5.1']],
  ['ar', 'Ar', '氩', SILVER, ['2.2']],
  ['he', 'He', '氦', SILVER, ['2.2']],
  ['ne', 'Ne', '氖', SILVER, ['2.2']],
  ['kr', 'Kr', '氪', SILVER, ['2.2']],
  ['xe', 'Xe', '氙', SILVER, ['2.2']],
  ['h2', 'H₂', '氢', '#92d3a2', ['2.1']],
  ['ch4', 'CH₄', '甲烷', '#7a4a2b', ['2.1']],
  ['nf3', 'NF₃', '三氟化氮', SILVER, ['2.2', '5.1']],
  ['sih4', 'SiH₄', '硅烷', SILVER, ['2.1']],
  ['nh3', 'NH₃', '氨', '#f2de86', ['2.3', '8']],
  ['sf6', 'SF₆', '六氟化硫', SILVER, ['2.2']],
  ['cf4', 'CF₄', '四氟化碳', '#e6e9ec', ['2.2']],
  ['hcl', 'HCl', '氯化氢', SILVER, ['2.3', '8']],
  ['n2o', 'N₂O', '氧化亚氮', SILVER, ['2.2', '5.1']],
  ['wf6', 'WF₆', '六氟化钨', SILVER, ['2.3', '8']],
  ['co2', 'CO₂', '二氧化碳', '#e6e9ec', ['2.2']],
  ['c2h2', 'C₂H₂', '乙炔', '#fbfbfb', ['2.1']],
  ['std', 'CH₄ · CO · SO₂', '标准气体', BRAND, ['2.2']],
  ['laser', 'CO₂ · N₂ · He', '激光混合气', SILVER, ['2.2']],
];
for (const [name, formula, title, band, hazards] of labels) {
  const fs = formula.length > 6 ? 78 : formula.length > 3 ? 130 : 170;
  let body = `<rect x="150" y="96" width="500" height="620" rx="26" fill="#c5d2e1"/><rect x="140" y="84" width="500" height="620" rx="26" fill="#fff"/>`;
  body += `<path d="M140 110a26 26 0 0 1 26-26h448a26 26 0 0 1 26 26v54H140Z" fill="${band}" stroke="#d5dde6"/>`;
  body += text(390, 330, formula, fs, BRAND, 'font-weight="700"');
  body += text(390, 420, title, 56, '#1f2933', 'font-weight="700"');
  body += `<rect x="200" y="452" width="380" height="4" fill="${ACCENT}"/>`;
  hazards.forEach((h, i) => {
    body += diamond(hazards.length === 1 ? 390 : 320 + i * 140, 580, 82, h);
  });
  goods(`label-${name}`, body);
}

goods(
  'coa',
  `<rect x="200" y="92" width="420" height="590" rx="10" fill="#c5d2e1"/><rect x="188" y="80" width="420" height="590" rx="10" fill="#fff"/>` +
    text(398, 150, '分析检验报告', 38, '#1f2933', 'font-weight="700"') +
    `<rect x="228" y="176" width="340" height="3" fill="${BRAND}"/>` +
    [0, 1, 2, 3, 4, 5, 6]
      .map((i) => `<rect x="228" y="${214 + i * 46}" width="${[150, 120, 170, 140, 160, 110, 150][i]}" height="14" rx="7" fill="#d9e2ec"/><rect x="448" y="${214 + i * 46}" width="${[90, 110, 70, 100, 80, 95, 60][i]}" height="14" rx="7" fill="#aebfd2"/>`)
      .join('') +
    `<circle cx="510" cy="585" r="58" fill="none" stroke="${RED}" stroke-width="6" opacity=".85"/><circle cx="510" cy="585" r="44" fill="none" stroke="${RED}" stroke-width="2" opacity=".85"/>` +
    text(510, 597, '合格', 32, RED, 'font-weight="700" opacity=".9"') +
    `<circle cx="598" cy="620" r="70" fill="none" stroke="${BRAND}" stroke-width="14"/><path d="M648 670L700 722" stroke="${BRAND}" stroke-width="22" stroke-linecap="round"/>`,
);

goods(
  'delivery',
  `<rect x="60" y="692" width="680" height="6" fill="#9fb0c3"/>` +
    `<rect x="90" y="430" width="430" height="28" fill="#33414f"/>` +
    [0, 1, 2, 3, 4]
      .map((i) => cylinder({ cx: 130 + i * 82, bottom: 430, w: 64, h: 250, color: ['#6cb2e2', '#1c1f23', SILVER, '#e6e9ec', '#6cb2e2'][i]!, rings: false }))
      .join('') +
    `<path d="M90 300V430M520 300V430M90 330H520M90 390H520" stroke="#5d6874" stroke-width="8" fill="none"/>` +
    `<path d="M530 390H650L720 470V620H530Z" fill="${BRAND}"/><path d="M552 410H640L692 470H552Z" fill="#cfe3f7"/><rect x="530" y="560" width="190" height="20" fill="${BRAND_DARK}"/>` +
    `<path d="M600 360L630 390H570Z" fill="#f5c400" stroke="#111" stroke-width="2"/>` +
    `<rect x="80" y="458" width="650" height="140" rx="8" fill="#eef3f8" stroke="#c3ccd6"/><rect x="80" y="560" width="650" height="14" fill="${ACCENT}"/>` +
    text(300, 530, '气体配送', 52, BRAND, 'font-weight="700"') +
    diamond(470, 515, 34, '2.2') +
    [160, 250, 620]
      .map((x) => `<circle cx="${x}" cy="640" r="48" fill="#1f252c"/><circle cx="${x}" cy="640" r="20" fill="#8793a1"/>`)
      .join(''),
);

// ---------------------------------------------------------------- goods: liquids (dewars, tankers, tanks)

const liquids: [key: string, name: string, band: string, ink: string][] = [
  ['lox', '液氧', '#6cb2e2', '#111'],
  ['ln2', '液氮', '#1c1f23', '#fff'],
  ['lar', '液氩', SILVER, DEEP_GREEN],
  ['lco2', '液态二氧化碳', '#e6e9ec', '#111'],
  ['lng', '液化天然气', '#7a4a2b', '#fff'],
];

function dewar(cx: number, bottom: number, w: number, h: number, band: string, ink: string, label: string, casters = false): string {
  const x0 = cx - w / 2;
  const top = bottom - h;
  let out = `<path d="M${n(x0)} ${n(top + 40)}Q${n(x0)} ${n(top)} ${n(x0 + 40)} ${n(top)}H${n(x0 + w - 40)}Q${n(x0 + w)} ${n(top)} ${n(x0 + w)} ${n(top + 40)}V${n(bottom - 20)}Q${n(x0 + w)} ${n(bottom)} ${n(x0 + w - 20)} ${n(bottom)}H${n(x0 + 20)}Q${n(x0)} ${n(bottom)} ${n(x0)} ${n(bottom - 20)}Z" fill="url(#metal)"/>`;
  // Protective collar with posts around the valves.
  out += `<rect x="${n(x0 + 6)}" y="${n(top - 92)}" width="${n(w - 12)}" height="18" rx="9" fill="url(#metal)" stroke="#7d8895"/>`;
  for (const px of [x0 + 18, cx - 8, x0 + w - 34]) out += `<rect x="${n(px)}" y="${n(top - 80)}" width="16" height="82" fill="url(#metal)"/>`;
  out += `<rect x="${n(cx - 60)}" y="${n(top - 36)}" width="120" height="36" fill="#9aa6b3"/>`;
  out += handwheel(cx - 55, top - 40, 22, '#2f6fd6') + handwheel(cx + 55, top - 40, 22, '#2f9e44') + handwheel(cx, top - 50, 20, RED);
  out += gauge(cx + w * 0.28, top - 118, 30);
  out += `<rect x="${n(cx + w * 0.28 - 4)}" y="${n(top - 90)}" width="8" height="54" fill="#7d8895"/>`;
  out += `<rect x="${n(x0)}" y="${n(top + h * 0.3)}" width="${n(w)}" height="${n(h * 0.14)}" fill="${band}"/><rect x="${n(x0)}" y="${n(top + h * 0.3)}" width="${n(w)}" height="${n(h * 0.14)}" fill="url(#shade)"/>`;
  const fs = Math.min(h * 0.085, (w * 0.84) / [...label].length);
  out += text(cx, top + h * 0.37 + fs * 0.36, label, fs, ink, 'font-weight="700"');
  out += `<rect x="${n(x0)}" y="${n(bottom - h * 0.16)}" width="${n(w)}" height="10" fill="#7d8895" opacity=".6"/>`;
  if (casters) for (const x of [x0 + 26, x0 + w - 26]) out += `<circle cx="${n(x)}" cy="${n(bottom + 10)}" r="14" fill="#1f252c"/>`;
  return out;
}

function vapour(x: number, y: number): string {
  return `<g fill="#fff" opacity=".75"><ellipse cx="${x}" cy="${y}" rx="46" ry="22"/><ellipse cx="${x + 40}" cy="${y - 26}" rx="34" ry="18"/><ellipse cx="${x + 70}" cy="${y - 58}" rx="24" ry="12"/></g>`;
}

function tanker(label: string, band: string): string {
  let out = `<rect x="30" y="668" width="740" height="6" fill="#9fb0c3"/>`;
  out += `<rect x="70" y="548" width="520" height="26" fill="#2e3a47"/>`;
  out += `<path d="M140 330H520A90 110 0 0 1 520 550H140A90 110 0 0 1 140 330Z" fill="url(#white)" stroke="#aab7c5" stroke-width="3"/>`;
  out += `<rect x="60" y="492" width="550" height="16" fill="${BRAND}"/><rect x="60" y="512" width="550" height="6" fill="${ACCENT}"/>`;
  out += text(330, 452, label, label.length > 3 ? 64 : 92, BRAND, 'font-weight="700"');
  out += `<rect x="100" y="318" width="460" height="10" rx="5" fill="#c3ccd6"/><rect x="220" y="296" width="50" height="30" fill="#8793a1"/>`;
  out += `<circle cx="70" cy="440" r="8" fill="${band}" stroke="#5d6874" stroke-width="3"/>`;
  out += diamond(110, 420, 34, '2.2');
  out += `<path d="M600 420H690L760 500V640H600Z" fill="${BRAND}"/><path d="M620 440H682L735 500H620Z" fill="#cfe3f7"/><rect x="600" y="600" width="160" height="22" fill="${BRAND_DARK}"/>`;
  out += `<path d="M666 384L700 418H632Z" fill="#f5c400" stroke="#111" stroke-width="2"/>`;
  out += [140, 230, 320, 690].map((x) => `<circle cx="${x}" cy="630" r="42" fill="#1f252c"/><circle cx="${x}" cy="630" r="17" fill="#8793a1"/>`).join('');
  return out;
}

function storageTank(label: string): string {
  let out = '';
  for (const x of [322, 350, 440, 468]) out += `<rect x="${x}" y="600" width="12" height="100" fill="#7d8895"/>`;
  out += `<path d="M300 210Q300 120 395 110Q490 120 490 210V610Q490 630 470 630H320Q300 630 300 610Z" fill="url(#metal)"/>`;
  out += `<path d="M510 180V640M540 180V640" stroke="#7d8895" stroke-width="5"/>`;
  for (let y = 200; y < 640; y += 34) out += `<path d="M510 ${y}H540" stroke="#7d8895" stroke-width="4"/>`;
  const chars = [...label];
  const fs = Math.min(62, 380 / chars.length);
  out += chars.map((c, i) => text(395, 260 + i * fs * 1.12 + fs, c, fs, BRAND, 'font-weight="700"')).join('');
  out += `<path d="M490 600H600V690" stroke="#8793a1" stroke-width="10" fill="none"/>`;
  for (let i = 0; i < 4; i++) {
    const x = 584 + i * 44;
    out += `<rect x="${x}" y="380" width="26" height="300" fill="#e9eef3" stroke="#a4b1bf" stroke-width="2"/>`;
    for (let y = 392; y < 680; y += 16) out += `<path d="M${x - 6} ${y}H${x + 32}" stroke="#c3ccd6" stroke-width="3"/>`;
  }
  out += `<path d="M584 370H740" stroke="#8793a1" stroke-width="10"/>`;
  return out;
}

for (const [key, label, band, ink] of liquids) {
  goods(`dewar-${key}`, dewar(400, 700, 200, 470, band, ink, label) + vapour(470, 130));
  goods(`tanker-${key}`, tanker(label, band));
  goods(`tank-${key}`, storageTank(label));
}
goods('dewar', dewar(300, 690, 170, 420, BRAND, '#fff', '焊接绝热气瓶') + dewar(500, 700, 190, 470, '#1c1f23', '#fff', '液氮'));
goods('dewar-large', dewar(400, 680, 290, 500, BRAND, '#fff', '焊接绝热气瓶', true));
goods(
  'dewar-detail',
  `<circle cx="400" cy="400" r="300" fill="#dfe6ee"/>` +
    gauge(400, 300, 130) +
    text(400, 350, '兆帕', 26, '#52606d') +
    handwheel(230, 560, 80, '#2f6fd6') +
    handwheel(400, 600, 80, RED) +
    handwheel(570, 560, 80, '#2f9e44') +
    text(230, 660, '液相', 30, '#1f2933') +
    text(400, 700, '增压', 30, '#1f2933') +
    text(570, 660, '气相', 30, '#1f2933'),
);

// ---------------------------------------------------------------- goods: on-site gas plants

function tower(x: number, top: number, bottom: number, w: number, color: string): string {
  const p = `M${x} ${top + w / 2}A${w / 2} ${w / 2} 0 0 1 ${x + w} ${top + w / 2}V${bottom - w / 2}A${w / 2} ${w / 2} 0 0 1 ${x} ${bottom - w / 2}Z`;
  return `<path d="${p}" fill="${color}"/><path d="${p}" fill="url(#shade)"/>`;
}

function cabinet(x: number, y: number, w: number, h: number, screen: string): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="url(#white)" stroke="#a4b1bf" stroke-width="2"/><rect x="${x + 20}" y="${y + 24}" width="${w - 40}" height="${h * 0.3}" rx="6" fill="#0f2f52"/>${text(x + w / 2, y + 24 + h * 0.2, screen, h * 0.14, '#7ee2a8', 'font-weight="700"')}<circle cx="${x + 34}" cy="${y + h * 0.5}" r="9" fill="#2f9e44"/><circle cx="${x + 64}" cy="${y + h * 0.5}" r="9" fill="${ACCENT}"/><circle cx="${x + 94}" cy="${y + h * 0.5}" r="9" fill="${RED}"/><rect x="${x + 20}" y="${y + h * 0.62}" width="${w - 40}" height="${h * 0.3}" rx="4" fill="none" stroke="#a4b1bf"/>`;
}

function psa(color: string, product: string): string {
  let out = `<rect x="110" y="650" width="600" height="30" rx="4" fill="#33414f"/>`;
  out += tower(150, 210, 650, 100, color) + tower(280, 210, 650, 100, color);
  out += `<path d="M200 230V180H330V230M200 630V660M330 630V660M265 180V150H420" stroke="#7d8895" stroke-width="12" fill="none"/>`;
  out += tower(420, 300, 650, 100, '#e9eef3');
  out += text(200, 440, product, 44, '#fff', 'font-weight="700"') + text(330, 440, product, 44, '#fff', 'font-weight="700"');
  out += gauge(470, 270, 26);
  out += cabinet(550, 330, 150, 320, product);
  return out;
}
goods('psa-n2', psa(BRAND, 'N₂'));
goods('psa-o2', psa('#138a72', 'O₂'));

function flow(steps: string[]): string {
  const w = 150;
  let out = '';
  steps.forEach((s, i) => {
    const row = Math.floor(i / 3);
    const col = row === 0 ? i % 3 : 2 - (i % 3);
    const x = 90 + col * 230;
    const y = 220 + row * 260;
    const last = i === steps.length - 1;
    out += `<rect x="${x}" y="${y}" width="${w}" height="110" rx="16" fill="${last ? ACCENT : i === 0 ? '#fff' : BRAND}" stroke="${BRAND}" stroke-width="4"/>`;
    out += text(x + w / 2, y + 68, s, s.length > 3 ? 28 : 34, i === 0 ? BRAND : '#fff', 'font-weight="700"');
    if (!last) {
      if (i % 3 === 2) out += `<path d="M${x + w / 2} ${y + 118}V${y + 242}" stroke="${BRAND}" stroke-width="6"/><path d="M${x + w / 2 - 14} ${y + 228}L${x + w / 2} ${y + 250}L${x + w / 2 + 14} ${y + 228}Z" fill="${BRAND}"/>`;
      else if (row === 0) out += `<path d="M${x + w + 8} ${y + 55}H${x + 222}" stroke="${BRAND}" stroke-width="6"/><path d="M${x + 210} ${y + 41}L${x + 228} ${y + 55}L${x + 210} ${y + 69}Z" fill="${BRAND}"/>`;
      else out += `<path d="M${x - 8} ${y + 55}H${x - 72}" stroke="${BRAND}" stroke-width="6"/><path d="M${x - 60} ${y + 41}L${x - 78} ${y + 55}L${x - 60} ${y + 69}Z" fill="${BRAND}"/>`;
    }
  });
  return out;
}
goods('onsite-flow', flow(['空气', '压缩机', '冷干过滤', '分离装置', '缓冲罐', '用气点']));
goods('h2-flow', flow(['纯水', '电解槽', '气液分离', '脱氧干燥', '缓冲罐', '氢气']));

goods(
  'vpsa-o2',
  `<rect x="60" y="660" width="680" height="24" fill="#33414f"/>` +
    tower(90, 180, 660, 130, '#138a72') +
    tower(250, 180, 660, 130, '#138a72') +
    `<path d="M155 200V140H315V200M235 140V100H520" stroke="#7d8895" stroke-width="16" fill="none"/>` +
    tower(430, 330, 660, 120, '#e9eef3') +
    `<rect x="580" y="520" width="150" height="140" rx="10" fill="${BRAND}"/><circle cx="655" cy="590" r="46" fill="#0f2f52"/><circle cx="655" cy="590" r="20" fill="#8793a1"/>` +
    `<rect x="580" y="380" width="150" height="110" rx="10" fill="#5d6874"/><path d="M600 410H710M600 435H710M600 460H710" stroke="#9aa6b3" stroke-width="6"/>` +
    text(155, 440, 'O₂', 50, '#fff', 'font-weight="700"') +
    text(315, 440, 'O₂', 50, '#fff', 'font-weight="700"'),
);

goods(
  'membrane-n2',
  `<rect x="110" y="650" width="580" height="30" rx="4" fill="#33414f"/><rect x="120" y="190" width="560" height="460" rx="10" fill="none" stroke="#5d6874" stroke-width="14"/>` +
    [0, 1, 2, 3]
      .map((i) => {
        const y = 240 + i * 95;
        return `<rect x="170" y="${y}" width="380" height="60" rx="30" fill="url(#white)" stroke="#a4b1bf" stroke-width="2"/><rect x="150" y="${y - 6}" width="42" height="72" rx="10" fill="${BRAND}"/><rect x="530" y="${y - 6}" width="42" height="72" rx="10" fill="${BRAND}"/>`;
      })
      .join('') +
    `<path d="M590 270V600" stroke="#7d8895" stroke-width="12"/>` +
    gauge(630, 300, 30) +
    gauge(630, 400, 30) +
    text(360, 170, 'N₂', 60, BRAND, 'font-weight="700"'),
);

goods(
  'container-n2',
  `<path d="M80 300L560 300L560 640L80 640Z" fill="${BRAND}"/><path d="M560 300L720 220L720 560L560 640Z" fill="${BRAND_DARK}"/><path d="M80 300L240 220L720 220L560 300Z" fill="#3f86cf"/>` +
    Array.from({ length: 15 }, (_, i) => `<path d="M${100 + i * 31} 312V628" stroke="#fff" stroke-opacity=".14" stroke-width="8"/>`).join('') +
    `<rect x="380" y="340" width="150" height="90" rx="4" fill="#0f2f52" opacity=".5"/>` +
    [0, 1, 2, 3, 4].map((i) => `<path d="M395 ${356 + i * 14}H515" stroke="#cfe3f7" stroke-width="5"/>`).join('') +
    text(230, 500, '膜分离制氮', 48, '#fff', 'font-weight="700"') +
    `<path d="M600 320L680 282V520L600 560Z" fill="none" stroke="#cfe3f7" stroke-opacity=".5" stroke-width="4"/>`,
);

goods(
  'electrolyzer-alk',
  `<rect x="70" y="620" width="660" height="40" rx="4" fill="#33414f"/>` +
    `<rect x="90" y="380" width="40" height="240" rx="6" fill="#5d6874"/><rect x="410" y="380" width="40" height="240" rx="6" fill="#5d6874"/>` +
    Array.from({ length: 20 }, (_, i) => `<rect x="${134 + i * 13.6}" y="392" width="10" height="216" fill="${i % 2 ? '#3f86cf' : BRAND}"/>`).join('') +
    `<path d="M90 410H450M90 590H450" stroke="#c3ccd6" stroke-width="6"/>` +
    tower(510, 180, 620, 90, '#e9eef3') +
    tower(630, 220, 620, 90, '#e9eef3') +
    `<path d="M270 380V140H555V180M300 380V160H675V220" stroke="#7d8895" stroke-width="10" fill="none"/>` +
    text(555, 430, '氢', 44, BRAND, 'font-weight="700"') +
    text(675, 450, '氧', 44, '#138a72', 'font-weight="700"'),
);

goods(
  'electrolyzer-pem',
  `<rect x="130" y="160" width="540" height="520" rx="12" fill="url(#white)" stroke="#a4b1bf" stroke-width="3"/><rect x="130" y="600" width="540" height="30" fill="${BRAND}"/><path d="M400 180V600" stroke="#a4b1bf" stroke-width="3"/>` +
    `<rect x="170" y="210" width="190" height="120" rx="8" fill="#0f2f52"/>` +
    text(265, 290, 'H₂', 64, '#7ee2a8', 'font-weight="700"') +
    [0, 1, 2, 3, 4, 5].map((i) => `<rect x="440" y="${220 + i * 28}" width="190" height="12" rx="6" fill="#c3ccd6"/>`).join('') +
    `<circle cx="380" cy="400" r="8" fill="#7d8895"/><circle cx="420" cy="400" r="8" fill="#7d8895"/>` +
    `<rect x="170" y="380" width="190" height="190" rx="8" fill="none" stroke="#c3ccd6" stroke-width="3"/><circle cx="265" cy="475" r="60" fill="none" stroke="${BRAND}" stroke-width="10"/><path d="M270 430L245 480H275L255 525" stroke="${ACCENT}" stroke-width="10" fill="none" stroke-linejoin="round"/>`,
);

goods(
  'h2-generator',
  `<rect x="170" y="230" width="460" height="450" rx="20" fill="url(#white)" stroke="#a4b1bf" stroke-width="3"/><rect x="170" y="230" width="460" height="70" rx="20" fill="${BRAND}"/><rect x="170" y="280" width="460" height="20" fill="${BRAND}"/>` +
    `<rect x="210" y="340" width="220" height="130" rx="10" fill="#0f2f52"/>` +
    text(320, 395, 'H₂', 46, '#7ee2a8', 'font-weight="700"') +
    text(320, 450, '0.40', 40, '#7ee2a8') +
    `<circle cx="500" cy="370" r="16" fill="#2f9e44"/><circle cx="560" cy="370" r="16" fill="${ACCENT}"/><circle cx="530" cy="440" r="34" fill="#c3ccd6" stroke="#7d8895" stroke-width="4"/>` +
    `<rect x="210" y="510" width="90" height="130" rx="10" fill="#cfe3f7" stroke="#a4b1bf" stroke-width="3"/><rect x="216" y="570" width="78" height="64" rx="6" fill="#7fb6ec"/>` +
    `<path d="M630 520H690V600" stroke="#7d8895" stroke-width="8" fill="none"/>`,
);

// ---------------------------------------------------------------- goods: empty cylinders and bundles

goods(
  'cylinder-steel',
  cylinder({ cx: 250, bottom: 690, w: 140, h: 470, color: '#5d6b7a', rings: false }) +
    cylinder({ cx: 410, bottom: 700, w: 160, h: 540, color: '#6cb2e2' }) +
    cylinder({ cx: 580, bottom: 712, w: 160, h: 540, color: '#1c1f23' }),
);
goods(
  'cylinder-steel-small',
  [
    [170, 90, 200],
    [300, 110, 280],
    [450, 120, 360],
    [610, 130, 420],
  ]
    .map(([cx, w, h]) => cylinder({ cx: cx!, bottom: 705, w: w!, h: h!, color: '#5d6b7a', rings: false }))
    .join(''),
);
goods(
  'cylinder-steel-detail',
  `<path d="M60 800V520C60 330 220 260 330 250H470C580 260 740 330 740 520V800Z" fill="#5d6b7a"/><path d="M60 800V520C60 330 220 260 330 250H470C580 260 740 330 740 520V800Z" fill="url(#shade)"/>` +
    `<rect x="335" y="170" width="130" height="90" fill="#45505c"/><rect x="310" y="60" width="180" height="120" rx="10" fill="url(#brass)"/><rect x="480" y="90" width="90" height="50" rx="6" fill="url(#brass)"/>` +
    [0, 1, 2].map((r) => [0, 1, 2, 3, 4].map((c) => `<rect x="${215 + c * 76}" y="${380 + r * 58}" width="${[52, 40, 60, 44, 50][(c + r) % 5]}" height="30" rx="4" fill="#3d4853" opacity=".8"/>`).join('')).join('') +
    text(400, 620, '钢印标记', 40, '#dfe6ee', 'font-weight="700"'),
);
goods(
  'cylinder-alu',
  cylinder({ cx: 230, bottom: 700, w: 120, h: 330, color: '#d3d9e0', valve: 'metal', rings: false }) +
    cylinder({ cx: 400, bottom: 712, w: 150, h: 430, color: '#d3d9e0', valve: 'metal', rings: false }) +
    cylinder({ cx: 580, bottom: 700, w: 160, h: 500, color: '#d3d9e0', valve: 'metal', rings: false }),
);
goods('cylinder-alu-std', aluCylinder(300, 690, 160, 440, '标准气体', ['SO₂', '内壁处理']) + aluCylinder(500, 712, 180, 520, '标准气体', ['NO', '内壁处理']));
goods(
  'cylinder-alu-detail',
  `<path d="M60 800V520C60 330 220 260 330 250H470C580 260 740 330 740 520V800Z" fill="#d3d9e0"/><path d="M60 800V520C60 330 220 260 330 250H470C580 260 740 330 740 520V800Z" fill="url(#shade)"/>` +
    `<rect x="335" y="170" width="130" height="90" fill="#8793a1"/><rect x="300" y="50" width="200" height="130" rx="12" fill="url(#metal)"/><rect x="490" y="85" width="100" height="56" rx="6" fill="url(#metal)"/>` +
    handwheel(400, 50, 90, '#33414f') +
    text(400, 520, '内壁钝化', 56, '#52606d', 'font-weight="700"'),
);

function bundle(cols: number, color: string): string {
  const w = 110;
  const left = 400 - (cols * w) / 2;
  let out = '';
  for (let i = 0; i < cols; i++) out += cylinder({ cx: left + w / 2 + i * w + 26, bottom: 640, w: 88, h: 430, color, rings: false, valve: 'brass' });
  for (let i = 0; i < cols; i++) out += cylinder({ cx: left + w / 2 + i * w, bottom: 660, w: 92, h: 440, color, rings: false, valve: 'brass' });
  const fx = left - 20;
  const fw = cols * w + 66;
  out += `<rect x="${fx}" y="140" width="${fw}" height="540" fill="none" stroke="#8c98a5" stroke-width="18"/>`;
  out += `<path d="M${fx} 300H${fx + fw}M${fx} 520H${fx + fw}" stroke="#8c98a5" stroke-width="14"/>`;
  out += `<rect x="${fx}" y="660" width="${fw}" height="40" fill="#6f7b88"/><rect x="${fx + fw * 0.18}" y="668" width="${fw * 0.18}" height="24" fill="#2e3a47"/><rect x="${fx + fw * 0.64}" y="668" width="${fw * 0.18}" height="24" fill="#2e3a47"/>`;
  out += `<path d="M${fx + 30} 190H${fx + fw - 30}" stroke="#c3ccd6" stroke-width="10"/>`;
  out += `<circle cx="${fx + 10}" cy="130" r="16" fill="none" stroke="#6f7b88" stroke-width="8"/><circle cx="${fx + fw - 10}" cy="130" r="16" fill="none" stroke="#6f7b88" stroke-width="8"/>`;
  return out;
}
goods('bundle-16', bundle(4, '#7a8794'));
goods('bundle-12', bundle(3, '#7a8794'));
goods(
  'bundle-detail',
  `<rect x="60" y="330" width="680" height="44" rx="22" fill="url(#metal)"/>` +
    [140, 300, 460, 620]
      .map((x) => `<path d="M${x} 374C${x} 460 ${x + 40} 470 ${x + 40} 560" stroke="#8793a1" stroke-width="14" fill="none"/><rect x="${x - 30}" y="300" width="60" height="40" rx="6" fill="url(#brass)"/>${handwheel(x, 292, 40, '#2e3a47')}<rect x="${x + 14}" y="560" width="52" height="90" rx="8" fill="url(#brass)"/>`)
      .join('') +
    gauge(400, 200, 70) +
    `<rect x="390" y="268" width="20" height="62" fill="#8793a1"/>`,
);

// ---------------------------------------------------------------- goods: regulators, manifolds and fittings

interface Reg {
  body: 'brass' | 'metal';
  gauges: number;
  rim?: string;
  flowmeter?: boolean;
  heater?: boolean;
  purge?: boolean;
  clamp?: boolean;
}

function regulator(r: Reg): string {
  let out = '';
  if (r.clamp) out += `<path d="M260 560V680H420V560" stroke="#8793a1" stroke-width="26" fill="none"/><rect x="320" y="650" width="40" height="80" fill="#5d6874"/>`;
  else out += `<rect x="316" y="540" width="70" height="110" rx="8" fill="url(#${r.body})"/><path d="M300 620H402M300 640H402" stroke="#5d6874" stroke-width="4"/>`;
  if (r.heater) out += `<rect x="290" y="560" width="120" height="80" rx="10" fill="#1f252c"/><path d="M290 610C200 640 170 700 120 720" stroke="#1f252c" stroke-width="12" fill="none"/>`;
  out += `<rect x="250" y="400" width="260" height="170" rx="40" fill="url(#${r.body})"/>`;
  out += `<ellipse cx="380" cy="485" rx="110" ry="110" fill="url(#${r.body})" stroke="#00000022" stroke-width="4"/>`;
  out += `<rect x="350" y="580" width="60" height="40" fill="url(#${r.body})"/><rect x="330" y="610" width="100" height="38" rx="12" fill="#1f252c"/>`;
  out += `<rect x="500" y="455" width="150" height="50" rx="8" fill="url(#${r.body})"/><path d="M650 465L700 470V490L650 495Z" fill="url(#${r.body})"/>`;
  if (r.purge) out += `<rect x="540" y="505" width="40" height="70" fill="url(#metal)"/>${handwheel(560, 590, 40, RED)}`;
  out += `<rect x="230" y="320" width="40" height="100" fill="url(#${r.body})"/>${gauge(250, 260, 90, r.rim)}`;
  if (r.flowmeter) {
    out += `<rect x="480" y="150" width="70" height="260" rx="12" fill="#d9ecfb" stroke="#8fb3d6" stroke-width="4"/><rect x="494" y="170" width="42" height="220" rx="8" fill="#eef6fd"/>`;
    for (let y = 190; y < 380; y += 24) out += `<path d="M496 ${y}H512" stroke="#52606d" stroke-width="3"/>`;
    out += `<circle cx="515" cy="300" r="14" fill="${RED}"/><rect x="488" y="400" width="54" height="60" fill="url(#${r.body})"/>`;
  } else if (r.gauges > 1) {
    out += `<rect x="490" y="320" width="40" height="100" fill="url(#${r.body})"/>${gauge(510, 260, 90, r.rim, true)}`;
  }
  return out;
}
goods('reg-o2', regulator({ body: 'brass', gauges: 2, rim: '#2f6fd6' }));
goods('reg-c2h2', regulator({ body: 'brass', gauges: 2, rim: RED, clamp: true }));
goods('reg-ar', regulator({ body: 'brass', gauges: 1, flowmeter: true }));
goods('reg-co2', regulator({ body: 'brass', gauges: 1, flowmeter: true, heater: true }));
goods('reg-h2', regulator({ body: 'brass', gauges: 2, rim: RED }));
goods('reg-dual-ss', regulator({ body: 'metal', gauges: 2 }) + `<rect x="300" y="430" width="160" height="30" rx="15" fill="#aeb8c3"/>`);
goods('reg-corrosive', regulator({ body: 'metal', gauges: 2, purge: true }));
goods('reg-dual-brass', regulator({ body: 'metal', gauges: 2, rim: '#8793a1' }) + `<rect x="300" y="430" width="160" height="30" rx="15" fill="#e6c65c" opacity=".6"/>`);
goods(
  'reg-detail',
  `<circle cx="400" cy="400" r="290" fill="#2e3a47"/><circle cx="400" cy="400" r="262" fill="#fbfcfd"/>` +
    Array.from({ length: 26 }, (_, i) => {
      const a = ((-225 + i * 10.8) * Math.PI) / 180;
      const r1 = i % 5 === 0 ? 190 : 210;
      return `<line x1="${n(400 + r1 * Math.cos(a))}" y1="${n(400 + r1 * Math.sin(a))}" x2="${n(400 + 236 * Math.cos(a))}" y2="${n(400 + 236 * Math.sin(a))}" stroke="${i > 20 ? RED : '#33414f'}" stroke-width="${i % 5 === 0 ? 8 : 4}"/>`;
    }).join('') +
    [0, 5, 10, 15, 20, 25]
      .map((v, i) => {
        const a = ((-225 + i * 54) * Math.PI) / 180;
        return text(400 + 150 * Math.cos(a), 400 + 150 * Math.sin(a) + 16, String(v), 44, '#1f2933', 'font-weight="700"');
      })
      .join('') +
    text(400, 520, '兆帕', 36, '#52606d') +
    text(400, 300, '禁油', 40, RED, 'font-weight="700"') +
    `<line x1="400" y1="400" x2="${n(400 + 200 * Math.cos(-1.1))}" y2="${n(400 + 200 * Math.sin(-1.1))}" stroke="${RED}" stroke-width="12" stroke-linecap="round"/><circle cx="400" cy="400" r="24" fill="#33414f"/>`,
);

function manifold(color: string, auto: boolean, perSide: number): string {
  let out = `<rect x="60" y="230" width="680" height="20" rx="10" fill="url(#metal)"/>`;
  const step = 58;
  for (let i = 0; i < perSide; i++) {
    for (const x of [90 + i * step, 710 - i * step]) {
      out += cylinder({ cx: x, bottom: 700, w: 48, h: 320, color, rings: false });
      out += `<path d="M${x} 245C${x} 290 ${x + 6} 320 ${x + 4} 360" stroke="#8793a1" stroke-width="6" fill="none"/>`;
    }
  }
  out += `<rect x="310" y="150" width="180" height="${auto ? 280 : 220}" rx="12" fill="${auto ? 'url(#metal)' : '#fff'}" stroke="#a4b1bf" stroke-width="3"/>`;
  out += gauge(355, 220, 34) + gauge(445, 220, 34);
  if (auto) out += gauge(400, 310, 34, '#2f9e44') + `<rect x="340" y="370" width="120" height="36" rx="8" fill="${BRAND}"/>`;
  else out += `<ellipse cx="400" cy="320" rx="40" ry="40" fill="url(#brass)"/>`;
  out += `<path d="M400 ${auto ? 430 : 370}V720" stroke="#8793a1" stroke-width="12"/>`;
  return out;
}
goods('manifold', manifold('#6cb2e2', false, 4));
goods('manifold-auto', manifold(SILVER, true, 2));
goods('manifold-c2h2', manifold('#fbfbfb', false, 3) + `<rect x="120" y="180" width="40" height="60" rx="6" fill="url(#brass)"/><rect x="640" y="180" width="40" height="60" rx="6" fill="url(#brass)"/>`);
goods(
  'manifold-detail',
  `<rect x="40" y="360" width="720" height="56" rx="28" fill="url(#metal)"/>` +
    [170, 400, 630].map((x) => `<rect x="${x - 50}" y="300" width="100" height="180" rx="12" fill="url(#brass)"/>${handwheel(x, 290, 70, '#2e3a47')}<path d="M${x} 480C${x} 560 ${x - 40} 600 ${x - 40} 700" stroke="#8793a1" stroke-width="18" fill="none"/>`).join('') +
    gauge(400, 170, 80),
);

goods(
  'valve-qf2',
  `<rect x="310" y="520" width="180" height="170" fill="url(#brass)"/>` +
    Array.from({ length: 8 }, (_, i) => `<path d="M310 ${540 + i * 20}H490" stroke="#7a5b12" stroke-width="4"/>`).join('') +
    `<rect x="260" y="300" width="280" height="230" rx="20" fill="url(#brass)"/><rect x="530" y="360" width="150" height="90" rx="10" fill="url(#brass)"/>` +
    Array.from({ length: 5 }, (_, i) => `<path d="M${560 + i * 22} 360V450" stroke="#7a5b12" stroke-width="4"/>`).join('') +
    `<circle cx="200" cy="420" r="40" fill="url(#brass)" stroke="#7a5b12" stroke-width="4"/><rect x="370" y="210" width="60" height="100" fill="#c9a74a"/>` +
    handwheel(400, 200, 140, '#2e3a47'),
);
goods(
  'valve-ball',
  `<rect x="110" y="380" width="580" height="70" rx="10" fill="url(#metal)"/>` +
    [130, 570].map((x) => `<path d="M${x} 360H${x + 100}L${x + 100} 470H${x}Z" fill="url(#metal)" stroke="#7d8895" stroke-width="3"/>`).join('') +
    `<rect x="270" y="320" width="260" height="190" rx="26" fill="url(#metal)" stroke="#7d8895" stroke-width="3"/><rect x="380" y="250" width="40" height="80" fill="#8793a1"/>` +
    `<rect x="300" y="210" width="380" height="50" rx="25" fill="${BRAND}"/>`,
);
goods(
  'tube-ep',
  Array.from({ length: 5 }, (_, i) => {
    const y = 250 + i * 80;
    return `<rect x="80" y="${y}" width="640" height="46" rx="23" fill="url(#metal)" transform="rotate(-12 400 400)"/><circle cx="100" cy="${y + 23}" r="26" fill="${BRAND}" transform="rotate(-12 400 400)"/>`;
  }).join(''),
);
goods(
  'flashback',
  [260, 540]
    .map(
      (x, i) =>
        `<rect x="${x - 70}" y="240" width="140" height="340" rx="40" fill="url(#brass)"/><path d="M${x - 40} 170H${x + 40}L${x + 52} 240H${x - 52}Z" fill="url(#brass)"/><path d="M${x - 40} 650H${x + 40}L${x + 52} 580H${x - 52}Z" fill="url(#brass)"/><rect x="${x - 70}" y="380" width="140" height="60" fill="${i ? '#2f6fd6' : RED}"/><path d="M${x} 470V540M${x - 16} 524L${x} 548L${x + 16} 524" stroke="#5d4510" stroke-width="8" fill="none"/>`,
    )
    .join(''),
);
goods(
  'hose',
  `<g fill="none" stroke="#aab5c1" stroke-width="30" stroke-dasharray="6 4"><circle cx="400" cy="400" r="230"/><circle cx="400" cy="400" r="170"/></g>` +
    `<path d="M630 400C680 400 700 460 700 540" stroke="#aab5c1" stroke-width="30" fill="none" stroke-dasharray="6 4"/>` +
    `<rect x="668" y="540" width="64" height="90" rx="8" fill="url(#brass)"/><rect x="210" y="370" width="90" height="60" rx="8" fill="url(#brass)"/>`,
);
goods(
  'valve-detail',
  `<rect x="120" y="330" width="300" height="140" fill="url(#metal)"/>` +
    Array.from({ length: 12 }, (_, i) => `<path d="M${136 + i * 24} 330V470" stroke="#7d8895" stroke-width="6"/>`).join('') +
    `<path d="M420 300H560L600 340V460L560 500H420Z" fill="url(#brass)"/><rect x="600" y="360" width="120" height="80" fill="url(#metal)"/>` +
    text(400, 640, '螺纹与密封面逐件检验', 40, '#52606d'),
);

// ---------------------------------------------------------------- write

function writeAll(): void {
  for (const [path, content] of files) {
    const full = join(PUBLIC, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, `${content}\n`);
  }
  console.log(`seed-images: wrote ${files.size} SVG files to public/`);
}
writeAll();
