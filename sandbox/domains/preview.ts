/**
 * Draft previews (docs/preview.md, contract src/shared/api/contract/preview.ts): the article hook's `"status": "draft"` keeps the edit
 * here, beside the published tables (whose calls keep answering the published text), and answers a signed preview link;
 * GET /preview/draft hands the draft to the shop for a valid link only. Publishing the article ends its draft.
 */
import { chinaDateTime } from '#src/shared/formats/china-time.ts';
import { DRAFT_GONE, PREVIEW_REFUSED, preview as contract } from '#src/shared/api/contract/preview.ts';
import { newPreviewLink, parsePreviewSecrets, previewPath, verifyPreview } from '#src/features/preview/link.ts';
import { Fail, type RouteCtx, type Sandbox, type SandboxEvents } from '../app.ts';
import { detailOf } from './content.ts';

/**
 * The preview keys: PREVIEW_SECRET, which the back office shares with the shop (`npm start` sets the development one of
 * .env.example when the sandbox backs the shop). Read per call, so a test can set it.
 */
function keys(env: NodeJS.ProcessEnv = process.env): Buffer[] {
  const list = parsePreviewSecrets(env.PREVIEW_SECRET);
  if (!list.length) throw new Fail(503, '未配置预览密钥 PREVIEW_SECRET，无法生成预览链接');
  return list;
}

/** The shop the links point at: SANDBOX_SHOP_URL, else the origin of the shop's webhook (SANDBOX_PUBLISH_URL); none: a path. */
function shopOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.SANDBOX_SHOP_URL || env.SANDBOX_PUBLISH_URL;
  if (!url) return '';
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/** Keeps a draft as the article's next draft version (the previous draft's links stop working) and answers its link. */
function onDrafting({ db, now, kind, id, record, answer }: SandboxEvents['article.drafting']) {
  const signing = keys()[0]!;
  const version = (db.get<{ version: number }>('SELECT version FROM article_drafts WHERE kind = ? AND id = ?', kind, id)?.version ?? 0) + 1;
  const savedAt = chinaDateTime(now);
  db.run(
    'INSERT INTO article_drafts (kind, id, version, saved_at, data) VALUES (?, ?, ?, ?, ?) ON CONFLICT (kind, id) DO UPDATE SET version = excluded.version, saved_at = excluded.saved_at, data = excluded.data',
    kind,
    id,
    version,
    savedAt,
    JSON.stringify(record),
  );
  const link = newPreviewLink(kind, id, version, Math.floor(now / 1000));
  Object.assign(answer, { kind, id, version, savedAt, previewUrl: `${shopOrigin()}${previewPath(signing, link)}`, expiresAt: link.exp });
}

/** Publishing ends the draft; its version number stays, so an old link never shows a later draft. */
function onPublished({ db, kind, id }: SandboxEvents['article.published']) {
  db.run('UPDATE article_drafts SET data = NULL WHERE kind = ? AND id = ?', kind, id);
}

function draft({ input, db, now }: RouteCtx<typeof contract.draft>) {
  const verdict = verifyPreview(
    keys(),
    { kind: input.kind, id: input.id, v: input.v, exp: input.exp, sig: input.sig },
    Math.floor(now() / 1000),
  );
  if (!verdict.ok) throw new Fail(403, PREVIEW_REFUSED);
  const { kind, id, version } = verdict.link;
  const row = db.get<{ saved_at: string; data: string | null }>(
    'SELECT saved_at, data FROM article_drafts WHERE kind = ? AND id = ? AND version = ?',
    kind,
    id,
    version,
  );
  if (!row?.data) throw new Fail(404, DRAFT_GONE);
  return { kind, version, savedAt: row.saved_at, item: detailOf(db, kind, JSON.parse(row.data)) };
}

export function install(sb: Sandbox): void {
  sb.listen('article.drafting', onDrafting);
  sb.listen('article.published', onPublished);
  sb.on(contract.draft, draft);
}
