/** Synthetic news for build benchmarks (SANDBOX_SCALE=N): deterministic Chinese articles assembled from gas vocabulary, generated in memory. */
import { chinaDateTime } from '#src/shared/formats/china-time.ts';
import { caseCategories } from './cases.ts';
import { gasNames } from './gases.ts';
import type { NewsRecord } from './news.ts';

/** Ids of synthetic articles start here, far above anything the back office seeds. */
export const SYNTHETIC_FIRST_ID = 1_000_001;

const CITIES = [
  '上海',
  '苏州',
  '南京',
  '杭州',
  '合肥',
  '北京',
  '天津',
  '济南',
  '青岛',
  '广州',
  '深圳',
  '东莞',
  '成都',
  '重庆',
  '武汉',
  '长沙',
  '西安',
  '郑州',
  '沈阳',
  '宁波',
];
const CUSTOMERS = [
  '分析测试中心',
  '炼化企业',
  '环境监测站',
  '生物医药企业',
  '汽车零部件工厂',
  '半导体工厂',
  '光伏组件企业',
  '食品饮料企业',
  '钢铁企业',
  '第三方检测机构',
];
const MODES = ['瓶装', '集中供气', '液态储罐', '现场制气', '杜瓦罐', '管道供气'];
const TOPICS = ['纯度控制', '储存要求', '运输安全', '泄漏应急', '减压器选型', '分析方法', '质量验收', '成本优化'];
const SECTORS = caseCategories.filter((c) => c.pid === 0).map((c) => c.name);
const ACTIONS = ['完成验收', '正式投运', '顺利交付', '通过评审', '实现稳定运行'];
const SENTENCES = [
  (g: string, m: string, c: string) => `${c}此前以${m}方式使用${g}，用量增长后对供气连续性提出了更高要求。`,
  (g: string, m: string) => `项目组对${g}的${m}方案进行了现场勘查，核算了峰值流量和日均用量。`,
  (g: string) => `${g}的杂质指标按国家标准逐批检测，随货提供分析报告。`,
  (g: string) => `使用单位对操作人员开展了${g}安全培训，内容包括气瓶识别、减压器安装、检漏和应急处置。`,
  (g: string, m: string) => `改用${m}后，${g}的换瓶次数明显减少，供气压力更加稳定。`,
  (g: string) => `储存场所按要求设置了通风和气体检测报警装置，${g}气瓶直立固定并与禁配物分开存放。`,
  (_g: string, _m: string, c: string) => `${c}的设备负责人表示，稳定的气体供应让实验和生产计划更可控。`,
  (g: string) => `技术服务工程师建议定期核查${g}管路接头的密封情况，并在使用前充分吹扫。`,
];

/** mulberry32: a tiny seeded generator, so article i is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

// The newest synthetic article is older than every seeded one; each next article is three hours older.
const NEWEST = Date.UTC(2024, 11, 31, 12, 0, 0);

function article(i: number): NewsRecord {
  const rnd = random(i + 1);
  const gas = pick(rnd, gasNames);
  const city = pick(rnd, CITIES);
  const customer = pick(rnd, CUSTOMERS);
  const mode = pick(rnd, MODES);
  const topic = pick(rnd, TOPICS);
  const sector = pick(rnd, SECTORS);
  const g = `${gas.name}（${gas.formula}）`;
  const titles = [
    `${city}${customer}${gas.name}${mode}项目${pick(rnd, ACTIONS)}`,
    `${gas.name}${topic}要点：${sector}用户关注的几个问题`,
    `${sector}领域${gas.name}应用案例：${city}${customer}的${mode}实践`,
  ];
  // Every sentence once, in a seeded order: three paragraphs of 3, 3 and 2 sentences.
  const order = SENTENCES.map((_, k) => k);
  for (let k = order.length - 1; k > 0; k--) {
    const j = Math.floor(rnd() * (k + 1));
    [order[k], order[j]] = [order[j]!, order[k]!];
  }
  const sentence = (k: number) => SENTENCES[order[k]!]!(g, mode, `${city}某${customer}`);
  const paragraphs = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7],
  ].map((ks) => ks.map(sentence).join(''));
  return {
    id: SYNTHETIC_FIRST_ID + i,
    categoryId: (i % 3) + 1,
    title: titles[i % titles.length]!,
    summary: `${paragraphs[0]!.slice(0, 60)}…`,
    cover: `/images/news/cat-${(i % 3) + 1}.svg`,
    source: '华气云商',
    author: '编辑部',
    publishedAt: chinaDateTime(NEWEST - i * 3 * 3600_000),
    views: Math.floor(rnd() * 2000),
    likes: Math.floor(rnd() * 50),
    content: [`<h2>${gas.name}${topic}</h2>`, ...paragraphs.map((t) => `<p>${t}</p>`)].join('\n'),
  };
}

let cached: { n: number; list: NewsRecord[] } = { n: 0, list: [] };

/** N synthetic articles, newest first; generated once per N and shared (they are never mutated). */
export function syntheticNews(n: number): readonly NewsRecord[] {
  if (cached.n !== n) cached = { n, list: Array.from({ length: n }, (_, i) => article(i)) };
  return cached.list;
}
