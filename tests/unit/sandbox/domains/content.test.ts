import { describe, expect, it } from 'vitest';
import { createApi, type Api } from '#src/shared/api/client.ts';
import { content } from '#src/shared/api/contract/content.ts';
import { API_BASES, type ApiBase } from '#src/shared/api/contract/core.ts';
import { ApiError } from '#src/shared/api/errors.ts';
import { createSandbox } from '#sandbox/index.ts';
import { wikiEntries } from '#sandbox/seed/gases.ts';
import { DEMO_MEMBER, DEMO_MEMBER_NO_COMPANY, memberToken } from '#tests/support/member.ts';
import { SANDBOX_ORIGIN, useSandbox } from '#tests/support/sandbox.ts';

const { client, raw } = useSandbox();

async function member(who: typeof DEMO_MEMBER | typeof DEMO_MEMBER_NO_COMPANY = DEMO_MEMBER): Promise<Api> {
  const token = await memberToken(client(), raw, who.phone, who.password);
  return client(() => token);
}

/** The business error of a failing call. */
async function failure(p: Promise<unknown>): Promise<{ status: number; message: string }> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return { status: (e as ApiError).status, message: (e as ApiError).message };
}

const hook = (body: unknown) =>
  raw('/__sandbox/articles', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** CAS registry numbers end with a check digit: the weighted sum of the other digits mod 10. */
function casValid(cas: string): boolean {
  const m = /^(\d{2,7})-(\d{2})-(\d)$/.exec(cas);
  if (!m) return false;
  const digits = (m[1]! + m[2]!).split('').reverse();
  return digits.reduce((sum, d, i) => sum + Number(d) * (i + 1), 0) % 10 === Number(m[3]);
}

describe('content: likes', () => {
  it('toggles per member and keeps the count right for everyone', async () => {
    const guest = client();
    const base = (await guest.call(content.caseDetail, { params: { id: 3 } })).likes;
    const m1 = await member();
    const m2 = await member(DEMO_MEMBER_NO_COMPANY);

    expect(await m1.call(content.caseLike, { input: { id: 3 } })).toEqual({ liked: true, likes: base + 1 });
    expect(await m2.call(content.caseLike, { input: { id: 3 } })).toEqual({ liked: true, likes: base + 2 });
    expect(await m1.call(content.caseLike, { input: { id: 3 } })).toEqual({ liked: false, likes: base + 1 });

    expect(await m2.call(content.caseDetail, { params: { id: 3 } })).toMatchObject({ liked: true, likes: base + 1 });
    expect(await m1.call(content.caseDetail, { params: { id: 3 } })).toMatchObject({ liked: false, likes: base + 1 });
    expect(await guest.call(content.caseDetail, { params: { id: 3 } })).toMatchObject({ liked: false, likes: base + 1 });
    const listed = (await guest.call(content.caseList, { input: { categoryId: '103' } })).list.find((c) => c.id === 3);
    expect(listed?.likes).toBe(base + 1);
  });

  it('keeps likes of news and posts apart from likes of cases with the same id', async () => {
    const m1 = await member();
    await m1.call(content.caseLike, { input: { id: 1 } });
    expect((await m1.call(content.infoDetail, { params: { id: 1 } })).liked).toBe(false);
    expect(await m1.call(content.communityLike, { input: { id: 1 } })).toEqual({ liked: true, likes: 13 });
    expect((await m1.call(content.communityDetail, { params: { id: 1 } })).liked).toBe(true);
  });

  it('needs a logged-in member for likes, comments, replies and posts', async () => {
    const guest = client();
    for (const call of [
      guest.call(content.caseLike, { input: { id: 1 } }),
      guest.call(content.infoComment, { input: { id: 1, content: '你好' } }),
      guest.call(content.communityReply, { input: { commentId: 1, content: '你好' } }),
      guest.call(content.communityAdd, { input: { title: '标题', content: '内容' } }),
    ]) {
      expect(await failure(call)).toEqual({ status: 401, message: '登录过期，请重新登录' });
    }
  });
});

describe('content: comments', () => {
  it('rejects empty and over-long comments with the Chinese messages', async () => {
    const m1 = await member();
    const bodies: [unknown, string][] = [
      [{ id: 1, content: '' }, '评论内容不能为空'],
      [{ id: 1, content: '   \n ' }, '评论内容不能为空'],
      [{ id: 1 }, '评论内容不能为空'],
      [{ id: 1, content: '氮'.repeat(501) }, '评论内容不能超过500字'],
    ];
    for (const [input, msg] of bodies) {
      expect(await failure(m1.call(content.caseComment, { input: input as never }))).toEqual({ status: 400, message: msg });
      expect(await failure(m1.call(content.infoComment, { input: input as never }))).toEqual({ status: 400, message: msg });
    }
    expect(await failure(m1.call(content.communityReply, { input: { commentId: 1, content: '' } }))).toEqual({
      status: 400,
      message: '评论内容不能为空',
    });
    // 500 characters is the limit, counted as characters, not UTF-16 units.
    expect((await m1.call(content.caseComment, { input: { id: 1, content: '🙂'.repeat(500) } })).content).toBe('🙂'.repeat(500));
  });

  it('stores the member uid, a masked name and the trimmed text, newest first, and counts it', async () => {
    const m1 = await member();
    const before = await client().call(content.infoDetail, { params: { id: 7 } });
    const added = await m1.call(content.infoComment, { input: { id: 7, content: '  很实用  ' } });
    expect(added).toMatchObject({ targetId: 7, uid: DEMO_MEMBER.uid, name: '138****8000', content: '很实用', replies: [] });
    expect(JSON.stringify(added)).not.toContain(DEMO_MEMBER.phone);

    const list = await client().call(content.infoComments, { input: { id: 7 } });
    expect(list.list[0]).toEqual(added);
    expect(list.total).toBe(before.comments + 1);
    expect((await client().call(content.infoDetail, { params: { id: 7 } })).comments).toBe(before.comments + 1);
  });

  it('adds replies under the comment of the same kind only', async () => {
    const m2 = await member(DEMO_MEMBER_NO_COMPANY);
    const reply = await m2.call(content.caseReply, { input: { commentId: 5, content: '我们也想了解' } });
    expect(reply).toMatchObject({ commentId: 5, uid: DEMO_MEMBER_NO_COMPANY.uid, name: '139****9000' });
    const comments = await client().call(content.caseComments, { params: { id: 1 } });
    expect(comments.list.find((c) => c.id === 5)?.replies.at(-1)).toEqual(reply);
    // Comment 5 is on a case: it cannot be answered through the news or community calls.
    expect(await failure(m2.call(content.infoReply, { input: { commentId: 5, content: '回复' } }))).toEqual({
      status: 404,
      message: '评论不存在',
    });
    expect(await failure(m2.call(content.communityReply, { input: { commentId: 999, content: '回复' } }))).toEqual({
      status: 404,
      message: '评论不存在',
    });
  });

  it('pages comments with right totals', async () => {
    const m1 = await member();
    for (let i = 1; i <= 5; i++) await m1.call(content.communityComment, { input: { id: 4, content: `第${i}条` } });
    const page1 = await client().call(content.communityComments, { input: { id: 4, pageSize: 2 } });
    const page3 = await client().call(content.communityComments, { input: { id: 4, pageSize: 2, pageNumber: 3 } });
    expect(page1.total).toBe(5);
    expect(page1.list.map((c) => c.content)).toEqual(['第5条', '第4条']);
    expect(page3.list.map((c) => c.content)).toEqual(['第1条']);
  });
});

describe('content: community posts', () => {
  it('validates and publishes a post as the member', async () => {
    const m1 = await member();
    expect(await failure(m1.call(content.communityAdd, { input: { title: ' ', content: '内容' } }))).toEqual({
      status: 400,
      message: '标题不能为空',
    });
    expect(await failure(m1.call(content.communityAdd, { input: { title: '气'.repeat(51), content: '内容' } }))).toEqual({
      status: 400,
      message: '标题不能超过50字',
    });
    expect(await failure(m1.call(content.communityAdd, { input: { title: '标题', content: '' } }))).toEqual({
      status: 400,
      message: '内容不能为空',
    });

    const post = await m1.call(content.communityAdd, {
      input: { title: ' 液氩储罐的日蒸发率多少算正常？ ', content: '新装的 5 m³ 液氩储罐。' },
    });
    expect(post).toMatchObject({ uid: 1, name: '138****8000', title: '液氩储罐的日蒸发率多少算正常？', likes: 0, comments: 0 });
    const list = await client().call(content.communityList);
    expect(list.list[0]?.id).toBe(post.id);
    expect(await client().call(content.communityDetail, { params: { id: post.id } })).toMatchObject({ content: '新装的 5 m³ 液氩储罐。' });
  });
});

describe('content: not found', () => {
  it('answers 404 内容不存在 for unknown ids everywhere', async () => {
    const guest = client();
    const m1 = await member();
    const calls = [
      guest.call(content.wikiDetail, { params: { id: 99999 } }),
      guest.call(content.caseDetail, { params: { id: 99999 } }),
      guest.call(content.caseComments, { params: { id: 99999 } }),
      guest.call(content.caseCategory, { input: { id: 999 } }),
      guest.call(content.caseCategoryArticle, { input: { categoryId: 999 } }),
      guest.call(content.caseCategoryChildren, { input: { pid: 999 } }),
      guest.call(content.infoDetail, { params: { id: 99999 } }),
      guest.call(content.infoComments, { input: { id: 99999 } }),
      guest.call(content.communityDetail, { params: { id: 99999 } }),
      guest.call(content.article, { input: { articleCode: 99999 } }),
      guest.call(content.articleList, { input: { categoryId: '99999' } }),
      m1.call(content.caseLike, { input: { id: 99999 } }),
      m1.call(content.infoComment, { input: { id: 99999, content: '你好' } }),
      m1.call(content.communityLike, { input: { id: 99999 } }),
    ];
    for (const call of calls) expect(await failure(call)).toEqual({ status: 404, message: '内容不存在' });
    expect((await raw('/wiki/detail/abc')).body).toMatchObject({ status: 404, msg: '内容不存在' });
    expect((await raw('/article')).body).toMatchObject({ status: 400, msg: '缺少文章编号' });
    expect((await raw('/article?articleCode=38x')).body).toMatchObject({ status: 400, msg: '编号格式错误' });
  });
});

describe('content: lists and paging', () => {
  it('pages the encyclopedia and finds gases by name, formula, CAS or UN, best match first', async () => {
    const guest = client();
    const all = await guest.call(content.wikiList, { input: { pageSize: 16 } });
    const last = await guest.call(content.wikiList, { input: { pageSize: 16, pageNumber: 3 } });
    expect(all.total).toBe(wikiEntries.length);
    expect(last.list).toHaveLength(wikiEntries.length - 32);
    const gases = await guest.call(content.wikiList, { input: { kind: 'gas', pageSize: 100 } });
    expect(gases.total).toBeGreaterThanOrEqual(24);
    expect(gases.list.every((w) => w.gas !== null)).toBe(true);

    expect((await guest.call(content.sdsList, { input: { keyword: 'N2' } })).list.map((s) => s.name)).toEqual(['氮气', '一氧化二氮']);
    expect((await guest.call(content.sdsList, { input: { keyword: 'un1072' } })).list.map((s) => s.name)).toEqual(['氧气']);
    expect((await guest.call(content.sdsList, { input: { keyword: '1017' } })).list.map((s) => s.name)).toEqual(['氯气']);
    expect((await guest.call(content.sdsList, { input: { keyword: '7782-44-7' } })).list.map((s) => s.name)).toEqual(['氧气']);
    expect((await guest.call(content.wikiList, { input: { keyword: '硫化氢' } })).list[0]?.gas?.formula).toBe('H₂S');
    expect((await guest.call(content.wikiList, { input: { categoryId: '4' } })).list.every((w) => w.categoryName === '气瓶与减压器')).toBe(
      true,
    );
  });

  it('answers 16 SDS sections for every gas', async () => {
    const sds = await client().call(content.sdsList, { input: { pageSize: 100 } });
    expect(sds.total).toBe(wikiEntries.filter((w) => w.gas).length);
    for (const s of sds.list) {
      expect(s.sections.map((x) => x.title)[13]).toBe('第14部分 运输信息');
      expect(s.sections[13]!.content).toContain(s.un);
    }
  });

  it('lists cases of a sector through its sub-categories, with the tree counting them', async () => {
    const guest = client();
    const tree = await guest.call(content.caseCategoryTree);
    expect(tree).toHaveLength(5);
    for (const sector of tree) {
      const cases = await guest.call(content.caseList, { input: { categoryId: String(sector.id) } });
      expect(cases.total).toBe(sector.caseCount);
      expect(cases.total).toBeGreaterThanOrEqual(3);
      expect(sector.children.reduce((n, c) => n + c.caseCount, 0)).toBe(sector.caseCount);
    }
    expect((await guest.call(content.caseCategoryChildren, { input: { pid: 0 } })).map((c) => c.id)).toEqual(tree.map((c) => c.id));
    expect((await guest.call(content.caseCategoryArticle, { input: { categoryId: 302 } })).categoryId).toBe(3);
    expect((await guest.call(content.caseList, { input: { keyword: '液氦' } })).list.map((c) => c.id)).toEqual(
      expect.arrayContaining([16]),
    );
  });

  it('pages news newest first with prev/next inside the category', async () => {
    const guest = client();
    const page1 = await guest.call(content.infoList, { input: { pageSize: 5 } });
    const page3 = await guest.call(content.infoList, { input: { pageSize: 5, pageNumber: 3 } });
    expect(page1.total).toBe(14);
    expect(page3.list).toHaveLength(4);
    const dates = [...page1.list, ...page3.list].map((n) => n.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const cats = await guest.call(content.infoCategories);
    expect(cats.reduce((n, c) => n + c.count, 0)).toBe(14);

    const newest = (await guest.call(content.infoList, { input: { categoryId: '3' } })).list;
    const first = await guest.call(content.infoDetail, { params: { id: newest[0]!.id } });
    const oldest = await guest.call(content.infoDetail, { params: { id: newest.at(-1)!.id } });
    expect(first.prev).toBeNull();
    expect(first.next).toEqual({ id: newest[1]!.id, title: newest[1]!.title });
    expect(oldest.next).toBeNull();
  });

  it('lists the articles of a navigation category and its children', async () => {
    const guest = client();
    const faq = await guest.call(content.articleList, { input: { categoryId: '18' } });
    expect(faq.total).toBeGreaterThanOrEqual(8);
    expect(new Set(faq.list.map((a) => a.categoryId))).toEqual(new Set([181, 182, 183]));
    const videos = await guest.call(content.articleList, { input: { categoryId: '191' } });
    expect(videos.list.every((a) => a.categoryId === 191)).toBe(true);
    for (const code of [381, 172, 170, 426])
      expect((await guest.call(content.article, { input: { articleCode: code } })).content.length).toBeGreaterThan(300);
    expect((await guest.call(content.article, { input: { articleCode: 303 } })).content).toContain('<video');
  });
});

describe('content: seed facts', () => {
  it('gives every gas a valid CAS check digit, a UN number and a density that fits its molar mass', () => {
    const gases = wikiEntries.flatMap((w) => (w.gas ? [w.gas] : []));
    expect(gases.length).toBeGreaterThanOrEqual(24);
    for (const g of gases) {
      expect(casValid(g.cas), `${g.name} CAS ${g.cas}`).toBe(true);
      expect(g.un, g.name).toMatch(/^UN\d{4}$/);
      // Real gases at 0 °C and 101.325 kPa are within a few percent of M / 22.414 L/mol.
      const ideal = g.molarMass / 22.414;
      expect(Math.abs(g.density / ideal - 1), `${g.name} density ${g.density}`).toBeLessThan(0.03);
      expect(g.hazards.every((h) => /^H\d{3}/.test(h))).toBe(true);
    }
    expect(new Set(gases.map((g) => g.cas)).size).toBe(gases.length);
  });
});

describe('content: article hook', () => {
  it('creates and replaces content by id, stored verbatim', async () => {
    const xss = '<p>化学式</p><img src=x onerror=alert(1)><script>alert("x")</script><a href="javascript:alert(1)">点</a>';
    const created = await hook({ kind: 'wiki', id: 900, categoryId: 5, title: '<svg onload=alert(1)>', content: xss });
    expect(created.body).toMatchObject({ status: 200, data: { id: 900, title: '<svg onload=alert(1)>', content: xss, gas: null } });
    const total = (await client().call(content.wikiList)).total;
    expect(await client().call(content.wikiDetail, { params: { id: 900 } })).toMatchObject({ content: xss, categoryName: '气体安全' });

    await hook({ kind: 'wiki', id: 900, categoryId: 5, title: '改过的标题', content: '<p>新内容</p>' });
    expect((await client().call(content.wikiList)).total).toBe(total);
    expect(await client().call(content.wikiDetail, { params: { id: 900 } })).toMatchObject({
      title: '改过的标题',
      content: '<p>新内容</p>',
    });

    await hook({ kind: 'article', id: 381, categoryId: 17, title: '购买流程（修订）', content: xss, updatedAt: '2026-03-01 08:00:00' });
    expect(await client().call(content.article, { input: { articleCode: 381 } })).toEqual({
      articleId: 381,
      title: '购买流程（修订）',
      categoryId: 17,
      updatedAt: '2026-03-01 08:00:00',
      content: xss,
    });
  });

  it('puts a published news article in its place in lists and prev/next', async () => {
    await hook({ kind: 'news', id: 200, categoryId: 2, title: '新发布', content: '<p>正文</p>', publishedAt: '2026-06-01 09:00:00' });
    const list = await client().call(content.infoList, { input: { categoryId: '2' } });
    expect(list.list[0]?.id).toBe(200);
    expect(list.total).toBe(5);
    expect((await client().call(content.infoDetail, { params: { id: 7 } })).prev).toEqual({ id: 200, title: '新发布' });

    await hook({ kind: 'case', id: 1, categoryId: 301, title: '改为环境监测案例', content: '<p>正文</p>' });
    expect(await client().call(content.caseDetail, { params: { id: 1 } })).toMatchObject({
      sectorId: 3,
      sectorName: '环境监测',
      cover: '/images/cases/sector-3.svg',
    });
    await hook({ kind: 'community', id: 77, title: '后台置顶帖', content: '<b>公告</b>', createdAt: '2026-12-31 00:00:00' });
    expect((await client().call(content.communityList)).list[0]).toMatchObject({ id: 77, summary: '<b>公告</b>' });
  });

  it('keeps an edited article in its place with its counts when the edit leaves them out', async () => {
    const before = await client().call(content.infoDetail, { params: { id: 3 } });
    const cased = await client().call(content.caseDetail, { params: { id: 2 } });
    expect(before.views).toBeGreaterThan(0);

    await hook({ kind: 'news', id: 3, categoryId: before.categoryId, title: '改正错别字', content: '<p>修订</p>' });
    const after = await client().call(content.infoDetail, { params: { id: 3 } });
    expect(after).toMatchObject({ title: '改正错别字', publishedAt: before.publishedAt, views: before.views, likes: before.likes });
    expect(after.updatedAt).not.toBe(before.updatedAt);
    await hook({ kind: 'case', id: 2, categoryId: cased.categoryId, title: '改过的案例', content: '<p>修订</p>' });
    expect(await client().call(content.caseDetail, { params: { id: 2 } })).toMatchObject({
      publishedAt: cased.publishedAt,
      views: cased.views,
      likes: cased.likes,
    });

    // Sent, they are the editor's: a new publication time moves the article, counts are set.
    await hook({
      kind: 'news',
      id: 3,
      categoryId: before.categoryId,
      title: '重新发布',
      content: '<p>x</p>',
      publishedAt: '2026-07-01 08:00:00',
      views: 0,
    });
    expect(await client().call(content.infoDetail, { params: { id: 3 } })).toMatchObject({ publishedAt: '2026-07-01 08:00:00', views: 0 });
  });

  it('rejects malformed bodies with Chinese messages', async () => {
    expect((await hook({ kind: 'blog', id: 1 })).body).toMatchObject({
      status: 400,
      msg: '内容类型只能是 wiki、case、news、article 或 community',
    });
    expect((await hook({ kind: 'news', id: 1, categoryId: 1, content: '<p>x</p>' })).body).toMatchObject({
      status: 400,
      msg: '标题不能为空',
    });
    expect((await hook({ kind: 'news', id: 1, categoryId: 1, title: 't' })).body).toMatchObject({ status: 400, msg: '内容不能为空' });
    expect((await hook({ kind: 'news', id: 1.5, categoryId: 1, title: 't', content: 'c' })).body).toMatchObject({
      status: 400,
      msg: '编号必须是整数',
    });
    expect((await hook({ kind: 'article', id: 1, categoryId: 12345, title: 't', content: 'c' })).body).toMatchObject({
      status: 400,
      msg: '分类不存在',
    });
    expect((await hook({ kind: 'news', id: 1, categoryId: 1, title: 't', content: 'c', publishedAt: '2026/1/1' })).body).toMatchObject({
      status: 400,
      msg: '时间格式应为 YYYY-MM-DD HH:mm:ss',
    });
  });
});

describe('content: scale switch', () => {
  /** A sandbox built with SANDBOX_SCALE set, and the real client bound to it. */
  function scaled(value: string | undefined) {
    const saved = process.env.SANDBOX_SCALE;
    if (value === undefined) delete process.env.SANDBOX_SCALE;
    else process.env.SANDBOX_SCALE = value;
    try {
      const sb = createSandbox({ dataDir: null });
      const bases = Object.fromEntries(API_BASES.map((b) => [b, SANDBOX_ORIGIN])) as Record<ApiBase, string>;
      return createApi({ bases, timeoutMs: 5000, fetch: (input, init) => sb.handle(new Request(input, init)) });
    } finally {
      if (saved === undefined) delete process.env.SANDBOX_SCALE;
      else process.env.SANDBOX_SCALE = saved;
    }
  }

  it('adds N deterministic synthetic news articles that page like the real ones', async () => {
    const api = scaled('1000');
    const first = await api.call(content.infoList, { input: { pageSize: 100 } });
    expect(first.total).toBe(1014);
    // The seeded news of 2025-2026 come first; synthetic ones are older.
    expect(first.list.slice(0, 14).every((n) => n.id < 1000)).toBe(true);
    const last = await api.call(content.infoList, { input: { pageSize: 100, pageNumber: 11 } });
    expect(last.list).toHaveLength(14);
    const cats = await api.call(content.infoCategories);
    expect(cats.reduce((n, c) => n + c.count, 0)).toBe(1014);

    const synthetic = first.list[20]!;
    const detail = await api.call(content.infoDetail, { params: { id: synthetic.id } });
    expect(detail.content).toMatch(/<p>[^<]*气/);
    expect(detail.prev).not.toBeNull();
    expect(detail.next).not.toBeNull();
    // Same N, same articles.
    expect(await scaled('1000').call(content.infoDetail, { params: { id: synthetic.id } })).toEqual(detail);

    const started = performance.now();
    for (let p = 1; p <= 60; p++) await api.call(content.infoList, { input: { pageSize: 16, pageNumber: p } });
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('serves only the seed without SANDBOX_SCALE and refuses a malformed value', async () => {
    expect((await scaled(undefined).call(content.infoList)).total).toBe(14);
    expect(() => scaled('lots')).toThrow(/SANDBOX_SCALE/);
  });
});
