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
    svg(
      800,
      800,
      `<rect width="800" height="800" fill="url(#bg)"/><ellipse cx="400" cy="712" rx="310" ry="24" fill="#c9d6e6" opacity=".6"/>${body}`,
      GOODS_DEFS + defs,
    ),
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
    out += text(
      cx,
      ly + lh * (0.44 + i * 0.22),
      l,
      lw * (i === 0 ? Math.min(0.26, 0.95 / [...l].length) : Math.min(0.16, 0.92 / [...l].length)),
      i === 0 ? '#1f2933' : '#52606d',
      i === 0 ? 'font-weight="700"' : '',
    );
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
    if (cls === '5.1')
      out += `<circle cx="${n(cx)}" cy="${n(y + s * 0.26)}" r="${n(s * 0.13)}" fill="none" stroke="#111" stroke-width="${n(s * 0.05)}"/>`;
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
  ['cl2', DEEP_GREEN, '液氯', '#fff'],
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
goods('n2-bundle', bundle(4, '#1c1f23'));

// Standard gases: aluminium cylinders with their certificate label (formula, then what is in what).
const standards: [name: string, formula: string, what: string][] = [
  ['std-ch4', 'CH₄', '空气中甲烷'],
  ['std-so2', 'SO₂', '氮中二氧化硫'],
  ['std-no', 'NO', '氮中一氧化氮'],
  ['std-co', 'CO', '氮中一氧化碳'],
  ['std-btex', 'C₆H₆', '苯系物'],
  ['std-mix4', 'H₂S', '四元混合气'],
];
for (const [name, formula, what] of standards) {
  goods(name, aluCylinder(250, 690, 130, 360, '标准气体', [formula, what]) + aluCylinder(460, 712, 250, 580, '标准气体', [formula, what]));
}

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
  ['cl2', 'Cl₂', '氯', DEEP_GREEN, ['2.3', '5.1', '8']],
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
      .map(
        (i) =>
          `<rect x="228" y="${214 + i * 46}" width="${[150, 120, 170, 140, 160, 110, 150][i]}" height="14" rx="7" fill="#d9e2ec"/><rect x="448" y="${214 + i * 46}" width="${[90, 110, 70, 100, 80, 95, 60][i]}" height="14" rx="7" fill="#aebfd2"/>`,
      )
      .join('') +
    `<circle cx="330" cy="585" r="58" fill="none" stroke="${RED}" stroke-width="6" opacity=".85"/><circle cx="330" cy="585" r="44" fill="none" stroke="${RED}" stroke-width="2" opacity=".85"/>` +
    text(330, 597, '合格', 32, RED, 'font-weight="700" opacity=".9"') +
    `<circle cx="598" cy="620" r="70" fill="none" stroke="${BRAND}" stroke-width="14"/><path d="M648 670L700 722" stroke="${BRAND}" stroke-width="22" stroke-linecap="round"/>`,
);

goods(
  'delivery',
  `<rect x="60" y="692" width="680" height="6" fill="#9fb0c3"/>` +
    `<rect x="90" y="430" width="430" height="28" fill="#33414f"/>` +
    [0, 1, 2, 3, 4]
      .map((i) =>
        cylinder({
          cx: 130 + i * 82,
          bottom: 430,
          w: 64,
          h: 250,
          color: ['#6cb2e2', '#1c1f23', SILVER, '#e6e9ec', '#6cb2e2'][i]!,
          rings: false,
        }),
      )
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
  for (const px of [x0 + 18, cx - 8, x0 + w - 34])
    out += `<rect x="${n(px)}" y="${n(top - 80)}" width="16" height="82" fill="url(#metal)"/>`;
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

function tanker(label: string): string {
  let out = `<rect x="30" y="668" width="740" height="6" fill="#9fb0c3"/>`;
  out += `<rect x="70" y="548" width="520" height="26" fill="#2e3a47"/>`;
  out += `<path d="M140 330H520A90 110 0 0 1 520 550H140A90 110 0 0 1 140 330Z" fill="url(#white)" stroke="#aab7c5" stroke-width="3"/>`;
  out += `<rect x="60" y="492" width="550" height="16" fill="${BRAND}"/><rect x="60" y="512" width="550" height="6" fill="${ACCENT}"/>`;
  out += text(335, 452, label, label.length > 3 ? 56 : 92, BRAND, 'font-weight="700"');
  out += `<rect x="100" y="318" width="460" height="10" rx="5" fill="#c3ccd6"/><rect x="220" y="296" width="50" height="30" fill="#8793a1"/>`;
  out += diamond(110, 420, 34, '2.2');
  out += `<path d="M600 420H690L760 500V640H600Z" fill="${BRAND}"/><path d="M620 440H682L735 500H620Z" fill="#cfe3f7"/><rect x="600" y="600" width="160" height="22" fill="${BRAND_DARK}"/>`;
  out += `<path d="M666 384L700 418H632Z" fill="#f5c400" stroke="#111" stroke-width="2"/>`;
  out += [140, 230, 320, 690]
    .map((x) => `<circle cx="${x}" cy="630" r="42" fill="#1f252c"/><circle cx="${x}" cy="630" r="17" fill="#8793a1"/>`)
    .join('');
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
  goods(`tanker-${key}`, tanker(label));
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
      if (i % 3 === 2)
        out += `<path d="M${x + w / 2} ${y + 118}V${y + 242}" stroke="${BRAND}" stroke-width="6"/><path d="M${x + w / 2 - 14} ${y + 228}L${x + w / 2} ${y + 250}L${x + w / 2 + 14} ${y + 228}Z" fill="${BRAND}"/>`;
      else if (row === 0)
        out += `<path d="M${x + w + 8} ${y + 55}H${x + 222}" stroke="${BRAND}" stroke-width="6"/><path d="M${x + 210} ${y + 41}L${x + 228} ${y + 55}L${x + 210} ${y + 69}Z" fill="${BRAND}"/>`;
      else
        out += `<path d="M${x - 8} ${y + 55}H${x - 72}" stroke="${BRAND}" stroke-width="6"/><path d="M${x - 60} ${y + 41}L${x - 78} ${y + 55}L${x - 60} ${y + 69}Z" fill="${BRAND}"/>`;
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
    Array.from({ length: 15 }, (_, i) => `<path d="M${100 + i * 31} 312V628" stroke="#fff" stroke-opacity=".14" stroke-width="8"/>`).join(
      '',
    ) +
    `<rect x="380" y="340" width="150" height="90" rx="4" fill="#0f2f52" opacity=".5"/>` +
    [0, 1, 2, 3, 4].map((i) => `<path d="M395 ${356 + i * 14}H515" stroke="#cfe3f7" stroke-width="5"/>`).join('') +
    text(230, 500, '膜分离制氮', 48, '#fff', 'font-weight="700"') +
    `<path d="M600 320L680 282V520L600 560Z" fill="none" stroke="#cfe3f7" stroke-opacity=".5" stroke-width="4"/>`,
);

goods(
  'electrolyzer-alk',
  `<rect x="70" y="620" width="660" height="40" rx="4" fill="#33414f"/>` +
    `<rect x="90" y="380" width="40" height="240" rx="6" fill="#5d6874"/><rect x="410" y="380" width="40" height="240" rx="6" fill="#5d6874"/>` +
    Array.from(
      { length: 20 },
      (_, i) => `<rect x="${134 + i * 13.6}" y="392" width="10" height="216" fill="${i % 2 ? '#3f86cf' : BRAND}"/>`,
    ).join('') +
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
    [0, 1, 2]
      .map((r) =>
        [0, 1, 2, 3, 4]
          .map(
            (c) =>
              `<rect x="${215 + c * 76}" y="${380 + r * 58}" width="${[52, 40, 60, 44, 50][(c + r) % 5]}" height="30" rx="4" fill="#3d4853" opacity=".8"/>`,
          )
          .join(''),
      )
      .join('') +
    text(400, 620, '钢印标记', 40, '#dfe6ee', 'font-weight="700"'),
);
goods(
  'cylinder-alu',
  cylinder({ cx: 230, bottom: 700, w: 120, h: 330, color: '#d3d9e0', valve: 'metal', rings: false }) +
    cylinder({ cx: 400, bottom: 712, w: 150, h: 430, color: '#d3d9e0', valve: 'metal', rings: false }) +
    cylinder({ cx: 580, bottom: 700, w: 160, h: 500, color: '#d3d9e0', valve: 'metal', rings: false }),
);
goods(
  'cylinder-alu-std',
  aluCylinder(300, 690, 160, 440, '标准气体', ['SO₂', '内壁处理']) + aluCylinder(500, 712, 180, 520, '标准气体', ['NO', '内壁处理']),
);
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
  for (let i = 0; i < cols; i++)
    out += cylinder({ cx: left + w / 2 + i * w + 26, bottom: 640, w: 88, h: 430, color, rings: false, valve: 'brass' });
  for (let i = 0; i < cols; i++)
    out += cylinder({ cx: left + w / 2 + i * w, bottom: 660, w: 92, h: 440, color, rings: false, valve: 'brass' });
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
      .map(
        (x) =>
          `<path d="M${x} 374C${x} 460 ${x + 40} 470 ${x + 40} 560" stroke="#8793a1" stroke-width="14" fill="none"/><rect x="${x - 30}" y="300" width="60" height="40" rx="6" fill="url(#brass)"/>${handwheel(x, 292, 40, '#2e3a47')}<rect x="${x + 14}" y="560" width="52" height="90" rx="8" fill="url(#brass)"/>`,
      )
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
  if (r.clamp)
    out += `<path d="M260 560V680H420V560" stroke="#8793a1" stroke-width="26" fill="none"/><rect x="320" y="650" width="40" height="80" fill="#5d6874"/>`;
  else
    out += `<rect x="316" y="540" width="70" height="110" rx="8" fill="url(#${r.body})"/><path d="M300 620H402M300 640H402" stroke="#5d6874" stroke-width="4"/>`;
  if (r.heater)
    out += `<rect x="290" y="560" width="120" height="80" rx="10" fill="#1f252c"/><path d="M290 610C200 640 170 700 120 720" stroke="#1f252c" stroke-width="12" fill="none"/>`;
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
goods(
  'reg-dual-brass',
  regulator({ body: 'metal', gauges: 2, rim: '#8793a1' }) +
    `<rect x="300" y="430" width="160" height="30" rx="15" fill="#e6c65c" opacity=".6"/>`,
);
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
    text(400, 500, '兆帕', 36, '#52606d') +
    text(400, 580, '禁油', 44, RED, 'font-weight="700"') +
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
goods(
  'manifold-c2h2',
  manifold('#fbfbfb', false, 3) +
    `<rect x="120" y="180" width="40" height="60" rx="6" fill="url(#brass)"/><rect x="640" y="180" width="40" height="60" rx="6" fill="url(#brass)"/>`,
);
goods(
  'manifold-detail',
  `<rect x="40" y="360" width="720" height="56" rx="28" fill="url(#metal)"/>` +
    [170, 400, 630]
      .map(
        (x) =>
          `<rect x="${x - 50}" y="300" width="100" height="180" rx="12" fill="url(#brass)"/>${handwheel(x, 290, 70, '#2e3a47')}<path d="M${x} 480C${x} 560 ${x - 40} 600 ${x - 40} 700" stroke="#8793a1" stroke-width="18" fill="none"/>`,
      )
      .join('') +
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
    [130, 570]
      .map((x) => `<path d="M${x} 360H${x + 100}L${x + 100} 470H${x}Z" fill="url(#metal)" stroke="#7d8895" stroke-width="3"/>`)
      .join('') +
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

// ---------------------------------------------------------------- shared defs for the brand pictures

/** The goods gradients by id, so every brand picture carries only the ones it uses. */
const DEF_LIB = new Map<string, string>();
for (const g of GOODS_DEFS.match(/<linearGradient id="\w+".*?<\/linearGradient>/g) ?? []) DEF_LIB.set(/id="(\w+)"/.exec(g)![1]!, g);
DEF_LIB.set(
  'frost',
  '<linearGradient id="frost" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#d3e6f7"/></linearGradient>',
);
DEF_LIB.set(
  'mk',
  `<linearGradient id="mk" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1a6fc2"/><stop offset="1" stop-color="${BRAND_DARK}"/></linearGradient>`,
);
DEF_LIB.set(
  'die',
  '<linearGradient id="die" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5aa6ec"/><stop offset=".5" stop-color="#7b6fd6"/><stop offset="1" stop-color="#3bc4c0"/></linearGradient>',
);
DEF_LIB.set(
  'beam',
  '<linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff6b6b"/><stop offset="1" stop-color="#e03131"/></linearGradient>',
);
DEF_LIB.set(
  'fire',
  `<linearGradient id="fire" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#e8590c"/><stop offset=".55" stop-color="${ACCENT}"/><stop offset="1" stop-color="#ffd43b"/></linearGradient>`,
);
DEF_LIB.set(
  'water',
  '<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a5d8ff"/><stop offset="1" stop-color="#4dabf7"/></linearGradient>',
);

/** Wraps a picture with exactly the gradients its body refers to (plus any extra defs). */
function picture(w: number, h: number, body: string, extra = ''): string {
  const used = [...DEF_LIB].filter(([id]) => body.includes(`url(#${id})`)).map(([, d]) => d);
  return svg(w, h, body, used.join('') + extra);
}

// ---------------------------------------------------------------- brand: logo, favicon

/**
 * The 华气云商 mark on a 48-unit square: a white gas cylinder with an orange handwheel and a brand-blue
 * cloud (云) on its body, on a rounded brand-blue square. `bold` drops the fine details so it reads at 16 px.
 */
function mark(bold = false): string {
  let out = `<rect width="48" height="48" rx="11" fill="url(#mk)"/>`;
  if (bold) {
    out += `<rect x="20.5" y="9" width="7" height="7" fill="#fff"/><rect x="14.5" y="5" width="19" height="5.5" rx="2.75" fill="${ACCENT}"/>`;
    out += `<path d="M13.5 25A10.5 10.5 0 0 1 34.5 25V39Q34.5 42.5 31 42.5H17Q13.5 42.5 13.5 39Z" fill="#fff"/>`;
    out += `<rect x="13.5" y="29" width="21" height="4.5" fill="${BRAND}"/>`;
    return out;
  }
  out += `<circle cx="42" cy="4" r="24" fill="#fff" opacity=".06"/>`;
  out += `<rect x="21.5" y="12" width="5" height="5" fill="#fff"/><rect x="20.5" y="9.5" width="7" height="4" rx="1" fill="#fff"/><rect x="27" y="10.5" width="3.5" height="2.2" rx=".6" fill="#fff"/>`;
  out += `<rect x="16.5" y="6.2" width="15" height="3.6" rx="1.8" fill="${ACCENT}"/>`;
  out += `<path d="M15.5 24.5A8.5 8.5 0 0 1 32.5 24.5V38Q32.5 41 29.5 41H18.5Q15.5 41 15.5 38Z" fill="#fff"/>`;
  out += `<path d="M27.6 16.8A8.5 8.5 0 0 1 32.5 24.5V38Q32.5 41 29.5 41H27.8Q29.8 40.6 29.8 37.6V24.8Q29.8 19.6 27.6 16.8Z" fill="#d3e3f3"/>`;
  out += `<path d="M19.2 33.5A2.6 2.6 0 0 1 19.9 28.4A3.9 3.9 0 0 1 27.3 27.4A3.1 3.1 0 0 1 28.8 33.5Z" fill="${BRAND}"/>`;
  return out;
}
files.set('logo.svg', picture(48, 48, mark()).replace('width="48" height="48"', 'width="44" height="44"'));
files.set('favicon.svg', picture(48, 48, mark(true)).replace('width="48" height="48"', 'width="32" height="32"'));

// ---------------------------------------------------------------- categories: 128 px icons

/** Icon line weight: pipes, beams, frames and glass outlines all use it. */
const SW = 3;
const INK = '#33414f';
const TEAL = '#138a72';
const SKY = '#6cb2e2';

function icon(id: number, body: string, extra = ''): void {
  files.set(
    `images/categories/${id}.svg`,
    picture(
      128,
      128,
      `<rect width="128" height="128" rx="28" fill="${SOFT}"/><ellipse cx="64" cy="108" rx="44" ry="4.5" fill="#c9d6e6"/>${body}`,
      extra,
    ),
  );
}

/** A cylinder at icon scale: thin anti-shock rings instead of the goods' wide ones. */
function icyl(cx: number, bottom: number, w: number, h: number, color: string, valve: 'brass' | 'metal' = 'brass', rings = true): string {
  let out = cylinder({ cx, bottom, w, h, color, valve, rings: false });
  if (rings) {
    const top = bottom - h;
    for (const y of [top + w * 0.5 + h * 0.05, bottom - h * 0.2])
      out += `<rect x="${n(cx - w / 2 - 1.5)}" y="${n(y)}" width="${n(w + 3)}" height="${n(w * 0.1)}" rx="${n(w * 0.05)}" fill="#1f252c" opacity=".85"/>`;
  }
  return out;
}

/** A white certificate label with a brand band, as on standard and electronic gas cylinders. */
function ilabel(cx: number, bottom: number, w: number, h: number, band = BRAND): string {
  const lw = w * 0.68;
  const lh = h * 0.3;
  const lx = cx - lw / 2 - w * 0.04;
  const ly = bottom - h + w * 0.5 + h * 0.12;
  return `<rect x="${n(lx)}" y="${n(ly)}" width="${n(lw)}" height="${n(lh)}" rx="${n(w * 0.06)}" fill="#fff"/><rect x="${n(lx)}" y="${n(ly)}" width="${n(lw)}" height="${n(lh * 0.26)}" rx="${n(w * 0.06)}" fill="${band}"/><rect x="${n(lx + lw * 0.18)}" y="${n(ly + lh * 0.55)}" width="${n(lw * 0.64)}" height="${n(lh * 0.1)}" fill="#c3ccd6"/><rect x="${n(lx + lw * 0.18)}" y="${n(ly + lh * 0.76)}" width="${n(lw * 0.44)}" height="${n(lh * 0.1)}" fill="${ACCENT}"/>`;
}

/** A round badge with a white rim. */
function badge(cx: number, cy: number, r: number, fill: string, inner: string): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r + SW)}" fill="#fff"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"/>${inner}`;
}

/** A space-filling atom with a highlight. */
function atom(x: number, y: number, r: number, color: string): string {
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${color}"/><circle cx="${n(x - r * 0.32)}" cy="${n(y - r * 0.32)}" r="${n(r * 0.32)}" fill="#fff" opacity=".45"/>`;
}
const CPK = { O: '#e03131', N: '#3b5bdb', C: '#343a40', H: '#f1f3f5' };

/** A molecule badge: N₂ / O₂ as two atoms, CO₂ as O–C–O. */
function molecule(cx: number, cy: number, kind: 'N2' | 'O2' | 'CO2' | 'mix'): string {
  let inner = '';
  if (kind === 'N2' || kind === 'O2')
    inner = atom(cx - 5, cy, 7, CPK[kind[0] as 'N' | 'O']) + atom(cx + 5, cy, 7, CPK[kind[0] as 'N' | 'O']);
  else if (kind === 'CO2') inner = atom(cx - 9, cy, 5.5, CPK.O) + atom(cx + 9, cy, 5.5, CPK.O) + atom(cx, cy, 6.5, CPK.C);
  else
    inner =
      atom(cx, cy - 7.5, 4.6, '#74b816') +
      atom(cx - 7.5, cy + 4, 4.6, '#74b816') +
      atom(cx + 7.5, cy + 4, 4.6, '#74b816') +
      atom(cx, cy, 6, CPK.C) +
      atom(cx + 1.5, cy + 7, 4.2, '#94d82d');
  return badge(cx, cy, 15, '#fff', inner);
}

function flake(cx: number, cy: number, r: number, color = '#fff'): string {
  let d = '';
  for (const a of [90, 30, -30]) {
    const dx = r * Math.cos((a * Math.PI) / 180);
    const dy = r * Math.sin((a * Math.PI) / 180);
    d += `M${n(cx - dx)} ${n(cy - dy)}L${n(cx + dx)} ${n(cy + dy)}`;
  }
  return `<path d="${d}" stroke="${color}" stroke-width="${n(r * 0.3)}" stroke-linecap="round"/>`;
}

/** Frost on the lower part of a cryogenic vessel: an uneven white rim with icicles; `s` scales it up for banners. */
function frost(x0: number, x1: number, y: number, bottom: number, s = 1): string {
  const bumps = Math.max(3, Math.round((x1 - x0) / (9 * s)));
  const step = (x1 - x0) / bumps;
  const lift = [3, 0, 4, 1, 3, 0, 2, 4, 1, 3];
  let d = `M${n(x0)} ${n(bottom)}V${n(y + 2 * s)}`;
  for (let i = 0; i < bumps; i++)
    d += `Q${n(x0 + step * (i + 0.5))} ${n(y - (lift[i % lift.length]! + 3) * s)} ${n(x0 + step * (i + 1))} ${n(y + (i % 3 === 1 ? 3 : 1) * s)}`;
  d += `V${n(bottom)}Z`;
  let out = `<path d="${d}" fill="url(#frost)" opacity=".95"/>`;
  for (let i = 1; i < bumps; i += 2)
    out += `<path d="M${n(x0 + step * i - 1.6 * s)} ${n(y + 2 * s)}L${n(x0 + step * i)} ${n(y + (9 + (i % 4)) * s)}L${n(x0 + step * i + 1.6 * s)} ${n(y + 2 * s)}Z" fill="#fff"/>`;
  return out;
}

/** A small liquid cylinder (dewar) with collar, three valves, gauge and a coloured band. */
function idewar(cx: number, bottom: number, w: number, h: number, band: string, stripe = '', casters = false): string {
  const x0 = cx - w / 2;
  const x1 = cx + w / 2;
  const top = bottom - h;
  const r = w * 0.2;
  let out = `<rect x="${n(x0 + 3)}" y="${n(top - 15)}" width="${n(w - 6)}" height="4" rx="2" fill="#9aa6b3"/>`;
  for (const px of [x0 + 5, x1 - 8]) out += `<rect x="${n(px)}" y="${n(top - 13)}" width="3" height="14" fill="#9aa6b3"/>`;
  out += `<rect x="${n(cx - 9)}" y="${n(top - 7)}" width="18" height="8" fill="#8793a1"/>`;
  out += `<ellipse cx="${n(cx - 9)}" cy="${n(top - 8)}" rx="4.5" ry="1.8" fill="#2f6fd6"/><ellipse cx="${n(cx + 9)}" cy="${n(top - 8)}" rx="4.5" ry="1.8" fill="#2f9e44"/><ellipse cx="${n(cx)}" cy="${n(top - 10)}" rx="4.5" ry="1.8" fill="${RED}"/>`;
  out += gauge(x1 - 6, top - 21, 6);
  out += `<path d="M${n(x0)} ${n(top + r)}Q${n(x0)} ${n(top)} ${n(x0 + r)} ${n(top)}H${n(x1 - r)}Q${n(x1)} ${n(top)} ${n(x1)} ${n(top + r)}V${n(bottom - 4)}Q${n(x1)} ${n(bottom)} ${n(x1 - 4)} ${n(bottom)}H${n(x0 + 4)}Q${n(x0)} ${n(bottom)} ${n(x0)} ${n(bottom - 4)}Z" fill="url(#metal)"/>`;
  const by = top + h * 0.26;
  const bh = h * 0.17;
  out += `<rect x="${n(x0)}" y="${n(by)}" width="${n(w)}" height="${n(bh)}" fill="${band}"/>`;
  if (stripe) out += `<rect x="${n(x0)}" y="${n(by + bh * 0.38)}" width="${n(w)}" height="${n(bh * 0.24)}" fill="${stripe}"/>`;
  out += `<rect x="${n(x0)}" y="${n(by)}" width="${n(w)}" height="${n(bh)}" fill="url(#shade)"/>`;
  if (casters) for (const x of [x0 + 6, x1 - 6]) out += `<circle cx="${n(x)}" cy="${n(bottom + 1)}" r="4" fill="#1f252c"/>`;
  return out;
}

function vapourS(x: number, y: number, s = 1): string {
  return `<g fill="#fff" opacity=".9"><ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(8 * s)}" ry="${n(4.5 * s)}"/><ellipse cx="${n(x + 7 * s)}" cy="${n(y - 6 * s)}" rx="${n(6 * s)}" ry="${n(3.5 * s)}"/><ellipse cx="${n(x + 12 * s)}" cy="${n(y - 12 * s)}" rx="${n(4 * s)}" ry="${n(2.4 * s)}"/></g>`;
}

/** A vertical cryogenic storage tank on legs. */
function itank(cx: number, top: number, bottom: number, w: number, band = ''): string {
  const x0 = cx - w / 2;
  let out = '';
  for (const x of [x0 + 4, cx - 2, x0 + w - 8]) out += `<rect x="${n(x)}" y="${n(bottom - 12)}" width="4" height="12" fill="#7d8895"/>`;
  out += `<path d="M${n(x0)} ${n(top + w * 0.45)}Q${n(x0)} ${n(top)} ${n(cx)} ${n(top)}Q${n(x0 + w)} ${n(top)} ${n(x0 + w)} ${n(top + w * 0.45)}V${n(bottom - 16)}Q${n(x0 + w)} ${n(bottom - 11)} ${n(x0 + w - 5)} ${n(bottom - 11)}H${n(x0 + 5)}Q${n(x0)} ${n(bottom - 11)} ${n(x0)} ${n(bottom - 16)}Z" fill="url(#metal)"/>`;
  if (band)
    out += `<rect x="${n(x0)}" y="${n(top + (bottom - top) * 0.3)}" width="${n(w)}" height="10" fill="${band}"/><rect x="${n(x0)}" y="${n(top + (bottom - top) * 0.3)}" width="${n(w)}" height="10" fill="url(#shade)"/>`;
  return out;
}

/** Finned ambient vaporiser. */
function ivaporiser(x: number, y: number, cols: number, h: number): string {
  let out = `<path d="M${n(x - 2)} ${n(y - 3)}H${n(x + cols * 8)}" stroke="#8793a1" stroke-width="${SW}" stroke-linecap="round"/>`;
  for (let i = 0; i < cols; i++) {
    out += `<rect x="${n(x + i * 8)}" y="${n(y)}" width="6" height="${n(h)}" rx="1" fill="#eef3f8" stroke="#a4b1bf" stroke-width="1"/>`;
    for (let yy = y + 5; yy < y + h - 2; yy += 6)
      out += `<path d="M${n(x + i * 8 - 1)} ${n(yy)}H${n(x + i * 8 + 7)}" stroke="#c3ccd6" stroke-width="1.2"/>`;
  }
  return out;
}

/** A PSA adsorption tower (rounded column with gloss). */
function itower(x: number, top: number, bottom: number, w: number, color: string): string {
  const p = `M${n(x)} ${n(top + w / 2)}A${n(w / 2)} ${n(w / 2)} 0 0 1 ${n(x + w)} ${n(top + w / 2)}V${n(bottom - w / 2)}A${n(w / 2)} ${n(w / 2)} 0 0 1 ${n(x)} ${n(bottom - w / 2)}Z`;
  return `<path d="${p}" fill="${color}"/><path d="${p}" fill="url(#shade)"/>`;
}

function pipe(d: string, color = '#8793a1', w = SW): string {
  return `<path d="${d}" stroke="${color}" stroke-width="${w}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function flameS(cx: number, bottom: number, h: number): string {
  const w = h * 0.62;
  const outer = `M${n(cx)} ${n(bottom - h)}C${n(cx + w * 0.7)} ${n(bottom - h * 0.55)} ${n(cx + w * 0.6)} ${n(bottom)} ${n(cx)} ${n(bottom)}C${n(cx - w * 0.6)} ${n(bottom)} ${n(cx - w * 0.7)} ${n(bottom - h * 0.55)} ${n(cx)} ${n(bottom - h)}Z`;
  const ih = h * 0.5;
  const iw = w * 0.5;
  const inner = `M${n(cx)} ${n(bottom - ih)}C${n(cx + iw * 0.7)} ${n(bottom - ih * 0.5)} ${n(cx + iw * 0.6)} ${n(bottom)} ${n(cx)} ${n(bottom)}C${n(cx - iw * 0.6)} ${n(bottom)} ${n(cx - iw * 0.7)} ${n(bottom - ih * 0.5)} ${n(cx)} ${n(bottom - ih)}Z`;
  return `<path d="${outer}" fill="url(#fire)"/><path d="${inner}" fill="#fff3bf"/>`;
}

function sparkS(cx: number, cy: number, r: number): string {
  let d = '';
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4 + Math.PI / 8;
    const r0 = r * 0.45;
    const r1 = i % 2 ? r : r * 0.75;
    d += `M${n(cx + r0 * Math.cos(a))} ${n(cy + r0 * Math.sin(a))}L${n(cx + r1 * Math.cos(a))} ${n(cy + r1 * Math.sin(a))}`;
  }
  return `<path d="${d}" stroke="${ACCENT}" stroke-width="2.4" stroke-linecap="round"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.28)}" fill="#ffd43b"/>`;
}

/** A microchip seen from above: dark package, gold pins, iridescent die. */
function chip(x: number, y: number, s: number): string {
  let out = '';
  const k = 4;
  for (let i = 0; i < k; i++) {
    const o = s * (0.2 + (i * 0.6) / (k - 1));
    out += `<rect x="${n(x + o - 1.5)}" y="${n(y - 5)}" width="3" height="${n(s + 10)}" rx="1" fill="#c9a74a"/><rect x="${n(x - 5)}" y="${n(y + o - 1.5)}" width="${n(s + 10)}" height="3" rx="1" fill="#c9a74a"/>`;
  }
  out += `<rect x="${n(x)}" y="${n(y)}" width="${n(s)}" height="${n(s)}" rx="4" fill="#1d2b3a"/><rect x="${n(x + s * 0.24)}" y="${n(y + s * 0.24)}" width="${n(s * 0.52)}" height="${n(s * 0.52)}" rx="2" fill="url(#die)"/>`;
  out += `<path d="M${n(x + s * 0.5)} ${n(y + s * 0.24)}V${n(y + s * 0.76)}M${n(x + s * 0.24)} ${n(y + s * 0.5)}H${n(x + s * 0.76)}" stroke="#fff" stroke-opacity=".5" stroke-width="1.2"/>`;
  return out;
}

/** A brass or stainless regulator seen from the front: body, one or two bonnets (stages), inlet stem with nut, outlet and gauges. */
function iregulator(cx: number, cy: number, body: 'brass' | 'metal', gauges: 1 | 2, rim = INK, stages: 1 | 2 = 1): string {
  const f = `fill="url(#${body})"`;
  const half = stages === 2 ? 30 : 22;
  let out = `<rect x="${n(cx - 5)}" y="${n(cy + 10)}" width="10" height="14" ${f}/><rect x="${n(cx - 10)}" y="${n(cy + 21)}" width="20" height="8" rx="2" fill="#1f252c"/>`;
  out += `<rect x="${n(cx + half - 6)}" y="${n(cy - 5)}" width="22" height="10" rx="2" ${f}/><path d="M${n(cx + half + 16)} ${n(cy - 3)}L${n(cx + half + 22)} ${n(cy - 2)}V${n(cy + 2)}L${n(cx + half + 16)} ${n(cy + 3)}Z" ${f}/>`;
  out += `<rect x="${n(cx - half)}" y="${n(cy - 13)}" width="${n(half * 2)}" height="26" rx="9" ${f}/>`;
  const bonnets: [number, number][] =
    stages === 2
      ? [
          [cx - 14, 13],
          [cx + 14, 13],
        ]
      : [[cx, 17]];
  for (const [x, r] of bonnets) {
    out += `<circle cx="${n(x)}" cy="${n(cy)}" r="${r}" ${f} stroke="#00000026" stroke-width="1.5"/><circle cx="${n(x)}" cy="${n(cy)}" r="${n(r * 0.42)}" ${f} stroke="#00000040" stroke-width="1.5"/><circle cx="${n(x - r * 0.12)}" cy="${n(cy - r * 0.12)}" r="${n(r * 0.14)}" fill="#fff" opacity=".6"/>`;
  }
  const gx = gauges === 2 ? [cx - 17, cx + 17] : [cx - 14];
  gx.forEach((x, i) => {
    out += `<rect x="${n(x - 3)}" y="${n(cy - 30)}" width="6" height="20" ${f}/>` + gauge(x, cy - 38, 13, rim, i === 1);
  });
  return out;
}

function ballValve(cx: number, cy: number, s: number): string {
  return (
    `<rect x="${n(cx - s * 1.6)}" y="${n(cy - s * 0.32)}" width="${n(s * 3.2)}" height="${n(s * 0.64)}" rx="2" fill="url(#metal)"/>` +
    `<rect x="${n(cx - s * 1.75)}" y="${n(cy - s * 0.45)}" width="${n(s * 0.5)}" height="${n(s * 0.9)}" rx="2" fill="url(#metal)" stroke="#7d8895" stroke-width="1"/><rect x="${n(cx + s * 1.25)}" y="${n(cy - s * 0.45)}" width="${n(s * 0.5)}" height="${n(s * 0.9)}" rx="2" fill="url(#metal)" stroke="#7d8895" stroke-width="1"/>` +
    `<rect x="${n(cx - s * 0.75)}" y="${n(cy - s * 0.62)}" width="${n(s * 1.5)}" height="${n(s * 1.24)}" rx="${n(s * 0.22)}" fill="url(#metal)" stroke="#7d8895" stroke-width="1"/>` +
    `<rect x="${n(cx - s * 0.12)}" y="${n(cy - s * 1)}" width="${n(s * 0.24)}" height="${n(s * 0.42)}" fill="#8793a1"/><rect x="${n(cx - s * 0.4)}" y="${n(cy - s * 1.22)}" width="${n(s * 2.1)}" height="${n(s * 0.3)}" rx="${n(s * 0.15)}" fill="${BRAND}"/>`
  );
}

DEF_LIB.set(
  'gasfire',
  '<linearGradient id="gasfire" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#1864ab"/><stop offset="1" stop-color="#74c0fc"/></linearGradient>',
);

function gasFlame(cx: number, bottom: number, h: number): string {
  return flameS(cx, bottom, h).replace('url(#fire)', 'url(#gasfire)').replace('#fff3bf', '#d0ebff');
}

/** Glassware outline style shared by the flask and the drinking glass. */
const GLASS = `fill="#fff" fill-opacity=".8" stroke="#8fb3d6" stroke-width="${SW}" stroke-linejoin="round"`;
const bubbles = (pts: [number, number, number][]) =>
  pts.map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity=".9"/>`).join('');

// 1 特种气体 and its lines
icon(
  1,
  icyl(42, 104, 26, 62, SILVER, 'metal', false) +
    ilabel(42, 104, 26, 62, ACCENT) +
    icyl(66, 108, 32, 76, '#d3d9e0', 'metal', false) +
    ilabel(66, 108, 32, 76) +
    molecule(100, 36, 'mix'),
);
icon(101, icyl(42, 108, 30, 76, SILVER, 'metal', false) + ilabel(42, 108, 30, 76, ACCENT) + chip(72, 64, 30));
icon(
  102,
  icyl(44, 108, 32, 78, '#d3d9e0', 'metal', false) +
    ilabel(44, 108, 32, 78) +
    `<rect x="80" y="46" width="16" height="5" rx="2.5" fill="#8fb3d6"/><path d="M83 51V66L71 97Q68 106 77 106H99Q108 106 105 97L93 66V51Z" ${GLASS}/>` +
    `<path d="M75.6 85.5L72.4 94Q70.5 102.5 77.5 102.5H98.5Q105.5 102.5 103.6 94L100.4 85.5Z" fill="${BRAND}" opacity=".85"/>` +
    bubbles([
      [84, 92, 2],
      [92, 96, 1.6],
      [88, 79, 1.6],
    ]),
);
icon(
  103,
  icyl(50, 108, 36, 84, SILVER, 'metal', false) +
    ilabel(50, 108, 36, 84) +
    badge(96, 40, 16, ACCENT, text(96, 46, '5N', 17, '#fff', 'font-weight="700" letter-spacing="-.5"')),
);
icon(
  104,
  icyl(34, 108, 28, 72, SILVER, 'metal', false) +
    ilabel(34, 108, 28, 72, '#e03131') +
    pipe('M41 29C50 29 50 37 58 37') +
    `<rect x="58" y="29" width="46" height="16" rx="4" fill="${BRAND}"/><rect x="62" y="33" width="22" height="3" rx="1.5" fill="#fff" opacity=".5"/><path d="M86 45H98L95 54H89Z" fill="#5d6874"/>` +
    `<rect x="64" y="96" width="48" height="7" rx="2" fill="url(#metal)"/>` +
    `<path d="M92 54V94" stroke="#ff8787" stroke-width="9" opacity=".35" stroke-linecap="round"/><path d="M92 54V94" stroke="url(#beam)" stroke-width="${SW}"/>` +
    sparkS(92, 95, 11),
);
icon(
  105,
  icyl(42, 108, 30, 76, SKY, 'brass') +
    `<path d="M74 62L78.5 106H99.5L104 62Z" ${GLASS}/><path d="M75.7 77L78.5 104H99.5L102.3 77Z" fill="url(#water)" opacity=".8"/>` +
    bubbles([
      [84, 96, 2],
      [94, 90, 1.8],
      [88, 84, 1.5],
      [97, 100, 1.5],
    ]) +
    pipe('M96 52L90 92', ACCENT, SW) +
    badge(98, 32, 13, '#2f9e44', `<path d="M95 24.5H101V29H105.5V35H101V39.5H95V35H90.5V29H95Z" fill="#fff"/>`),
);

// 2 瓶装气体 (GB/T 7144 colours)
icon(2, icyl(38, 104, 26, 60, '#1c1f23') + icyl(90, 104, 26, 60, SILVER) + icyl(64, 108, 32, 78, SKY));
const bottled = (color: string, extra: string) => icyl(36, 104, 26, 60, color) + icyl(60, 108, 32, 78, color) + extra;
icon(201, bottled(SKY, molecule(98, 38, 'O2')));
icon(202, bottled('#1c1f23', molecule(98, 38, 'N2')));
icon(
  203,
  bottled(
    SILVER,
    `<rect x="80" y="96" width="32" height="6" rx="2" fill="url(#metal)"/>` +
      pipe('M112 54L101 78', INK, 7) +
      pipe('M101 78L98.5 84', '#c9a74a', 4) +
      sparkS(97, 91, 10),
  ),
);
icon(204, bottled('#e6e9ec', molecule(98, 38, 'CO2')));
icon(205, bottled('#fbfbfb', pipe('M113 102L101 82', INK, 7) + pipe('M101 82L97.5 76', '#c9a74a', 4) + flameS(96, 74, 30)));
icon(
  206,
  pipe('M101 51C96 62 106 70 99 84', '#8b96a3', 1.5) +
    pipe('M86 59C84 70 92 76 88 88', '#8b96a3', 1.5) +
    bottled(SILVER, '') +
    `<ellipse cx="88" cy="46" rx="9" ry="11" fill="${BRAND}"/><ellipse cx="85" cy="41" rx="2.5" ry="4" fill="#fff" opacity=".35"/>` +
    `<ellipse cx="101" cy="36" rx="11" ry="13" fill="${ACCENT}"/><ellipse cx="97" cy="30" rx="3" ry="4.5" fill="#fff" opacity=".4"/><path d="M99 49L103 49L101 52Z" fill="${ACCENT}"/>`,
);

// 3 液态大宗气体: tanks and dewars with frost
icon(
  3,
  itank(50, 16, 108, 34) +
    frost(33, 67, 84, 97) +
    pipe('M67 92H80') +
    ivaporiser(80, 56, 4, 46) +
    frost(79, 111, 86, 102) +
    flake(24, 40, 6, '#7fb6ec'),
);
const liquidIcon = (band: string, stripe = '') =>
  idewar(58, 106, 42, 66, band, stripe) + frost(37, 79, 90, 106) + vapourS(84, 28) + flake(100, 66, 6, '#7fb6ec');
icon(301, liquidIcon(SKY));
icon(302, liquidIcon('#1c1f23'));
icon(303, liquidIcon(SILVER, DEEP_GREEN));
const CAPSULE = 'M37 54H91A19 19 0 0 1 91 92H37A19 19 0 0 1 37 54Z';
icon(
  304,
  `<rect x="34" y="86" width="8" height="20" fill="#7d8895"/><rect x="86" y="86" width="8" height="20" fill="#7d8895"/><rect x="30" y="100" width="68" height="6" rx="2" fill="${INK}"/>` +
    `<rect x="56" y="47" width="16" height="8" rx="2" fill="url(#metal)"/><path d="${CAPSULE}" fill="url(#white)" stroke="#aab7c5" stroke-width="1.5"/>` +
    `<g clip-path="url(#cap)"><rect x="18" y="68" width="92" height="3" fill="${BRAND}"/><rect x="18" y="72" width="92" height="1.5" fill="${ACCENT}"/>${frost(18, 110, 82, 94)}</g>` +
    molecule(98, 30, 'CO2') +
    flake(26, 36, 6, '#7fb6ec'),
  `<clipPath id="cap"><path d="${CAPSULE}"/></clipPath>`,
);
icon(305, itank(52, 20, 108, 36, '#7a4a2b') + frost(34, 70, 84, 97) + badge(96, 40, 14, '#fff', gasFlame(96, 50, 22)));

// 4 现场制气
const psaTowers = (color: string) =>
  `<rect x="16" y="100" width="92" height="6" rx="2" fill="${INK}"/>` + itower(22, 34, 100, 20, color) + itower(46, 34, 100, 20, color);
icon(
  4,
  psaTowers(BRAND) +
    pipe('M32 36V26H56V36M44 26V20H88V48') +
    `<rect x="72" y="48" width="34" height="52" rx="4" fill="url(#white)" stroke="#a4b1bf" stroke-width="1.5"/><rect x="77" y="54" width="24" height="15" rx="2" fill="#0f2f52"/><path d="M80 64L84 60L88 63L93 57L98 61" stroke="#7ee2a8" stroke-width="1.5" fill="none"/>` +
    `<circle cx="81" cy="76" r="2.5" fill="#2f9e44"/><circle cx="89" cy="76" r="2.5" fill="${ACCENT}"/><circle cx="97" cy="76" r="2.5" fill="${RED}"/><rect x="77" y="83" width="24" height="12" rx="2" fill="none" stroke="#a4b1bf" stroke-width="1.5"/>`,
);
const psaIcon = (color: string, kind: 'N2' | 'O2') =>
  psaTowers(color) +
  pipe('M32 36V26H56V36M44 26V20H79V58') +
  itower(70, 56, 100, 18, '#e9eef3') +
  gauge(79, 70, 5) +
  molecule(98, 34, kind);
icon(401, psaIcon(BRAND, 'N2'));
icon(402, psaIcon(TEAL, 'O2'));
icon(
  403,
  `<rect x="16" y="100" width="96" height="6" rx="2" fill="${INK}"/><path d="M22 100V30M106 100V30" stroke="#8c98a5" stroke-width="${SW}"/>` +
    [0, 1, 2]
      .map((i) => {
        const y = 34 + i * 22;
        return `<rect x="30" y="${y}" width="68" height="14" rx="7" fill="url(#white)" stroke="#a4b1bf" stroke-width="1"/><rect x="24" y="${y - 2}" width="10" height="18" rx="3" fill="${BRAND}"/><rect x="94" y="${y - 2}" width="10" height="18" rx="3" fill="${BRAND}"/>`;
      })
      .join('') +
    `<rect x="46" y="36" width="34" height="10" rx="2" fill="#fff4e0"/>` +
    [38, 41, 44].map((y) => `<path d="M47 ${y}H79" stroke="${ACCENT}" stroke-width="1.2" opacity=".8"/>`).join('') +
    pipe('M104 41H114M104 63H114M104 85H114', '#8793a1') +
    pipe('M14 63H24', ACCENT),
);
icon(
  404,
  `<rect x="18" y="100" width="80" height="6" rx="2" fill="${INK}"/>` +
    `<rect x="22" y="48" width="70" height="52" rx="6" fill="#fff" fill-opacity=".8" stroke="#8fb3d6" stroke-width="${SW}"/><path d="M23.5 62H90.5V92Q90.5 98.5 84 98.5H30Q23.5 98.5 23.5 92Z" fill="url(#water)" opacity=".85"/>` +
    `<rect x="36" y="38" width="7" height="52" rx="2" fill="${INK}"/><rect x="71" y="38" width="7" height="52" rx="2" fill="${INK}"/>` +
    bubbles([
      [46, 80, 2],
      [48, 72, 2.4],
      [45, 66, 1.8],
      [50, 86, 1.6],
      [68, 78, 2.2],
      [66, 70, 1.8],
    ]) +
    pipe('M39.5 38V30H60M74.5 38V30H60', INK) +
    badge(100, 34, 14, ACCENT, `<path d="M102 23L94 36H100L97 46L106 32H100Z" fill="#fff"/>`),
);

// 5 气瓶
icon(
  5,
  icyl(36, 104, 24, 60, '#5d6b7a', 'brass', false) + icyl(92, 104, 24, 60, '#d3d9e0', 'metal', false) + idewar(64, 106, 34, 54, BRAND),
);
icon(
  501,
  icyl(42, 104, 28, 64, '#5d6b7a') +
    icyl(74, 108, 34, 80, '#5d6b7a') +
    [0, 1, 2].map((i) => `<rect x="${64 + i * 7}" y="46" width="${[5, 4, 6][i]}" height="3" rx="1" fill="#2e3a47" opacity=".8"/>`).join(''),
);
icon(
  502,
  icyl(34, 104, 22, 48, '#d3d9e0', 'metal', false) +
    icyl(60, 106, 26, 64, '#d3d9e0', 'metal', false) +
    icyl(90, 108, 30, 78, '#d3d9e0', 'metal', false),
);
icon(503, idewar(58, 104, 46, 70, BRAND, '', true) + flake(100, 40, 7, '#7fb6ec'));
icon(
  504,
  [38, 64, 90].map((x) => icyl(x, 100, 22, 64, '#7a8794', 'brass', false)).join('') +
    pipe('M28 26H100', '#8793a1') +
    `<rect x="22" y="20" width="84" height="84" rx="3" fill="none" stroke="#8c98a5" stroke-width="${SW + 1}"/><path d="M22 52H106M22 80H106" stroke="#8c98a5" stroke-width="${SW}"/>` +
    `<rect x="20" y="100" width="88" height="7" rx="2" fill="#6f7b88"/><circle cx="24" cy="16" r="4" fill="none" stroke="#6f7b88" stroke-width="2.5"/><circle cx="104" cy="16" r="4" fill="none" stroke="#6f7b88" stroke-width="2.5"/>`,
);

// 6 减压器及配件
icon(6, iregulator(50, 72, 'brass', 2, '#2f6fd6') + ballValve(88, 100, 9));
icon(
  601,
  iregulator(52, 74, 'brass', 1) +
    `<rect x="68" y="20" width="16" height="46" rx="5" fill="#d9ecfb" stroke="#8fb3d6" stroke-width="1.5"/><rect x="72" y="24" width="8" height="38" rx="3" fill="#eef6fd"/><path d="M72 30H76M72 38H76M72 46H76M72 54H76" stroke="#52606d" stroke-width="1"/><circle cx="76" cy="44" r="3" fill="${RED}"/>`,
);
icon(602, iregulator(54, 72, 'metal', 2, INK, 2));
icon(
  603,
  [24, 42, 86, 104]
    .map((x) => icyl(x, 106, 14, 44, SKY, 'brass', false) + pipe(`M${x} 48C${x} 52 ${x + 2} 53 ${x + 1} 56`, '#8793a1', 2))
    .join('') +
    `<rect x="12" y="42" width="104" height="6" rx="3" fill="url(#metal)"/>` +
    pipe('M64 70V106', '#8793a1', 4) +
    `<rect x="51" y="22" width="26" height="50" rx="4" fill="#fff" stroke="#a4b1bf" stroke-width="1.5"/>` +
    gauge(58, 33, 5.5) +
    gauge(70, 33, 5.5) +
    `<circle cx="64" cy="56" r="7" fill="url(#brass)"/><circle cx="64" cy="56" r="2.5" fill="#7a5b12"/>`,
);
/** A hex nut / union in brass, centred, with its flats along the pipe axis. */
function hexNut(cx: number, cy: number, w: number, h: number, vertical = false): string {
  const [a, b] = vertical ? [h / 2, w / 2] : [w / 2, h / 2];
  const d = vertical
    ? `M${n(cx - b)} ${n(cy - a * 0.55)}L${n(cx - b * 0.55)} ${n(cy - a)}H${n(cx + b * 0.55)}L${n(cx + b)} ${n(cy - a * 0.55)}V${n(cy + a * 0.55)}L${n(cx + b * 0.55)} ${n(cy + a)}H${n(cx - b * 0.55)}L${n(cx - b)} ${n(cy + a * 0.55)}Z`
    : `M${n(cx - a * 0.55)} ${n(cy - b)}H${n(cx + a * 0.55)}L${n(cx + a)} ${n(cy - b * 0.55)}V${n(cy + b * 0.55)}L${n(cx + a * 0.55)} ${n(cy + b)}H${n(cx - a * 0.55)}L${n(cx - a)} ${n(cy + b * 0.55)}V${n(cy - b * 0.55)}Z`;
  return `<path d="${d}" fill="url(#brass)"/>`;
}
const TUBE = 'M24 30V72Q24 84 36 84H110';
icon(
  604,
  `<path d="${TUBE}" stroke="#9aa6b3" stroke-width="10" fill="none"/><path d="${TUBE}" stroke="#fff" stroke-opacity=".55" stroke-width="2.5" fill="none" transform="translate(-2 -2)"/>` +
    `<path d="M92 84V50" stroke="#9aa6b3" stroke-width="10"/><path d="M90 84V50" stroke="#fff" stroke-opacity=".55" stroke-width="2.5"/>` +
    hexNut(24, 32, 18, 12, true) +
    hexNut(110, 84, 12, 18) +
    `<rect x="84" y="70" width="16" height="16" rx="3" fill="url(#metal)" stroke="#7d8895" stroke-width="1"/>` +
    `<rect x="88" y="38" width="8" height="14" fill="url(#brass)"/>` +
    handwheel(92, 38, 11, RED) +
    ballValve(56, 84, 12),
);

// ---------------------------------------------------------------- banners (1920×800) and ads (960×360)

/*
 * The home page crops banners to about 960×408 (object-fit: cover) and sets white titles over the left
 * 45 %, so the left half stays a dark, quiet brand-blue gradient and the illustration lives in x ≥ 1000.
 */
DEF_LIB.set(
  'sky',
  '<linearGradient id="sky" x1="0" y1="0" x2="1" y2=".3"><stop offset="0" stop-color="#052b54"/><stop offset=".45" stop-color="#073f7a"/><stop offset=".8" stop-color="#0b57a3"/><stop offset="1" stop-color="#1266b6"/></linearGradient>',
);
DEF_LIB.set(
  'glow',
  '<radialGradient id="glow"><stop offset="0" stop-color="#6cb4f0" stop-opacity=".5"/><stop offset=".6" stop-color="#3b8ad8" stop-opacity=".16"/><stop offset="1" stop-color="#3b8ad8" stop-opacity="0"/></radialGradient>',
);
DEF_LIB.set(
  'ground',
  '<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0a4a8c"/><stop offset="1" stop-color="#05284d"/></linearGradient>',
);
DEF_LIB.set(
  'wafer',
  '<linearGradient id="wafer" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a9cdfa"/><stop offset=".35" stop-color="#b8a8f0"/><stop offset=".65" stop-color="#86d6dc"/><stop offset="1" stop-color="#c5d6f6"/></linearGradient>',
);
DEF_LIB.set(
  'glass',
  '<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#cfe6fb"/><stop offset="1" stop-color="#7fb3e6"/></linearGradient>',
);

/** Background of a wide hero: calm gradient, a soft light behind the illustration and a floor from `floorY`. */
function heroBase(w: number, h: number, glowX: number, glowY: number, glowR: number, floorY: number): string {
  return (
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>` +
    `<circle cx="${glowX}" cy="${glowY}" r="${glowR}" fill="url(#glow)"/>` +
    `<rect y="${floorY}" width="${w}" height="${h - floorY}" fill="url(#ground)" opacity=".75"/><rect y="${floorY}" width="${w}" height="2" fill="#5b9fe0" opacity=".35"/>`
  );
}

/** A soft contact shadow on the floor. */
const shadow = (cx: number, cy: number, rx: number, ry = rx * 0.09) =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="#021a33" opacity=".35"/>`;

/** A cylinder with a certificate label, as electronic and standard gases are delivered. */
function labelledCylinder(cx: number, bottom: number, w: number, h: number, color: string, band: string, rings = false): string {
  return shadow(cx, bottom, w * 0.75) + cylinder({ cx, bottom, w, h, color, valve: 'metal', rings }) + ilabel(cx, bottom, w, h, band);
}

/** A text-free paper tag on a string, hanging from a cylinder neck at (x, y). */
function blankTag(x: number, y: number, color: string, s = 1, left = false): string {
  if (left) return `<g transform="translate(${n(2 * x)} 0) scale(-1 1)">${blankTag(x, y, color, s)}</g>`;
  const w = 64 * s;
  const hh = 38 * s;
  return `<path d="M${n(x)} ${n(y)}Q${n(x + 20 * s)} ${n(y + 40 * s)} ${n(x + 30 * s)} ${n(y + 66 * s)}" stroke="#c3ccd6" stroke-width="${n(2 * s)}" fill="none"/><g transform="rotate(14 ${n(x + 30 * s)} ${n(y + 66 * s)})"><rect x="${n(x + 22 * s)}" y="${n(y + 60 * s)}" width="${n(w)}" height="${n(hh)}" rx="${n(6 * s)}" fill="${color}"/><circle cx="${n(x + 31 * s)}" cy="${n(y + 69 * s)}" r="${n(4 * s)}" fill="#fff"/><rect x="${n(x + 40 * s)}" y="${n(y + 72 * s)}" width="${n(36 * s)}" height="${n(5 * s)}" rx="${n(2.5 * s)}" fill="#fff" opacity=".85"/><rect x="${n(x + 40 * s)}" y="${n(y + 84 * s)}" width="${n(24 * s)}" height="${n(5 * s)}" rx="${n(2.5 * s)}" fill="#fff" opacity=".6"/></g>`;
}

function banner(id: number, body: string, extra = ''): void {
  files.set(
    `images/banners/${id}.svg`,
    picture(1920, 800, body, extra).replace('width="1920" height="800"', 'width="1920" height="800" preserveAspectRatio="xMidYMid slice"'),
  );
}

// 1 高纯与电子特气: cleanroom ceiling, a silicon wafer, electronic-grade cylinders and a chip
{
  let b = heroBase(1920, 800, 1420, 380, 620, 690);
  // Cleanroom hints: fan-filter units in the ceiling and a tiled floor in perspective.
  b += `<rect x="960" y="0" width="960" height="64" fill="#fff" opacity=".04"/>`;
  for (let i = 0; i < 7; i++) b += `<rect x="${1012 + i * 126}" y="16" width="100" height="30" rx="5" fill="#dff0ff" opacity=".1"/>`;
  let grid = '';
  for (let i = -7; i <= 7; i++) grid += `M${1420 + i * 40} 690L${1420 + i * 190} 800`;
  b += `<path d="${grid}M960 735H1920M960 775H1920" stroke="#8cc3f5" stroke-width="2" opacity=".1"/>`;
  // The wafer, with its die grid clipped to the disc.
  let o = '';
  let dies = '';
  for (let x = 1260; x <= 1640; x += 40) dies += `M${x} 150V550`;
  for (let y = 170; y <= 550; y += 40) dies += `M1240 ${y}H1640`;
  o += `<circle cx="1440" cy="350" r="214" fill="#dbe7f7" opacity=".22"/><circle cx="1440" cy="350" r="200" fill="url(#wafer)"/>`;
  o += `<path d="${dies}" stroke="#fff" stroke-width="3" opacity=".45" clip-path="url(#disc)"/>`;
  o += `<path d="M1310 200A200 200 0 0 1 1600 228" stroke="#fff" stroke-width="10" opacity=".35" fill="none" stroke-linecap="round"/><rect x="1416" y="544" width="48" height="8" rx="3" fill="#0a4a8c" opacity=".6"/>`;
  // Cylinders on the cleanroom floor (the last one only shows on wide screens).
  o += labelledCylinder(1790, 700, 92, 330, SILVER, ACCENT);
  o += labelledCylinder(1075, 700, 96, 350, SILVER, ACCENT) + labelledCylinder(1195, 718, 120, 450, '#d3d9e0', BRAND);
  o += labelledCylinder(1612, 708, 100, 380, SILVER, BRAND);
  // A chip lifted in front of the wafer, fed by a thin gas line.
  o += pipe('M1225 241C1320 241 1310 560 1380 576', '#9ccaf2', 4) + `<circle cx="1380" cy="576" r="7" fill="${ACCENT}"/>`;
  o += shadow(1440, 704, 110, 11) + `<g transform="translate(1440 590) scale(3.2) translate(-15 -15)">${chip(0, 0, 30)}</g>`;
  banner(1, b + `<g transform="translate(-30 0)">${o}</g>`, '<clipPath id="disc"><circle cx="1440" cy="350" r="200"/></clipPath>');
}

// 2 液氮液氧槽车直送: a cryogenic tanker beside a frosty vertical storage tank
{
  let b = heroBase(1920, 800, 1380, 420, 620, 660);
  // Distant plant on the horizon.
  b += `<path d="M960 660V610H1010V580H1040V610H1120V560H1150V520H1170V560H1230V600H1300V660ZM1640 660V560H1700V600H1760V540H1800V500H1820V540H1880V590H1920V660Z" fill="#0d5cab" opacity=".45"/>`;
  // Road.
  b += `<rect y="700" width="1920" height="100" fill="#04213f" opacity=".55"/>`;
  for (let x = 980; x < 1920; x += 120) b += `<rect x="${x}" y="748" width="60" height="6" rx="3" fill="#fff" opacity=".22"/>`;
  let o = '';
  // Ambient vaporiser bank (shows on wide screens) and the vertical storage tank with frost.
  o += pipe('M1660 590H1738', '#9aa6b3', 10);
  for (let i = 0; i < 5; i++) {
    const x = 1730 + i * 34;
    o += `<rect x="${x}" y="330" width="24" height="330" rx="4" fill="#e9eef3" opacity=".92"/><path d="M${x + 12} 336V654" stroke="#c3ccd6" stroke-width="4"/>`;
  }
  o += `<path d="M1726 320H1900" stroke="#9aa6b3" stroke-width="10"/>` + frost(1726, 1898, 610, 662, 2.2);
  o += shadow(1590, 666, 130, 13);
  for (const x of [1536, 1584, 1632]) o += `<rect x="${x}" y="600" width="16" height="66" fill="#7d8895"/>`;
  o += `<path d="M1520 190Q1520 100 1590 96Q1660 100 1660 190V606Q1660 618 1648 618H1532Q1520 618 1520 606Z" fill="url(#metal)"/>`;
  o += `<rect x="1520" y="300" width="140" height="22" fill="${BRAND}"/><rect x="1520" y="326" width="140" height="6" fill="${ACCENT}"/>`;
  o += frost(1520, 1660, 566, 618, 2.6) + vapourS(1610, 100, 3.4);
  // Tanker, cab facing left, drawn at full size and scaled to 0.8 from its front wheel line.
  let t = shadow(1290, 706, 330, 14);
  t += `<rect x="990" y="626" width="620" height="26" rx="6" fill="#1c2733"/>`;
  t += `<path d="M1132 470H1048Q1032 470 1024 486L984 566V640H1132Z" fill="url(#white)"/><path d="M1118 486H1056L1018 560H1118Z" fill="url(#glass)"/><path d="M1062 492L1040 536" stroke="#fff" stroke-width="8" opacity=".35" stroke-linecap="round"/>`;
  t += `<rect x="984" y="596" width="148" height="14" fill="${BRAND}"/><rect x="976" y="624" width="34" height="30" rx="6" fill="#2e3a47"/><rect x="986" y="572" width="16" height="12" rx="3" fill="#ffd43b"/>`;
  t += `<path d="M1240 424H1500A100 100 0 0 1 1500 624H1240A100 100 0 0 1 1240 424Z" fill="url(#white)" stroke="#aab7c5" stroke-width="3"/>`;
  t += `<g clip-path="url(#tk)"><rect x="1130" y="566" width="480" height="18" fill="${BRAND}"/><rect x="1130" y="588" width="480" height="7" fill="${ACCENT}"/>${frost(1150, 1600, 608, 630, 2.2)}</g>`;
  t += `<rect x="1200" y="412" width="330" height="10" rx="5" fill="#c3ccd6"/><rect x="1440" y="392" width="34" height="28" fill="#8793a1"/>`;
  t +=
    `<rect x="1580" y="540" width="44" height="96" rx="6" fill="url(#metal)"/>` +
    handwheel(1602, 556, 16, '#2f6fd6') +
    handwheel(1602, 590, 16, '#2f9e44');
  t += vapourS(1470, 380, 2.6);
  t += [1064, 1250, 1340, 1520]
    .map((x) => `<circle cx="${x}" cy="660" r="38" fill="#1c2733"/><circle cx="${x}" cy="660" r="16" fill="#8793a1"/>`)
    .join('');
  o += `<g transform="matrix(.8 0 0 .8 ${n(1000 - 976 * 0.8)} ${n(698 - 698 * 0.8)})">${t}</g>`;
  banner(
    2,
    b + `<g transform="translate(-40 0)">${o}</g>`,
    '<clipPath id="tk"><path d="M1240 424H1500A100 100 0 0 1 1500 624H1240A100 100 0 0 1 1240 424Z"/></clipPath>',
  );
}

// 3 标准气体定制配比: lab bench with an analyser, glassware and tagged standard-gas cylinders
{
  let b = heroBase(1920, 800, 1380, 360, 620, 700);
  // Wall cabinets, faint.
  for (let i = 0; i < 5; i++)
    b += `<rect x="${1000 + i * 150}" y="80" width="136" height="136" rx="8" fill="#fff" opacity=".06"/><rect x="${1060 + i * 150}" y="136" width="16" height="36" rx="4" fill="#fff" opacity=".1"/>`;
  let o = '';
  // Bench, analyser and glassware drawn at full size, scaled to 0.78 from the bench's front-left foot.
  let g = shadow(1300, 708, 330, 10);
  g += `<rect x="980" y="584" width="640" height="124" fill="#0d4f94"/><rect x="1000" y="600" width="190" height="92" rx="6" fill="#125fae"/><rect x="1206" y="600" width="190" height="92" rx="6" fill="#125fae"/><rect x="1412" y="600" width="190" height="92" rx="6" fill="#125fae"/>`;
  g += [1095, 1301, 1507].map((x) => `<rect x="${x - 24}" y="616" width="48" height="8" rx="4" fill="#9ccaf2" opacity=".7"/>`).join('');
  g += `<rect x="964" y="562" width="672" height="26" rx="6" fill="#e3eaf2"/><rect x="964" y="582" width="672" height="6" fill="#aebccb"/>`;
  g += `<rect x="1010" y="338" width="330" height="226" rx="14" fill="url(#white)"/><rect x="1010" y="338" width="330" height="30" rx="14" fill="${BRAND}"/><rect x="1010" y="354" width="330" height="14" fill="${BRAND}"/>`;
  g += `<rect x="1034" y="388" width="196" height="130" rx="8" fill="#0f2f52"/><path d="M1046 420H1218M1046 460H1218" stroke="#2d5680" stroke-width="2"/>`;
  g += `<path d="M1046 500H1070L1078 470L1086 500H1112L1122 414L1132 500H1160L1168 456L1176 500H1218" stroke="#7ee2a8" stroke-width="4" fill="none" stroke-linejoin="round"/><circle cx="1122" cy="414" r="6" fill="${ACCENT}"/>`;
  g += `<circle cx="1270" cy="410" r="22" fill="#c3ccd6" stroke="#8793a1" stroke-width="4"/><circle cx="1260" cy="470" r="8" fill="#2f9e44"/><circle cx="1288" cy="470" r="8" fill="${ACCENT}"/><rect x="1250" y="496" width="60" height="12" rx="6" fill="#c3ccd6"/>`;
  g += `<path d="M1034 540H1316" stroke="#c3ccd6" stroke-width="4"/>`;
  g += `<rect x="1378" y="446" width="36" height="10" rx="5" fill="#c7e0f6"/><path d="M1386 456V490L1358 552Q1354 562 1366 562H1426Q1438 562 1434 552L1406 490V456Z" fill="#fff" fill-opacity=".75" stroke="#9ccaf2" stroke-width="4" stroke-linejoin="round"/><path d="M1368 532L1361 548Q1358 556 1368 556H1424Q1434 556 1431 548L1424 532Z" fill="${ACCENT}" opacity=".85"/>`;
  g += `<rect x="1460" y="480" width="20" height="80" rx="4" fill="#fff" fill-opacity=".7" stroke="#9ccaf2" stroke-width="3"/><rect x="1490" y="500" width="20" height="60" rx="4" fill="#fff" fill-opacity=".7" stroke="#9ccaf2" stroke-width="3"/><rect x="1463" y="520" width="14" height="38" rx="3" fill="#7ee2a8"/><rect x="1493" y="530" width="14" height="28" rx="3" fill="${SKY}"/><rect x="1450" y="556" width="72" height="8" rx="3" fill="#8793a1"/>`;
  g += `<rect x="1540" y="500" width="56" height="62" rx="8" fill="url(#white)"/><rect x="1550" y="512" width="36" height="14" rx="3" fill="#0f2f52"/><circle cx="1568" cy="544" r="8" fill="#c3ccd6"/>`;
  o += `<g transform="matrix(.78 0 0 .78 ${n(976 - 964 * 0.78)} ${n(708 - 708 * 0.78)})">${g}</g>`;
  // Tubing from a cylinder to the analyser.
  o += pipe('M1269 452C1340 452 1400 190 1500 190C1566 190 1590 206 1590 232', '#c3ccd6', 5);
  // Standard-gas cylinders with certificate labels and tags (the silver one shows on wide screens).
  o += labelledCylinder(1806, 716, 100, 420, SILVER, ACCENT);
  o += labelledCylinder(1562, 724, 112, 460, '#d3d9e0', BRAND) + labelledCylinder(1676, 712, 96, 390, '#d3d9e0', '#2f9e44');
  o += blankTag(1550, 244, ACCENT, 1.05, true) + blankTag(1686, 300, '#2f9e44', 0.95);
  banner(3, b + `<g transform="translate(-40 0)">${o}</g>`);
}

function ad(id: number, body: string): void {
  files.set(
    `images/ads/${id}.svg`,
    picture(960, 360, body).replace('width="960" height="360"', 'width="960" height="360" preserveAspectRatio="xMidYMid slice"'),
  );
}

// Ad 1 现场制氮: a PSA nitrogen skid – twin adsorbers, buffer tank, control cabinet and the nitrogen outlet
{
  let b = heroBase(960, 360, 690, 170, 330, 300);
  b += shadow(680, 306, 240, 10);
  b += pipe('M430 250H500', '#9ccaf2', 6) + `<path d="M488 240L504 250L488 260Z" fill="#9ccaf2"/>`;
  b += `<rect x="470" y="288" width="420" height="14" rx="3" fill="#1c2733"/><rect x="480" y="302" width="14" height="8" fill="#1c2733"/><rect x="866" y="302" width="14" height="8" fill="#1c2733"/>`;
  b += pipe('M540 84V58H620V84M580 58V44H710V150', '#9aa6b3', 8) + pipe('M540 284V296M620 284V296', '#9aa6b3', 8);
  for (const x of [510, 590])
    b +=
      itower(x, 74, 290, 60, '#eef3f8') +
      `<rect x="${x}" y="150" width="60" height="16" fill="${BRAND}"/><rect x="${x}" y="170" width="60" height="4" fill="${ACCENT}"/>`;
  b += itower(686, 146, 290, 48, '#eef3f8') + gauge(710, 128, 14);
  b += pipe('M734 250H770', '#9aa6b3', 8);
  b += `<rect x="770" y="110" width="104" height="180" rx="8" fill="url(#white)"/><rect x="784" y="126" width="76" height="48" rx="4" fill="#0f2f52"/><path d="M792 160L806 146L818 154L834 136L852 148" stroke="#7ee2a8" stroke-width="3" fill="none" stroke-linejoin="round"/>`;
  b += `<circle cx="794" cy="190" r="6" fill="#2f9e44"/><circle cx="814" cy="190" r="6" fill="${ACCENT}"/><circle cx="834" cy="190" r="6" fill="${RED}"/><rect x="784" y="208" width="76" height="66" rx="4" fill="none" stroke="#c3ccd6" stroke-width="2"/><path d="M796 226H848M796 240H848M796 254H848" stroke="#dfe6ee" stroke-width="4"/>`;
  b += pipe('M874 140H918', ACCENT, 8) + `<path d="M912 128L934 140L912 152Z" fill="${ACCENT}"/>`;
  ad(1, b);
}

// Ad 2 气瓶检测与置换服务: an old cylinder under the magnifier, a checklist and a fresh cylinder swapped in
{
  let b = heroBase(960, 360, 690, 170, 330, 300);
  b += shadow(560, 304, 60, 7) + cylinder({ cx: 560, bottom: 304, w: 80, h: 230, color: '#5d6b7a' });
  for (let i = 0; i < 3; i++)
    b += `<rect x="${540 + i * 14}" y="${122 + (i % 2) * 8}" width="${[10, 8, 12][i]}" height="5" rx="2" fill="#2e3a47" opacity=".8"/>`;
  b += shadow(820, 304, 60, 7) + cylinder({ cx: 820, bottom: 304, w: 80, h: 230, color: SKY });
  // Swap arrows.
  b += `<path d="M640 150C670 118 720 118 748 146" stroke="${ACCENT}" stroke-width="8" fill="none" stroke-linecap="round"/><path d="M742 128L756 156L728 152Z" fill="${ACCENT}"/>`;
  b += `<path d="M748 206C718 238 668 238 640 210" stroke="#9ccaf2" stroke-width="8" fill="none" stroke-linecap="round"/><path d="M646 228L632 200L660 204Z" fill="#9ccaf2"/>`;
  // Magnifier over the shoulder stamp.
  b += `<path d="M610 158L646 196" stroke="#2e3a47" stroke-width="14" stroke-linecap="round"/><circle cx="588" cy="134" r="34" fill="#dff0ff" fill-opacity=".25" stroke="#fff" stroke-width="8"/><path d="M570 116A24 24 0 0 1 596 110" stroke="#fff" stroke-width="4" opacity=".6" fill="none" stroke-linecap="round"/>`;
  // Checklist on a clipboard.
  b +=
    shadow(462, 304, 46, 6) +
    `<rect x="420" y="170" width="86" height="130" rx="8" fill="#8b5e34"/><rect x="428" y="182" width="70" height="110" rx="4" fill="#fff"/><rect x="446" y="162" width="34" height="16" rx="5" fill="#9aa6b3"/>`;
  for (let i = 0; i < 4; i++) {
    const y = 202 + i * 24;
    b += `<path d="M436 ${y}L441 ${y + 5}L450 ${y - 5}" stroke="${i < 3 ? '#2f9e44' : '#c3ccd6'}" stroke-width="3.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/><rect x="458" y="${y - 3}" width="${[30, 24, 32, 20][i]}" height="6" rx="3" fill="#dfe6ee"/>`;
  }
  ad(2, b);
}

// ---------------------------------------------------------------- shop logos (128 px)

DEF_LIB.set(
  'indigo',
  '<linearGradient id="indigo" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5b5bd6"/><stop offset="1" stop-color="#32318f"/></linearGradient>',
);
DEF_LIB.set(
  'steel',
  '<linearGradient id="steel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4a5968"/><stop offset="1" stop-color="#222d38"/></linearGradient>',
);
DEF_LIB.set(
  'teal',
  '<linearGradient id="teal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1bab8c"/><stop offset="1" stop-color="#0b6b58"/></linearGradient>',
);

function shopLogo(id: number, body: string): void {
  files.set(`images/shops/${id}.svg`, picture(128, 128, body));
}

// 1 华气云商自营旗舰店: the brand mark.
shopLogo(1, `<g transform="scale(2.6667)">${mark()}</g>`);
// 2 晶准特种气体: a cut crystal inside a precision ring.
shopLogo(
  2,
  `<rect width="128" height="128" rx="28" fill="url(#indigo)"/>` +
    `<circle cx="64" cy="66" r="44" fill="none" stroke="${ACCENT}" stroke-width="3"/><path d="M64 16V28M64 104V116M14 66H26M102 66H114" stroke="${ACCENT}" stroke-width="3" stroke-linecap="round"/>` +
    `<path d="M46 42H82L96 58L64 96L32 58Z" fill="#fff"/><path d="M46 42L54 58H74L82 42Z" fill="#e4e2fb"/><path d="M32 58H54L64 96Z" fill="#d3d0f5"/><path d="M74 58H96L64 96Z" fill="#b9b4ee"/><path d="M54 58H74L64 96Z" fill="#f3f2fe"/>`,
);
// 3 安固气瓶阀门: a shield holding a valve handwheel.
shopLogo(
  3,
  `<rect width="128" height="128" rx="28" fill="url(#steel)"/>` +
    `<path d="M64 18L100 30V60C100 84 84 100 64 110C44 100 28 84 28 60V30Z" fill="#fff"/>` +
    `<circle cx="64" cy="62" r="22" fill="none" stroke="${BRAND}" stroke-width="7"/><path d="M64 40V84M45 51L83 73M45 73L83 51" stroke="${BRAND}" stroke-width="5"/><circle cx="64" cy="62" r="8" fill="${ACCENT}"/>`,
);
// 4 清源现场制气设备: a clear drop with twin adsorber towers.
shopLogo(
  4,
  `<rect width="128" height="128" rx="28" fill="url(#teal)"/>` +
    `<path d="M64 16C64 16 98 54 98 78A34 34 0 0 1 30 78C30 54 64 16 64 16Z" fill="#fff"/>` +
    `<rect x="47" y="56" width="13" height="42" rx="6.5" fill="#13917a"/><rect x="68" y="56" width="13" height="42" rx="6.5" fill="#13917a"/><path d="M53.5 58V50H74.5V58" stroke="#13917a" stroke-width="4" fill="none"/><path d="M64 50V42" stroke="${ACCENT}" stroke-width="4" stroke-linecap="round"/><circle cx="64" cy="38" r="4" fill="${ACCENT}"/>`,
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
