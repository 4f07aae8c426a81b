/**
 * The knowledge results of /search, without React: loads the search (`/pagefind/kinds.json`, then Pagefind) only once the section is wanted
 * (it nears the viewport, the URL asks for #knowledge, or a filter is touched), then lists titles, kinds and highlighted
 * excerpts with a filter by kind, "more", and loading, empty and error states.
 */
import {
  articleExcerpt,
  excerptParts,
  kindOfLabel,
  markTyped,
  KNOWLEDGE_PAGE_SIZE,
  openKnowledgeIndex,
  resultPath,
  SEARCH_KIND_LABEL,
  type KnowledgeHit,
  type KnowledgeIndex,
  type PagefindModule,
  type SearchKind,
} from './search.ts';

/**
 * What Pagefind is asked: a keyword naming a gas (CO2, danqi, 干冰, UN1066) becomes the gas's name and the keyword's other
 * words, by the same table and rewrite as the goods search (docs/quick-order.md), loaded with the search itself, not the page.
 */
async function searchedTerm(keyword: string): Promise<string> {
  const { rewriteQuery } = await import('#src/shared/search/rewrite.ts');
  const r = rewriteQuery(keyword);
  return r.gases[0] ? [r.gases[0].gas.name, ...r.rest].join(' ') : keyword;
}

const root = document.querySelector<HTMLElement>('[data-knowledge]');
if (root) setUp(root);

function setUp(section: HTMLElement): void {
  const keyword = section.dataset.keyword ?? '';
  const status = section.querySelector<HTMLElement>('[data-k-status]')!;
  const list = section.querySelector<HTMLOListElement>('[data-k-results]')!;
  const more = section.querySelector<HTMLButtonElement>('[data-k-more]')!;
  const retry = section.querySelector<HTMLButtonElement>('[data-k-retry]')!;
  const filters = section.querySelector<HTMLFieldSetElement>('[data-k-filters]')!;
  const radios = Array.from(filters.querySelectorAll<HTMLInputElement>('input[type=radio]'));

  let api: Promise<KnowledgeIndex> | undefined;
  /** The results in display order: the first ones with their data loaded (and re-ordered), the rest loaded on "more". */
  let ordered: KnowledgeHit[] = [];
  let shown = 0;
  let seq = 0;
  let started = false;
  let attempts = 0;

  const chosenKind = (): SearchKind | undefined => kindOfLabel(radios.find((r) => r.checked)?.value);

  function loadPagefind(): Promise<KnowledgeIndex> {
    if (api) return api;
    // The browser remembers a failed module fetch by URL, so a retry asks under a new one.
    const attempt = ++attempts;
    const fresh = (url: string) => (attempt === 1 ? url : `${url}?retry=${attempt}`);
    api = openKnowledgeIndex({
      manifest: async (url) => {
        const res = await fetch(fresh(url));
        if (!res.ok) throw new Error(`${url}: ${res.status}`);
        return res.json();
      },
      module: (url) => import(/* @vite-ignore */ fresh(url)) as Promise<PagefindModule>,
    });
    // A failed load may succeed on retry (network blip), so it is not kept.
    api.catch(() => (api = undefined));
    return api;
  }

  function setState(state: 'idle' | 'loading' | 'done' | 'empty' | 'error', text: string): void {
    section.dataset.state = state;
    section.setAttribute('aria-busy', String(state === 'loading'));
    status.textContent = text;
    retry.hidden = state !== 'error';
  }

  async function run(): Promise<void> {
    started = true;
    const mine = ++seq;
    const kind = chosenKind();
    setState('loading', '正在搜索知识文章…');
    more.hidden = true;
    try {
      const index = await loadPagefind();
      const answer = await index.search(await searchedTerm(keyword), kind);
      if (mine !== seq) return;
      showCounts(answer.counts);
      const total = answer.hits.length;
      ordered = answer.hits;
      shown = 0;
      list.replaceChildren();
      if (total === 0) {
        setState('empty', kind ? `没有找到与“${keyword}”相关的${SEARCH_KIND_LABEL[kind]}文章。` : `没有找到与“${keyword}”相关的知识文章。`);
        return;
      }
      await showMore(mine);
      setState('done', `找到 ${total} 篇相关${kind ? SEARCH_KIND_LABEL[kind] : '知识'}文章`);
    } catch {
      if (mine !== seq) return;
      list.replaceChildren();
      setState('error', '知识搜索暂时不可用，请稍后重试。');
    }
  }

  function showCounts(counts: Record<SearchKind, number>): void {
    const total = Object.values(counts).reduce((n, c) => n + c, 0);
    for (const r of radios) {
      const kind = kindOfLabel(r.value);
      const n = kind ? counts[kind] : total;
      const out = r.parentElement?.querySelector('[data-k-count]');
      if (out) out.textContent = String(n);
    }
  }

  async function showMore(mine: number): Promise<void> {
    const next = ordered.slice(shown, shown + KNOWLEDGE_PAGE_SIZE);
    const data = await Promise.all(next.map((hit) => hit.data()));
    if (mine !== seq) return;
    list.append(
      ...data.map((d, i) => resultItem(d.url, d.meta.title ?? resultPath(d.url), SEARCH_KIND_LABEL[next[i]!.kind], articleExcerpt(d))),
    );
    shown += next.length;
    more.hidden = shown >= ordered.length;
  }

  function resultItem(url: string, title: string, kind: string, excerpt: string): HTMLLIElement {
    const li = document.createElement('li');
    li.className = 'k-item';
    const a = document.createElement('a');
    a.href = resultPath(url);
    a.className = 'k-title';
    a.textContent = title;
    const label = document.createElement('span');
    label.className = 'k-kind';
    label.textContent = kind;
    const p = document.createElement('p');
    p.className = 'k-excerpt';
    for (const part of markTyped(excerptParts(excerpt), keyword)) {
      if (part.mark) {
        const m = document.createElement('mark');
        m.textContent = part.text;
        p.append(m);
      } else p.append(part.text);
    }
    const head = document.createElement('div');
    head.className = 'k-head';
    head.append(label, a);
    li.append(head, p);
    return li;
  }

  const start = () => {
    if (!started && keyword) void run();
  };

  for (const r of radios) {
    r.addEventListener('change', () => {
      const url = new URL(location.href);
      if (r.value) url.searchParams.set('kind', r.value);
      else url.searchParams.delete('kind');
      history.replaceState(history.state, '', url);
      void run();
    });
  }
  filters.addEventListener('focusin', start, { once: true });
  more.addEventListener('click', () => {
    more.disabled = true;
    void showMore(seq).finally(() => (more.disabled = false));
  });
  retry.addEventListener('click', () => void run());

  if (!keyword) return;
  setState('idle', '滚动到此处即开始搜索知识文章。');
  if (location.hash === '#knowledge') start();
  else if ('IntersectionObserver' in window) {
    // Pagefind (about 13 KB gzip, and per kind its 55 KB WebAssembly and index) loads only when the reader gets near the section.
    const seen = new IntersectionObserver(
      (items) => {
        if (!items.some((i) => i.isIntersecting)) return;
        seen.disconnect();
        start();
      },
      { rootMargin: '200px' },
    );
    seen.observe(section);
  } else start();
  addEventListener('hashchange', () => location.hash === '#knowledge' && start());
}
