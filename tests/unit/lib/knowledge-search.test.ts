// Pure parts of the knowledge search (src/lib/knowledge-search.ts): excerpts as text, result paths, kinds, exact names first.
import { describe, expect, it } from 'vitest';
import { decodeEntities, exactNamesFirst, excerptParts, kindOfLabel, namesQuery, resultPath, termsMeta } from '../../../src/lib/knowledge-search.ts';
import { knowledgeSearchUrl } from '../../../src/lib/routes.ts';

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
