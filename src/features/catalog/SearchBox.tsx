/** Header search: a plain GET form on the server, enhanced on first focus with debounced goods suggestions (combobox pattern) and a last option that searches the knowledge pages. */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { catalog, type Suggestion } from '#src/shared/api/contract/catalog.ts';
import { approxCount, cleanKeyword, latestOnly, moveActive, searchUrl, SUGGEST_DEBOUNCE_MS } from './search-box.ts';
import { knowledgeSearchUrl } from '#src/shared/http/routes.ts';
import '#src/styles/ui.css';

interface Props {
  hotKeywords: string[];
  initial?: string;
}

export default function SearchBox({ hotKeywords, initial = '' }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Suggestion[]>([]);
  // The typed keyword: the list's last option searches the knowledge pages (/search#knowledge) for it.
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [ready, setReady] = useState(false);
  const latest = useRef(latestOnly());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    setReady(true);
    // Text typed before hydration finished is kept by the uncontrolled input; ask for it right away.
    if (input.current?.value) schedule(input.current.value);
    return () => clearTimeout(timer.current);
  }, []);

  function schedule(text: string) {
    clearTimeout(timer.current);
    const keyword = cleanKeyword(text);
    setTyped(keyword);
    setActive(-1);
    if (!keyword) {
      latest.current.next();
      setItems([]);
      setOpen(false);
      return;
    }
    setOpen(true);
    // Not a useFormAction: a debounced, silent search-as-you-type request whose stale answers are dropped (latestOnly); a failure only empties the list.
    timer.current = setTimeout(async () => {
      const seq = latest.current.next();
      try {
        const found = await browserApi.call(catalog.suggest, { input: { keyword }, silent: true });
        if (!latest.current.isLatest(seq)) return;
        setItems(found);
        setActive(-1);
      } catch {
        // Goods suggestions failed: the knowledge option still stands.
        if (latest.current.isLatest(seq)) setItems([]);
      }
    }, SUGGEST_DEBOUNCE_MS);
  }

  function go(text: string) {
    const keyword = cleanKeyword(text);
    setOpen(false);
    window.location.assign(searchUrl(keyword));
  }

  function goKnowledge() {
    setOpen(false);
    window.location.assign(knowledgeSearchUrl(typed));
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (typed && active === items.length) return goKnowledge();
    go(active >= 0 && items[active] ? items[active].words : (input.current?.value ?? ''));
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!open && optionCount) setOpen(true);
      e.preventDefault();
      setActive((a) => moveActive(a, optionCount, e.key as 'ArrowDown' | 'ArrowUp'));
    } else if (e.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  }

  const optionCount = items.length + (typed ? 1 : 0);
  const showList = open && optionCount > 0;
  return (
    <form className="search" action="/search" method="get" role="search" onSubmit={onSubmit} data-ready={ready ? '' : undefined}>
      <label className="visually-hidden" htmlFor={`${id}-input`}>
        搜索商品
      </label>
      <div className="search-field">
        <input
          ref={input}
          id={`${id}-input`}
          name="keyword"
          type="search"
          defaultValue={initial}
          placeholder="搜索 氮气 / 氩气 / 氦气 / 标准气体"
          autoComplete="off"
          maxLength={50}
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          onInput={(e) => schedule(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onFocus={() => optionCount > 0 && setOpen(true)}
        />
        <ul id={listId} role="listbox" aria-label="搜索建议" className="suggest ui-dropdown" hidden={!showList}>
          {items.map((s, i) => (
            <li
              key={s.words}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                go(s.words);
              }}
            >
              <span>{s.words}</span>
              <small>{approxCount(s.goods_num)}</small>
            </li>
          ))}
          {typed && (
            <li
              id={`${listId}-${items.length}`}
              role="option"
              aria-selected={active === items.length}
              className={`knowledge-option${active === items.length ? ' active' : ''}`}
              onMouseDown={(e) => {
                e.preventDefault();
                goKnowledge();
              }}
            >
              <span>在知识库中搜索“{typed}”</span>
              <small>百科 · 案例 · 新闻</small>
            </li>
          )}
        </ul>
      </div>
      <button type="submit">搜索</button>
      {hotKeywords.length > 0 && (
        <p className="hot">
          <span className="visually-hidden">热门搜索：</span>
          {hotKeywords.map((k) => (
            <a key={k} href={searchUrl(k)}>
              {k}
            </a>
          ))}
        </p>
      )}
    </form>
  );
}
