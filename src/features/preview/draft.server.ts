/**
 * What the preview route shows (docs/preview.md): the gate (view control `preview_part`, a configured secret), the link's signature
 * and expiry checked before anything about the draft is asked for, then the draft and what its kind's template shows beside it.
 * The API client, keys and clock come in, so the rules are tested against the sandbox without Astro.
 */
import type { Api } from '#src/shared/api/client.ts';
import { content, type CaseSummary, type WikiSummary } from '#src/shared/api/contract/content.ts';
import { preview, type Draft } from '#src/shared/api/contract/preview.ts';
import { site } from '#src/shared/api/contract/site.ts';
import { ApiError } from '#src/shared/api/errors.ts';
import { featureShown } from '#src/shared/view-control.ts';
import { relatedCases } from '#src/features/knowledge/lists.ts';
import { relatedEntries } from '#src/features/knowledge/wiki.ts';
import { REFUSED_MESSAGE, verifyPreview, type RawPreviewLink } from './link.ts';

/** A draft with what its template shows beside it (related cases and entries, as the public page's build computes them). */
export type DraftView =
  | (Extract<Draft, { kind: 'wiki' }> & { related: WikiSummary[] })
  | (Extract<Draft, { kind: 'case' }> & { related: CaseSummary[] })
  | Extract<Draft, { kind: 'news' }>
  | Extract<Draft, { kind: 'article' }>;

export type PreviewLoad =
  /** The feature is off (no `preview_part`, or no secret on the shop): the 404 page, as for any unknown path. */
  | { kind: 'off' }
  /** A link that is not one of ours, or expired: nothing of the draft is fetched. */
  | { kind: 'refused'; status: 403; message: string }
  /** A valid link whose draft version is gone (replaced by a newer draft, or published). */
  | { kind: 'gone'; status: 404; message: string }
  | { kind: 'ok'; draft: DraftView }
  | { kind: 'outage' };

export const DRAFT_GONE_MESSAGE = '这份草稿已不存在：可能已发布，或已被更新的草稿取代。请回到后台打开最新的预览。';

export interface PreviewDeps {
  api: Api;
  keys: readonly Buffer[];
  /** Unix seconds. */
  now: number;
}

/** Gate, then signature and expiry, then the draft: in that order. */
export async function loadPreview({ api, keys, now }: PreviewDeps, raw: RawPreviewLink): Promise<PreviewLoad> {
  if (!keys.length) return { kind: 'off' };
  let views;
  try {
    views = await api.call(site.viewControl);
  } catch {
    return { kind: 'outage' };
  }
  if (!featureShown(views, 'preview_part')) return { kind: 'off' };
  const verdict = verifyPreview(keys, raw, now);
  if (!verdict.ok) return { kind: 'refused', status: 403, message: REFUSED_MESSAGE[verdict.reason] };
  try {
    const draft = await api.call(preview.draft, {
      input: {
        kind: verdict.link.kind,
        id: String(verdict.link.id),
        v: String(verdict.link.version),
        exp: String(verdict.link.exp),
        sig: raw.sig!,
      },
    });
    return { kind: 'ok', draft: await withRelated(api, draft) };
  } catch (e) {
    if (e instanceof ApiError && e.kind === 'business' && e.status === 404)
      return { kind: 'gone', status: 404, message: DRAFT_GONE_MESSAGE };
    // The backend refusing a link the shop accepted: the two hold different secrets (or clocks); the editor sees it refused.
    if (e instanceof ApiError && e.kind === 'business' && e.status === 403)
      return { kind: 'refused', status: 403, message: REFUSED_MESSAGE.signature };
    return { kind: 'outage' };
  }
}

/** The related items the public templates show; none when they cannot be read (the draft itself is what matters). */
async function withRelated(api: Api, draft: Draft): Promise<DraftView> {
  switch (draft.kind) {
    case 'wiki': {
      const list = await api.call(content.wikiList, { input: { categoryId: String(draft.item.categoryId), pageSize: 100 } }).then(
        (p) => p.list,
        () => [],
      );
      return { ...draft, related: relatedEntries(list, draft.item) };
    }
    case 'case': {
      const list = await api.call(content.caseList, { input: { pageSize: 100 } }).then(
        (p) => p.list,
        () => [],
      );
      return { ...draft, related: relatedCases(list, draft.item) };
    }
    default:
      return draft;
  }
}
