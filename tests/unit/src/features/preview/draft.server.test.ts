import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_GONE_MESSAGE, loadPreview } from '#src/features/preview/draft.server.ts';
import { newPreviewLink, parsePreviewSecrets, previewPath, REFUSED_MESSAGE, type RawPreviewLink } from '#src/features/preview/link.ts';
import { publicPathOf, previewSection } from '#src/features/preview/where.ts';
import { navTree } from '#sandbox/seed/site.ts';
import { useSandbox } from '#tests/support/sandbox.ts';

const SECRET = 'unit-test-preview-secret-0123456789abcdef';
const KEYS = parsePreviewSecrets(SECRET);
const { client, hook, sandbox } = useSandbox();
const now = () => Math.floor(Date.now() / 1000);

beforeEach(() => vi.stubEnv('PREVIEW_SECRET', SECRET));
afterEach(() => vi.unstubAllEnvs());

function rawOf(path: string): RawPreviewLink {
  const url = new URL(path, 'https://shop.example');
  const [, , kind, id] = url.pathname.split('/');
  return { kind, id, v: url.searchParams.get('v'), exp: url.searchParams.get('exp'), sig: url.searchParams.get('sig') };
}

async function draftLink(body: Record<string, unknown>): Promise<RawPreviewLink> {
  const res = await hook('/articles', { ...body, status: 'draft' });
  return rawOf((res.body.data as { previewUrl: string }).previewUrl);
}

describe('loadPreview', () => {
  it('shows a valid link’s draft with what its template shows beside it', async () => {
    const raw = await draftLink({ kind: 'case', id: 1, categoryId: 103, title: '案例草稿', content: '<p>草稿</p>' });
    const result = await loadPreview({ api: client(), keys: KEYS, now: now() }, raw);
    expect(result).toMatchObject({ kind: 'ok', draft: { kind: 'case', version: 1, item: { id: 1, title: '案例草稿' } } });
    if (result.kind === 'ok' && result.draft.kind === 'case') {
      expect(result.draft.related.length).toBeGreaterThan(0);
      expect(result.draft.related.map((c) => c.id)).not.toContain(1);
    }
  });

  it('checks the signature before asking the backend for the draft', async () => {
    const raw = await draftLink({ kind: 'news', id: 1, categoryId: 1, title: '草稿', content: '<p>草稿</p>' });
    const before = sandbox().calls.get('preview.draft') ?? 0;
    expect(await loadPreview({ api: client(), keys: KEYS, now: now() }, { ...raw, id: '2' })).toEqual({
      kind: 'refused',
      status: 403,
      message: REFUSED_MESSAGE.signature,
    });
    const expired = rawOf(previewPath(KEYS[0]!, newPreviewLink('news', 1, 1, now() - 4000)));
    expect(await loadPreview({ api: client(), keys: KEYS, now: now() }, expired)).toEqual({
      kind: 'refused',
      status: 403,
      message: REFUSED_MESSAGE.expired,
    });
    expect(sandbox().calls.get('preview.draft') ?? 0).toBe(before);
  });

  it('says a replaced or published draft is gone (404)', async () => {
    const first = await draftLink({ kind: 'news', id: 1, categoryId: 1, title: '草稿一', content: '<p>一</p>' });
    await draftLink({ kind: 'news', id: 1, categoryId: 1, title: '草稿二', content: '<p>二</p>' });
    expect(await loadPreview({ api: client(), keys: KEYS, now: now() }, first)).toEqual({
      kind: 'gone',
      status: 404,
      message: DRAFT_GONE_MESSAGE,
    });
  });

  it('is off (404) without a secret on the shop or with preview_part off', async () => {
    const raw = await draftLink({ kind: 'news', id: 1, categoryId: 1, title: '草稿', content: '<p>草稿</p>' });
    expect(await loadPreview({ api: client(), keys: [], now: now() }, raw)).toEqual({ kind: 'off' });
    await hook('/view-control', { viewName: 'preview_part', isShow: 0 });
    expect(await loadPreview({ api: client(), keys: KEYS, now: now() }, raw)).toEqual({ kind: 'off' });
  });

  it('shows the back office refusing a link the shop accepted (different secrets) as refused', async () => {
    const raw = await draftLink({ kind: 'news', id: 1, categoryId: 1, title: '草稿', content: '<p>草稿</p>' });
    const [shopKey] = parsePreviewSecrets('the-shop-has-another-secret-0123456789');
    const link = newPreviewLink('news', 1, Number(raw.v), now());
    const result = await loadPreview({ api: client(), keys: [shopKey!], now: now() }, rawOf(previewPath(shopKey!, link)));
    expect(result).toEqual({ kind: 'refused', status: 403, message: REFUSED_MESSAGE.signature });
  });

  it('is an outage when the backend cannot be reached', async () => {
    sandbox().faults = { latencyMs: 0, failRate: 1, status: 500, remaining: -1, call: null };
    expect(await loadPreview({ api: client(), keys: KEYS, now: now() }, rawOf('/preview/news/1?v=1&exp=1&sig=x'))).toEqual({
      kind: 'outage',
    });
  });
});

describe('where a draft lives', () => {
  it('names the public path of each kind', () => {
    const item = { id: 7 } as never;
    expect(publicPathOf({ kind: 'news', item } as never, navTree)).toBe('/about/news/7');
    expect(publicPathOf({ kind: 'case', item } as never, navTree)).toBe('/case/details/7');
    expect(publicPathOf({ kind: 'wiki', item } as never, navTree)).toBe('/gases/details/7');
    expect(publicPathOf({ kind: 'article', item: { articleId: 172, categoryId: 17 } } as never, navTree)).toBe('/services/policies/172');
  });

  it('puts an article’s preview under its section, the FAQ or the videos', () => {
    expect(previewSection(navTree, 17)).toEqual({ categoryId: 17, route: '/services/policies', label: '服务政策' });
    expect(previewSection(navTree, 18).label).toBe('常见问题');
    expect(previewSection(navTree, 19).label).toBe('操作视频');
  });
});
