import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { content } from '#src/shared/api/contract/content.ts';
import { DRAFT_GONE, PREVIEW_REFUSED, preview } from '#src/shared/api/contract/preview.ts';
import { site } from '#src/shared/api/contract/site.ts';
import { ApiError } from '#src/shared/api/errors.ts';
import { newPreviewLink, parsePreviewSecrets, previewPath } from '#src/features/preview/link.ts';
import * as notify from '#sandbox/publish-notify.ts';
import { useSandbox } from '#tests/support/sandbox.ts';

const SECRET = 'test-preview-secret-of-32-characters-or-more';
const { client, hook } = useSandbox();

beforeEach(() => {
  vi.stubEnv('PREVIEW_SECRET', SECRET);
  vi.stubEnv('SANDBOX_SHOP_URL', 'https://shop.example');
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

interface DraftAnswer {
  kind: string;
  id: number;
  version: number;
  savedAt: string;
  previewUrl: string;
  expiresAt: number;
}

/** The draft call's input from a preview link, as the shop passes it on. */
function inputOf(previewUrl: string) {
  const url = new URL(previewUrl, 'https://shop.example');
  const [, , kind, id] = url.pathname.split('/');
  const q = url.searchParams;
  return { kind: kind as 'news', id: id!, v: q.get('v')!, exp: q.get('exp')!, sig: q.get('sig')! };
}

async function saveDraft(body: Record<string, unknown>): Promise<DraftAnswer> {
  const res = await hook('/articles', { ...body, status: 'draft' });
  expect(res.body).toMatchObject({ status: 200 });
  return res.body.data as DraftAnswer;
}

async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string }> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return { status: (e as ApiError).status, message: (e as ApiError).message };
}

const NEWS = {
  kind: 'news',
  id: 1,
  categoryId: 1,
  title: '草稿标题：液氮价格调整说明',
  content: '<p>草稿正文：自下月起液氮配送费调整。</p>',
};

describe('preview: drafts through the article hook', () => {
  it('keeps a draft of a published article aside: the public call keeps the published text, no webhook is sent', async () => {
    const sent = vi.spyOn(notify, 'notifyShop');
    const before = await client().call(content.infoDetail, { params: { id: 1 } });
    const categoryId = before.categoryId;
    const saved = await saveDraft({ ...NEWS, categoryId });

    expect(saved).toMatchObject({ kind: 'news', id: 1, version: 1 });
    expect(saved.previewUrl).toMatch(/^https:\/\/shop\.example\/preview\/news\/1\?v=1&exp=\d+&sig=[\w-]{43}$/);
    expect(saved.expiresAt - Date.now() / 1000).toBeGreaterThan(3590);
    expect(saved.expiresAt - Date.now() / 1000).toBeLessThanOrEqual(3600);
    expect(sent).not.toHaveBeenCalled();

    const after = await client().call(content.infoDetail, { params: { id: 1 } });
    expect(after.title).toBe(before.title);
    expect(after.content).toBe(before.content);

    const draft = await client().call(preview.draft, { input: inputOf(saved.previewUrl) });
    expect(draft).toMatchObject({
      kind: 'news',
      version: 1,
      item: { id: 1, title: NEWS.title, content: NEWS.content, views: before.views, publishedAt: before.publishedAt },
    });
  });

  it('keeps a draft of a new article out of every public call', async () => {
    const saved = await saveDraft({
      kind: 'case',
      id: 9001,
      categoryId: 103,
      title: '新案例草稿：半导体厂高纯氮供应',
      customer: '某晶圆厂',
      content: '<p>尚未发布的案例正文。</p>',
    });
    expect(await refusal(client().call(content.caseDetail, { params: { id: 9001 } }))).toEqual({ status: 404, message: '内容不存在' });
    const listed = await client().call(content.caseList, { input: { pageSize: 100 } });
    expect(listed.list.map((c) => c.id)).not.toContain(9001);
    const found = await client().call(content.caseList, { input: { keyword: '半导体厂高纯氮' } });
    expect(found.total).toBe(0);

    const draft = await client().call(preview.draft, { input: inputOf(saved.previewUrl) });
    expect(draft).toMatchObject({
      kind: 'case',
      item: { id: 9001, title: '新案例草稿：半导体厂高纯氮供应', views: 0, likes: 0, comments: 0, liked: false },
    });
  });

  it('drafts every editorial kind in the shape of its public detail call', async () => {
    const wiki = await saveDraft({ kind: 'wiki', id: 1, categoryId: 1, title: '百科草稿', content: '<p>百科草稿正文</p>' });
    expect((await client().call(preview.draft, { input: inputOf(wiki.previewUrl) })).item).toMatchObject({
      id: 1,
      title: '百科草稿',
      categoryName: expect.any(String),
    });
    const article = await saveDraft({ kind: 'article', id: 172, categoryId: 17, title: '政策草稿', content: '<p>政策草稿正文</p>' });
    const a = await client().call(preview.draft, { input: inputOf(article.previewUrl) });
    expect(a).toMatchObject({ kind: 'article', item: { articleId: 172, title: '政策草稿', content: '<p>政策草稿正文</p>' } });
    expect(await client().call(content.article, { input: { articleCode: 172 } })).not.toMatchObject({ title: '政策草稿' });
  });

  it('refuses a draft of a community post and an unknown status, with the Chinese messages', async () => {
    expect((await hook('/articles', { kind: 'community', id: 1, title: '帖子', content: '正文', status: 'draft' })).body).toMatchObject({
      status: 400,
      msg: '社区帖子没有草稿',
    });
    expect((await hook('/articles', { ...NEWS, status: 'pending' })).body).toMatchObject({
      status: 400,
      msg: '状态只能是 draft 或 published',
    });
  });

  it('answers 503 without a preview secret and keeps nothing', async () => {
    vi.stubEnv('PREVIEW_SECRET', '');
    expect((await hook('/articles', { ...NEWS, status: 'draft' })).body).toMatchObject({
      status: 503,
      msg: '未配置预览密钥 PREVIEW_SECRET，无法生成预览链接',
    });
  });

  it('gives each new draft a new version: the older link stops showing anything', async () => {
    const first = await saveDraft(NEWS);
    const second = await saveDraft({ ...NEWS, title: '第二版草稿' });
    expect(second.version).toBe(2);
    expect(await refusal(client().call(preview.draft, { input: inputOf(first.previewUrl) }))).toEqual({ status: 404, message: DRAFT_GONE });
    expect((await client().call(preview.draft, { input: inputOf(second.previewUrl) })).item.title).toBe('第二版草稿');
  });

  it('publishing (status published, or none) makes the draft public with the webhook and ends its preview', async () => {
    const sent = vi.spyOn(notify, 'notifyShop');
    const saved = await saveDraft(NEWS);
    const res = await hook('/articles', { ...NEWS, status: 'published' });
    expect(res.body).toMatchObject({ status: 200, data: { id: 1, title: NEWS.title } });
    expect(sent).toHaveBeenCalledWith({ type: 'article.changed', data: { kind: 'news', ids: [1] } });
    expect((await client().call(content.infoDetail, { params: { id: 1 } })).title).toBe(NEWS.title);
    expect(await refusal(client().call(preview.draft, { input: inputOf(saved.previewUrl) }))).toEqual({ status: 404, message: DRAFT_GONE });
    // The next draft does not reuse the published draft's version, so the old link stays dead.
    expect((await saveDraft(NEWS)).version).toBe(2);
  });
});

describe('preview: the draft call checks the link itself', () => {
  it.each([
    ['kind', (q: ReturnType<typeof inputOf>) => ({ ...q, kind: 'case' as 'news' })],
    ['id', (q: ReturnType<typeof inputOf>) => ({ ...q, id: '2' })],
    ['version', (q: ReturnType<typeof inputOf>) => ({ ...q, v: '2' })],
    ['expiry', (q: ReturnType<typeof inputOf>) => ({ ...q, exp: String(Number(q.exp) - 60) })],
    [
      'signature',
      (q: ReturnType<typeof inputOf>) => ({ ...q, sig: `${q.sig.slice(0, 10)}${q.sig[10] === 'a' ? 'b' : 'a'}${q.sig.slice(11)}` }),
    ],
  ])('refuses a link with a changed %s (403)', async (_, change) => {
    const saved = await saveDraft(NEWS);
    expect(await refusal(client().call(preview.draft, { input: change(inputOf(saved.previewUrl)) }))).toEqual({
      status: 403,
      message: PREVIEW_REFUSED,
    });
  });

  it('refuses an expired link and one signed with another secret (403)', async () => {
    await saveDraft(NEWS);
    const [key] = parsePreviewSecrets(SECRET);
    const expired = newPreviewLink('news', 1, 1, Math.floor(Date.now() / 1000) - 7200);
    expect(await refusal(client().call(preview.draft, { input: inputOf(previewPath(key!, expired)) }))).toEqual({
      status: 403,
      message: PREVIEW_REFUSED,
    });
    const [other] = parsePreviewSecrets('another-secret-that-the-shop-does-not-know');
    const forged = newPreviewLink('news', 1, 1, Math.floor(Date.now() / 1000));
    expect(await refusal(client().call(preview.draft, { input: inputOf(previewPath(other!, forged)) }))).toEqual({
      status: 403,
      message: PREVIEW_REFUSED,
    });
  });

  it('is on in view control by default', async () => {
    expect(await client().call(site.viewControl)).toContainEqual({ viewName: 'preview_part', isShow: 1 });
  });
});
