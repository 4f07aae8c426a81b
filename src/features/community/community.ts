/** The community board's rules: its CDN cache policy (short, so new posts show within seconds), page sizes and the ask form's checks with the contract's messages. */
import * as v from 'valibot';
import { PostBody } from '#src/shared/api/contract/content.ts';

/** Posts per board page. */
export const POSTS_PAGE_SIZE = 20;

/** Seconds a CDN may serve a board page without asking again: members post at any time, so the board is only briefly shared. */
export const COMMUNITY_MAX_AGE = 10;
export const COMMUNITY_SWR = 30;
/** Every board page; purged when a member posts through the shop. */
export const COMMUNITY_TAG = 'community';
export const postTag = (id: number): string => `post-${id}`;

/** The public cache headers of a board or post page (the same shape as the goods pages', shorter). */
export function communityCacheHeaders(tags: readonly string[]): Record<string, string> {
  return {
    'cache-control': `public, max-age=${COMMUNITY_MAX_AGE}, stale-while-revalidate=${COMMUNITY_SWR}`,
    'cache-tag': tags.join(','),
    'netlify-cache-tag': tags.join(','),
  };
}

/** A post id from the path: digits only, else null (the page answers 404). */
export function postIdParam(value: string | undefined): number | null {
  return value && /^\d{1,12}$/.test(value) ? Number(value) : null;
}

export interface AskForm {
  title: string;
  content: string;
}
export type AskProblems = Partial<Record<keyof AskForm, string>>;

/** The form's text fields as sent (non-text values become empty). */
export function readAskForm(form: FormData): AskForm {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  return { title: text('title'), content: text('content') };
}

/** The contract's first message per field (标题不能为空, 标题不能超过50字, 内容不能为空, 内容不能超过5000字), or the trimmed input ready to send. */
export function checkAsk(form: AskForm): { ok: true; input: AskForm } | { ok: false; problems: AskProblems } {
  const r = v.safeParse(PostBody, form);
  if (r.success) return { ok: true, input: r.output };
  const problems: AskProblems = {};
  for (const issue of r.issues) {
    const key = issue.path?.[0]?.key;
    if ((key === 'title' || key === 'content') && !problems[key]) problems[key] = issue.message;
  }
  return { ok: false, problems };
}
