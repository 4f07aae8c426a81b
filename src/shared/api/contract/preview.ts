/**
 * Draft previews (docs/preview.md): an extension of the supplier's API, shown only while view control lists `preview_part` with
 * isShow 1 (a backend without the entry: the shop's preview route answers 404).
 *
 * For the back office. The editor saves an article as a draft; the back office keeps the draft beside the published version
 * (the public calls keep answering the published text, a draft of a new article is in no public call), sends no publishing
 * webhook for it, and gives the editor a signed link to the shop (src/features/preview/link.ts, docs/preview.md):
 *
 *   {shop}/preview/{kind}/{id}?v={draft version}&exp={unix seconds, at most now + 3600}&sig={base64url HMAC-SHA256}
 *
 * signed over `preview.v1|{kind}|{id}|{version}|{exp}` with `PREVIEW_SECRET`, which the back office and the shop share. The
 * shop checks the signature and the expiry, then fetches the draft with the one call below, passing the link's parts on; the
 * backend checks them again (so this call, which the shop's same-origin proxy also forwards, gives nothing to anyone without
 * a valid link).
 *
 * | call | method, path | auth | input (query) | data | errors (status: msg) |
 * | --- | --- | --- | --- | --- | --- |
 * | draft | GET /preview/draft | none; the link's signature | kind (wiki, case, news, article), id, v, exp, sig as in the link | `Draft`: the draft version in the shape of the kind's public detail call (wiki: WikiDetail, case: CaseDetail, news: NewsDetail, article: Article) | 400 参数 … 缺失或格式错误; 403 预览链接无效或已过期 (bad signature, expired, longer than an hour); 404 草稿不存在或已发布 (no draft of that version: a newer draft replaced it, or it was published) |
 *
 * Publishing the draft (the usual edit, status `published` or none) makes it public with the usual webhook and ends its
 * previews (404). Counts in the answer (views, likes, comments) are the published article's, 0 for a new one.
 */
import * as v from 'valibot';
import { PREVIEW_KINDS } from '#src/features/preview/link.ts';
import { Article, CaseDetail, DateTime, NewsDetail, WikiDetail } from './content.ts';
import { endpoint } from './core.ts';

const QueryText = (message: string) => v.pipe(v.string(message), v.maxLength(64, message));

/** The link's parts as the shop received them; the backend verifies them itself. */
export const DraftQuery = v.object({
  kind: v.picklist(PREVIEW_KINDS, '参数 kind 缺失或格式错误'),
  id: v.pipe(v.string('参数 id 缺失或格式错误'), v.regex(/^\d{1,12}$/, '参数 id 缺失或格式错误')),
  v: v.pipe(v.string('参数 v 缺失或格式错误'), v.regex(/^\d{1,12}$/, '参数 v 缺失或格式错误')),
  exp: v.pipe(v.string('参数 exp 缺失或格式错误'), v.regex(/^\d{1,12}$/, '参数 exp 缺失或格式错误')),
  sig: QueryText('参数 sig 缺失或格式错误'),
});

const Saved = { version: v.pipe(v.number(), v.integer(), v.minValue(1)), savedAt: DateTime };

/** One draft version with what the kind's public page shows. */
export const Draft = v.variant('kind', [
  v.object({ kind: v.literal('wiki'), ...Saved, item: WikiDetail }),
  v.object({ kind: v.literal('case'), ...Saved, item: CaseDetail }),
  v.object({ kind: v.literal('news'), ...Saved, item: NewsDetail }),
  v.object({ kind: v.literal('article'), ...Saved, item: Article }),
]);
export type Draft = v.InferOutput<typeof Draft>;

/** The back office's messages, shared by the sandbox and the shop's tests. */
export const PREVIEW_REFUSED = '预览链接无效或已过期';
export const DRAFT_GONE = '草稿不存在或已发布';

export const preview = {
  draft: endpoint({ name: 'preview.draft', method: 'GET', path: '/preview/draft', data: Draft, input: DraftQuery }),
};
