/** The events the content domain (content.ts) emits from its article hook; app.ts composes every domain's events into `SandboxEvents`. */
import type { Db } from '../db.ts';

/** The kinds of the article hook that have drafts (src/features/preview/link.ts PREVIEW_KINDS). */
export type DraftKind = 'wiki' | 'case' | 'news' | 'article';

export interface ContentEvents {
  /**
   * The back office saved an article as a draft (`"status": "draft"`): nothing public changed. `record` is the article as it
   * would be stored on publishing; a listener (the preview domain) keeps it and fills `answer` with what the hook answers
   * (the preview link). No listener: the hook refuses drafts.
   */
  'article.drafting': { db: Db; now: number; kind: DraftKind; id: number; record: unknown; answer: Record<string, unknown> };
  /** An article was published (stored where the public calls read it): its pending draft, if any, is done. */
  'article.published': { db: Db; kind: string; id: number };
}
