// Pure parts of the knowledge search (src/features/knowledge/search.ts): excerpts as text, result paths, kinds, exact names first.
import { describe, expect, it } from 'vitest';
import {
  articleExcerpt,
  decodeEntities,
  EXACT_NAME_WINDOW,
  exactNamesFirst,
  excerptParts,
  kindOfLabel,
  manifestKinds,
  markTyped,
  namesQuery,
  openKnowledgeIndex,
  plainTerms,
  resultPath,
  SEARCH_TERMS_ID,
  searchTerms,
  termsMeta,
  type PagefindModule,
  type PagefindSubResult,
  type PagefindResultData,
} from '#src/features/knowledge/search.ts';
import { knowledgeSearchUrl } from '#src/shared/http/routes.ts';

describe('excerptParts', () => {
  it('splits marked matches from text', () => {
    expect(excerptParts('载气选<mark>氮气</mark>还是<mark>氦气</mark>。')).toEqual([
      { text: '载气选', mark: false },
      { text: '氮气', mark: true },
      { text: '还是', mark: false },
      { text: '氦气', mark: true },
      { text: '。', mark: false },
    ]);
  });

  it('never yields markup: other tags are dropped and entities decoded into text', () => {
    const parts = excerptParts('&lt;img src=x onerror=alert(1)&gt; <b>粗</b> <mark>a&amp;b</mark> <script>x</script>');
    expect(parts.map((p) => p.text).join('')).toBe('<img src=x onerror=alert(1)> 粗 a&b x');
    expect(parts.find((p) => p.mark)?.text).toBe('a&b');
  });

  it('copes with an unclosed mark and an empty excerpt', () => {
    expect(excerptParts('前<mark>后')).toEqual([
      { text: '前', mark: false },
      { text: '后', mark: true },
    ]);
    expect(excerptParts('')).toEqual([]);
  });

  it('decodes numeric entities and leaves unknown ones', () => {
    expect(decodeEntities('&#27694;&#x6C14; &foo; &#0;')).toBe('氮气 &foo; &#0;');
  });
});

describe('resultPath', () => {
  it('drops the directory slash, query and hash', () => {
    expect(resultPath('/gases/details/1/')).toBe('/gases/details/1');
    expect(resultPath('/services/policies/172/?x=1#a')).toBe('/services/policies/172');
    expect(resultPath('/')).toBe('/');
  });
});

describe('kinds', () => {
  it('reads a label back to its kind and ignores junk', () => {
    expect(kindOfLabel('气体百科')).toBe('encyclopedia');
    expect(kindOfLabel('服务与政策')).toBe('service');
    expect(kindOfLabel('<script>')).toBeUndefined();
    expect(kindOfLabel(null)).toBeUndefined();
  });

  it('builds the knowledge URL of the search page', () => {
    expect(knowledgeSearchUrl('液氮')).toBe('/search?keyword=%E6%B6%B2%E6%B0%AE#knowledge');
    expect(knowledgeSearchUrl('N2', '气体百科')).toBe(`/search?keyword=N2&kind=${encodeURIComponent('气体百科')}#knowledge`);
  });
});

describe('exact names first', () => {
  const nitrogen = { url: '/gases/details/1/', terms: termsMeta(['氮气', 'N₂', 'N2', 'Nitrogen', '液氮', 'LIN']).slice('terms:'.length) };
  const nf3 = { url: '/gases/details/15/', terms: termsMeta(['三氟化氮', 'NF₃', 'NF3', 'Nitrogen trifluoride']).slice('terms:'.length) };
  const news = { url: '/about/news/8/', terms: undefined };

  it('matches a term whole, ignoring case and subscript width', () => {
    expect(namesQuery(nitrogen.terms, 'nitrogen')).toBe(true);
    expect(namesQuery(nitrogen.terms, ' NITROGEN ')).toBe(true);
    expect(namesQuery(nitrogen.terms, 'n2')).toBe(true);
    expect(namesQuery(nf3.terms, 'nitrogen')).toBe(false);
    expect(namesQuery(nf3.terms, 'nitrogen trifluoride')).toBe(true);
    expect(namesQuery(undefined, 'nitrogen')).toBe(false);
    expect(namesQuery(nitrogen.terms, '')).toBe(false);
  });

  it('moves pages naming the query to the front, keeping the order otherwise', () => {
    const order = exactNamesFirst([nf3, news, nitrogen], (r) => r.terms, 'Nitrogen');
    expect(order.map((r) => r.url)).toEqual(['/gases/details/1/', '/gases/details/15/', '/about/news/8/']);
    expect(exactNamesFirst([news, nf3], (r) => r.terms, '氦气')).toEqual([news, nf3]);
  });

  it('keeps commas and separators out of the meta value', () => {
    expect(termsMeta(['a,b', 'c|d', ' ', 'e:f'])).toBe('terms:a b|c d|e f');
  });
});

describe('markTyped', () => {
  it('marks a typed word whole where Pagefind marked only its first character, keeping its marks', () => {
    const parts = excerptParts('<mark>气</mark>瓶直立固定，<mark>氮气</mark>充装');
    expect(markTyped(parts, '气瓶')).toEqual([
      { text: '气瓶', mark: true },
      { text: '直立固定，', mark: false },
      { text: '氮气', mark: true },
      { text: '充装', mark: false },
    ]);
  });

  it('finds each typed word, ignoring case and width, and leaves text alone when nothing matches', () => {
    expect(markTyped(excerptParts('Nitrogen 与 ＮＩＴＲＯＧＥＮ'), 'nitrogen')).toEqual([
      { text: 'Nitrogen', mark: true },
      { text: ' 与 ', mark: false },
      { text: 'ＮＩＴＲＯＧＥＮ', mark: true },
    ]);
    expect(markTyped(excerptParts('减压器安装'), '检漏 减压器')).toEqual([
      { text: '减压器', mark: true },
      { text: '安装', mark: false },
    ]);
    expect(markTyped(excerptParts('无关文字'), '气瓶')).toEqual([{ text: '无关文字', mark: false }]);
    expect(markTyped([], '气瓶')).toEqual([]);
  });
});

describe('searchTerms', () => {
  it('asks for a single Han character only through the pairs it forms with its neighbours, as the index holds them', () => {
    expect(searchTerms('气瓶')).toBe('气瓶');
    expect(searchTerms('检漏')).toBe('检漏');
    expect(searchTerms('减压器')).toBe('减压 压器');
    expect(searchTerms('硫化氢')).toBe('硫化 化氢');
    expect(searchTerms('集中供气')).toBe('集中 中供 供气');
  });

  it('keeps the words of a run together with the pair across each boundary', () => {
    expect(searchTerms('标准气体')).toBe('标准 准气 气体');
    expect(searchTerms('储存要求')).toBe('储存 存要 要求');
    expect(searchTerms('氮气')).toBe('氮气');
  });

  it('keeps Latin words and a lone character, and pairs nothing across spaces or punctuation', () => {
    expect(searchTerms('Nitrogen')).toBe('nitrogen');
    expect(searchTerms('N2')).toBe('n2');
    expect(searchTerms('氨')).toBe('氨');
    expect(searchTerms('ＣＯ２ 气瓶')).toBe('co2 气瓶');
    expect(searchTerms('液氮 储存')).toBe('液氮 储存');
    expect(searchTerms('氮 气')).toBe('氮 气');
    expect(searchTerms('气瓶，检漏！')).toBe('气瓶 检漏');
    expect(searchTerms('气瓶 气瓶')).toBe('气瓶');
    expect(searchTerms('  ')).toBe('');
  });

  it('plainTerms is what Pagefind itself would ask for', () => {
    expect(plainTerms('减压器')).toBe('减 压 器');
    expect(plainTerms('N2 气瓶')).toBe('n2 气 瓶');
  });
});

describe('searchTerms under a segmenter that calls whole words not word-like (Firefox)', () => {
  // Firefox ESR's Intl.Segmenter (ICU4X) splits 氮气 as one segment but reports isWordLike: false for it, where Chromium says true.
  // This fake keeps the real segment boundaries and reports every segment as not word-like: the words must come out the same.
  const real = new Intl.Segmenter('zh-CN', { granularity: 'word' });
  const firefoxLike = {
    segment: (text: string) => [...real.segment(text)].map((s) => ({ ...s, isWordLike: false })),
  } as unknown as Intl.Segmenter;

  it.each(['氮气', '二氧化碳', '乙炔', '液氮', '高纯氮气'])('asks Pagefind for %s as Chromium does', (q) => {
    const terms = searchTerms(q, firefoxLike);
    expect(terms).not.toBe('');
    expect(terms).toBe(searchTerms(q, real));
    expect(plainTerms(q, firefoxLike)).toBe(plainTerms(q, real));
  });

  it('still parts words at spaces and punctuation', () => {
    expect(searchTerms('气瓶，检漏！', firefoxLike)).toBe('气瓶 检漏');
    expect(searchTerms('ＣＯ２ 气瓶', firefoxLike)).toBe('co2 气瓶');
    expect(plainTerms('，。！', firefoxLike)).toBe('');
  });
});

describe('manifestKinds', () => {
  it('lists the known kinds with pages, in filter order', () => {
    expect(manifestKinds({ kinds: { service: 3, news: 10, case: 0, junk: 5 } })).toEqual(['news', 'service']);
    expect(manifestKinds({ kinds: {} })).toEqual([]);
  });

  it('refuses a manifest without kinds', () => {
    expect(() => manifestKinds(null)).toThrow();
    expect(() => manifestKinds({ pages: 3 })).toThrow();
  });
});

describe('openKnowledgeIndex', () => {
  /** A stand-in for Pagefind's module: per bundle, results with scores; records what was created and loaded. */
  function fakePagefind(
    bundles: Record<string, { score: number; url: string; terms?: string; content?: string }[]>,
    emptyFor: string[] = [],
  ) {
    const created: { basePath: string; noWorker?: boolean }[] = [];
    const loaded: string[] = [];
    const asked: string[] = [];
    const merged: string[] = [];
    const module: PagefindModule = {
      createInstance: (o) => {
        created.push(o);
        const kind = o.basePath.split('/').at(-2)!;
        return {
          options: async () => {},
          mergeIndex: async (path: string) => void merged.push(path),
          init: async () => {},
          filters: async () => ({}),
          search: async (term: string) => {
            asked.push(`${kind}:${term}`);
            const results = emptyFor.includes(term) ? [] : (bundles[kind] ?? []);
            return {
              results: results.map((r) => ({
                id: r.url,
                score: r.score,
                data: async (): Promise<PagefindResultData> => {
                  loaded.push(r.url);
                  return { url: r.url, content: r.content ?? '气瓶 减压器 氮气', excerpt: '', meta: { title: r.url, terms: r.terms } };
                },
              })),
            };
          },
        };
      },
    };
    return { module, created, loaded, asked, merged };
  }

  const bundles = {
    news: Array.from({ length: 30 }, (_, i) => ({ score: 0.5 - i / 100, url: `/about/news/${i}/` })),
    encyclopedia: [
      { score: 0.9, url: '/gases/details/15/', terms: 'NF3|Nitrogen trifluoride' },
      { score: 0.44, url: '/gases/details/1/', terms: 'N2|nitrogen' },
    ],
    service: [{ score: 0.455, url: '/services/policies/172/' }],
  };

  async function open(
    fake: ReturnType<typeof fakePagefind>,
    kinds: Record<string, number>,
    recent?: Record<string, { pages: number; superseded: string[] }>,
  ) {
    const imported: string[] = [];
    const index = await openKnowledgeIndex({
      manifest: async (url) => (url === '/pagefind/kinds.json' ? { kinds, recent } : null),
      module: async (url) => {
        imported.push(url);
        return fake.module;
      },
    });
    return { index, imported };
  }

  it('makes one instance per bundle on the page thread, importing Pagefind once', async () => {
    const fake = fakePagefind(bundles);
    const { imported } = await open(fake, { encyclopedia: 2, news: 30, service: 1 });
    expect(imported).toEqual(['/pagefind/encyclopedia/pagefind.js']);
    expect(fake.created).toEqual([
      { basePath: '/pagefind/encyclopedia/', noWorker: true },
      { basePath: '/pagefind/news/', noWorker: true },
      { basePath: '/pagefind/service/', noWorker: true },
    ]);
  });

  it("merges a kind's recent bundle of the fast path and leaves out the results it supersedes", async () => {
    const fake = fakePagefind(bundles);
    const { index } = await open(
      fake,
      { encyclopedia: 2, news: 30, service: 1 },
      { news: { pages: 2, superseded: ['/about/news/0/', '/about/news/1/'] }, service: { pages: 0, superseded: [] } },
    );
    expect(fake.merged).toEqual(['/pagefind/recent-news/']);
    const answer = await index.search('nitrogen');
    expect(answer.counts.news).toBe(28);
    const urls = await Promise.all(answer.hits.map(async (h) => (await h.data()).url));
    expect(urls).not.toContain('/about/news/0/');
    expect(urls).toContain('/about/news/2/');
  });

  it('counts every kind, merges the hits by score, and puts an exact name first', async () => {
    const fake = fakePagefind(bundles);
    const { index } = await open(fake, { encyclopedia: 2, news: 30, service: 1 });
    const answer = await index.search('nitrogen');
    expect(answer.counts).toEqual({ encyclopedia: 2, case: 0, news: 30, service: 1 });
    expect(answer.hits).toHaveLength(33);
    // The nitrogen entry scores ninth but names the query; the rest keep their score order across bundles.
    const urls = await Promise.all(answer.hits.slice(0, 5).map(async (h) => (await h.data()).url));
    expect(urls).toEqual(['/gases/details/1/', '/gases/details/15/', '/about/news/0/', '/about/news/1/', '/about/news/2/']);
    expect(answer.hits[0]!.kind).toBe('encyclopedia');
    expect(answer.hits.slice(0, 5).map((h) => h.kind)).toEqual(['encyclopedia', 'encyclopedia', 'news', 'news', 'news']);
    // The service page scores between news 4 and 5.
    expect((await answer.hits[7]!.data()).url).toBe('/services/policies/172/');
  });

  it('loads data only for the results checked for an exact name, the rest on demand', async () => {
    const fake = fakePagefind(bundles);
    const { index } = await open(fake, { encyclopedia: 2, news: 30, service: 1 });
    const answer = await index.search('氮气');
    // Pagefind keeps a fragment once loaded: what counts is which pages were asked for (each bundle's best is among the first).
    expect(new Set(fake.loaded).size).toBe(EXACT_NAME_WINDOW);
    await answer.hits.at(-1)!.data();
    expect(new Set(fake.loaded).size).toBe(EXACT_NAME_WINDOW + 1);
  });

  it('shows one kind while still counting all of them', async () => {
    const fake = fakePagefind(bundles);
    const { index } = await open(fake, { encyclopedia: 2, news: 30, service: 1 });
    const answer = await index.search('氮气', 'service');
    expect(answer.counts).toEqual({ encyclopedia: 2, case: 0, news: 30, service: 1 });
    expect(answer.hits.map((h) => h.kind)).toEqual(['service']);
  });

  it("asks every bundle for the pairs of single characters, and for ICU's own words only when the pairs find nothing", async () => {
    const fake = fakePagefind(bundles, ['减压 压器']);
    const { index } = await open(fake, { encyclopedia: 2, news: 30 });
    await index.search('气瓶');
    expect(fake.asked).toEqual(['encyclopedia:气瓶', 'news:气瓶']);
    fake.asked.length = 0;
    const answer = await index.search('减压器');
    expect(fake.asked).toEqual(['encyclopedia:减压 压器', 'news:减压 压器', 'encyclopedia:减 压 器', 'news:减 压 器']);
    expect(answer.counts.news).toBe(30);
  });

  it('drops the answer of a bundle whose best page lacks a Chinese word of the query (Pagefind answered for a shorter word)', async () => {
    const fake = fakePagefind({
      news: [{ score: 0.5, url: '/about/news/1/', content: '气瓶检漏要用肥皂水' }],
      service: [{ score: 0.9, url: '/services/policies/172/', content: '分析仪检定要求' }],
    });
    const { index } = await open(fake, { news: 1, service: 1 });
    const answer = await index.search('检漏');
    expect(answer.counts).toEqual({ encyclopedia: 0, case: 0, news: 1, service: 0 });
    expect(await Promise.all(answer.hits.map(async (h) => (await h.data()).url))).toEqual(['/about/news/1/']);
    // A Latin word is not judged so: Pagefind's prefix and case folding are what the reader wants there.
    expect((await index.search('N2')).counts).toEqual({ encyclopedia: 0, case: 0, news: 1, service: 1 });
  });

  it('answers nothing when the build indexed no page', async () => {
    const fake = fakePagefind({});
    const { index, imported } = await open(fake, {});
    expect(imported).toEqual([]);
    expect(await index.search('氮气')).toEqual({ counts: { encyclopedia: 0, case: 0, news: 0, service: 0 }, hits: [] });
  });
});

describe('articleExcerpt', () => {
  // What Pagefind answers as meta.terms: the attribute's value after its key.
  const terms = termsMeta(['氮气', 'N2', 'nitrogen', '液氮', 'LIN']).replace(/^terms:/, '');
  const section = (url: string, excerpt: string, scores: number[]): PagefindSubResult => ({
    url,
    excerpt,
    weighted_locations: scores.map((s) => ({ balanced_score: s })),
  });
  const base = {
    url: '/gases/details/1/',
    content: '高纯气体知识. 氮气（N₂） 氮气是无色无味的气体，约占空气体积的 78%。 氮气 N2 nitrogen 液氮 LIN',
    excerpt: '无味的气体。 <mark>氮气</mark> N2 nitrogen 液氮 LIN',
    meta: { title: '氮气（N₂）', terms },
  };

  it('quotes the article section that says the query most often, never the term list', () => {
    const data = {
      ...base,
      sub_results: [
        section('/gases/details/1/', '高纯气体知识. <mark>氮气</mark>（N₂）', [25000]),
        section('/gases/details/1/#identity-title', '<mark>氮气</mark>是无色无味的气体，<mark>氮气</mark>…', [500, 500]),
        section(`/gases/details/1/#${SEARCH_TERMS_ID}`, '<mark>氮气</mark> N2 nitrogen 液氮 LIN', [50000]),
      ],
    };
    expect(articleExcerpt(data)).toBe('<mark>氮气</mark>是无色无味的气体，<mark>氮气</mark>…');
  });

  it('shows the article opening when only the terms matched (LIN), and stops before the term list', () => {
    const data = { ...base, sub_results: [section(`/gases/details/1/#${SEARCH_TERMS_ID}`, 'N2 nitrogen 液氮 <mark>LIN</mark>', [50000])] };
    const shown = articleExcerpt(data);
    expect(shown.startsWith('高纯气体知识. 氮气（N₂）')).toBe(true);
    expect(shown).not.toContain('LIN');
    const short = { ...data, content: '氮气 &lt;b&gt; 简介。 氮气 N2 nitrogen 液氮 LIN' };
    expect(articleExcerpt(short)).toBe('氮气 &amp;lt;b&amp;gt; 简介。');
  });

  it("keeps Pagefind's excerpt for pages without search terms", () => {
    const data = {
      ...base,
      meta: { title: '减压器怎么选' },
      excerpt: '选<mark>减压器</mark>',
      sub_results: [section('/gases/details/109/', '选<mark>减压器</mark>', [1])],
    };
    expect(articleExcerpt(data)).toBe('选<mark>减压器</mark>');
  });
});
