/**
 * The back office's publishing webhook (Standard Webhooks 1.0): its event schema, signing and verification. Pure: the Astro
 * endpoint, the Node publisher, the sandbox (which plays the back office) and the tests all use this one module.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';

/** Largest body accepted; a bigger one is answered 413 before it is verified. */
export const MAX_BODY_BYTES = 256 * 1024;
/** How far `webhook-timestamp` may be from now, either way, in seconds (the spec's and the libraries' five minutes). */
export const TOLERANCE_S = 300;
/** How long an accepted `webhook-id` is remembered: a repeat within it is a duplicate, not a new event. */
export const DEDUPE_MS = 24 * 3600_000;

export const ARTICLE_KINDS = ['wiki', 'case', 'news', 'article', 'community'] as const;

const Id = v.pipe(
  v.number('ids 必须是数字'),
  v.integer('ids 必须是整数'),
  v.minValue(1, 'ids 必须大于 0'),
  v.maxValue(999_999_999_999, 'ids 过大'),
);
// One event names at most a thousand records: the back office batches larger edits into several events.
const Ids = v.pipe(v.array(Id, 'data.ids 必须是数组'), v.minLength(1, 'data.ids 不能为空'), v.maxLength(1000, 'data.ids 最多 1000 个'));
const ArticleData = v.object({ kind: v.picklist(ARTICLE_KINDS, `data.kind 只能是 ${ARTICLE_KINDS.join('、')}`), ids: Ids });
const GoodsData = v.object({ ids: Ids });
const AnyData = v.optional(v.record(v.string(), v.unknown(), 'data 必须是对象'), {});
/**
 * `site.changed`: other site data (anything: a rebuild), or the site opened or closed, as `{ open, reason? }` or the site-status
 * call's own `{ siteon, close_reson? }` (src/features/shell/status.ts statusOfEvent: applied at once, no rebuild).
 */
const Reason = v.pipe(v.string('关闭原因必须是文本'), v.maxLength(500, '关闭原因最多 500 字'));
const SiteData = v.optional(
  v.looseObject({
    open: v.optional(v.boolean('data.open 只能是 true 或 false')),
    reason: v.optional(Reason),
    siteon: v.optional(v.picklist([0, 1], 'data.siteon 只能是 0 或 1')),
    close_reson: v.optional(Reason),
  }),
  {},
);

/** Every event the back office sends, by `type`. */
export const PublishEvent = v.variant(
  'type',
  [
    v.object({ type: v.literal('article.changed'), data: ArticleData }),
    v.object({ type: v.literal('article.deleted'), data: ArticleData }),
    v.object({ type: v.literal('goods.changed'), data: GoodsData }),
    v.object({ type: v.literal('goods.delisted'), data: GoodsData }),
    v.object({ type: v.literal('category.changed'), data: v.optional(v.object({ ids: v.optional(Ids) }), {}) }),
    v.object({ type: v.literal('navigation.changed'), data: AnyData }),
    v.object({ type: v.literal('site.changed'), data: SiteData }),
  ],
  'unknown event type',
);
export type PublishEvent = v.InferOutput<typeof PublishEvent>;
export type PublishEventType = PublishEvent['type'];
export const EVENT_TYPES: readonly PublishEventType[] = [
  'article.changed',
  'article.deleted',
  'goods.changed',
  'goods.delisted',
  'category.changed',
  'navigation.changed',
  'site.changed',
];

/** Events whose pages are pre-rendered: they need a rebuild. The others touch on-demand pages only: a cache purge. */
export const needsRebuild = (type: PublishEventType): boolean =>
  type.startsWith('article.') || type === 'navigation.changed' || type === 'site.changed';

/**
 * The signing keys of `PUBLISH_WEBHOOK_SECRETS`: comma-separated `whsec_<base64>` values, any of which may sign (rotation).
 * Throws on a value that is not one, so a typo stops the server instead of rejecting every call.
 */
export function parseSecrets(raw: string | undefined): Buffer[] {
  const values = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return values.map((value, i) => {
    const b64 = value.replace(/^whsec_/, '');
    const key = Buffer.from(b64, 'base64');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || key.length < 16)
      throw new Error(`PUBLISH_WEBHOOK_SECRETS: value ${i + 1} is not a whsec_<base64> secret of at least 16 bytes`);
    return key;
  });
}

/** `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`. */
export function sign(key: Buffer, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three headers of a signed call, signed by every key (a sender mid-rotation signs with both). */
export function signedHeaders(keys: Buffer[], id: string, timestamp: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': keys.map((k) => sign(k, id, timestamp, body)).join(' '),
  };
}

export type Verdict =
  | { ok: true; id: string; timestamp: number; event: PublishEvent }
  | { ok: false; status: 400 | 401; error: string; id?: string };

/** Constant-time comparison of two signatures' base64 texts (unequal lengths are unequal, without comparing). */
function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Verifies a call's signature over the raw body first, then parses and validates the body. 401 for a missing or wrong
 * signature or a timestamp more than TOLERANCE_S from `nowS`; 400 for malformed JSON or an event this shop does not know.
 */
export function verifyWebhook(o: {
  header: (name: string) => string | null | undefined;
  body: string;
  keys: Buffer[];
  nowS: number;
}): Verdict {
  const id = o.header('webhook-id') ?? '';
  const ts = o.header('webhook-timestamp') ?? '';
  const signatures = o.header('webhook-signature') ?? '';
  if (!id || !ts || !signatures) return { ok: false, status: 401, error: 'missing webhook-id, webhook-timestamp or webhook-signature' };
  // The id and timestamp are part of the signed text, so a '.' in either could shift the boundary between them.
  if (!/^[\w:-]{1,200}$/.test(id)) return { ok: false, status: 401, error: 'malformed webhook-id' };
  if (!/^\d{1,12}$/.test(ts)) return { ok: false, status: 401, error: 'malformed webhook-timestamp' };
  const timestamp = Number(ts);
  if (Math.abs(o.nowS - timestamp) > TOLERANCE_S)
    return { ok: false, status: 401, error: `webhook-timestamp is more than ${TOLERANCE_S} s from now`, id };
  const expected = o.keys.map((k) => sign(k, id, timestamp, o.body).slice(3));
  const given = signatures
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .map((s) => s.slice(3));
  if (!given.some((g) => expected.some((e) => sameSignature(g, e)))) return { ok: false, status: 401, error: 'no valid signature', id };
  let json: unknown;
  try {
    json = JSON.parse(o.body);
  } catch {
    return { ok: false, status: 400, error: 'body is not valid JSON', id };
  }
  const parsed = v.safeParse(PublishEvent, json);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = issue?.path?.map((p) => String(p.key)).join('.');
    return { ok: false, status: 400, error: `${path ? `${path}: ` : ''}${issue?.message ?? 'invalid event'}`, id };
  }
  return { ok: true, id, timestamp, event: parsed.output };
}
