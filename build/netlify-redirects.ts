/**
 * Build step on Netlify: the query forms of pre-rendered pages (PAGE_QUERY_FORMS of src/shared/http/legacy-redirects.ts) as a
 * `_redirects` file. There the CDN serves a pre-rendered page before any function runs, so only a platform rule can see
 * `/case/list?categoryId=2`; the rules are rendered from the same table the Node server runs, never written by hand.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PAGE_QUERY_FORMS } from '#src/shared/http/legacy-redirects.ts';

/** Stand-in numbers no real id reaches: the table's URL builders are called with them, then they become placeholders. */
const SENTINEL = 987_654_320;

/**
 * The rules, first match wins as on Node: a rule matches when all its query parameters are present (Netlify cannot ask for
 * digits, so junk values that Node sends to the bare page end on a 404 page there), and the platform passes the request's
 * query string on to the target, which the page ignores.
 */
export function netlifyRedirectRules(): string[] {
  return PAGE_QUERY_FORMS.map((form) => {
    let to = form.to(form.params.map((_, i) => SENTINEL + i));
    form.params.forEach((param, i) => (to = to.replaceAll(String(SENTINEL + i), `:${param}`)));
    const query = form.params.map((param) => `${param}=:${param}`).join(' ');
    // `!`: the page exists, and a rule shadows a file only when forced.
    return `${form.path} ${query} ${to} 301!`;
  });
}

/** Writes `_redirects` into the output folder (replacing an earlier build's: the folder is kept between builds). */
export async function writeNetlifyRedirects(dir: string): Promise<number> {
  const rules = netlifyRedirectRules();
  await writeFile(
    join(dir, '_redirects'),
    `# Written by the build from src/shared/http/legacy-redirects.ts (PAGE_QUERY_FORMS); do not edit.\n${rules.join('\n')}\n`,
  );
  return rules.length;
}
