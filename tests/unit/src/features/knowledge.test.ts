import { describe, expect, it } from 'vitest';
import type { CaseCategory, CaseSummary, Comment, NewsSummary } from '#src/shared/api/contract/content.ts';
import { checkAsk, postIdParam, readAskForm } from '#src/features/community/community.ts';
import { commentProblem, engagement, withNewComment, withNewReply, type CommentPage } from '#src/features/knowledge/engagement.ts';
import {
  caseIn,
  caseListPages,
  casePlace,
  newestFirst,
  newsListPages,
  paginate,
  plainExcerpt,
  relatedCases,
} from '#src/features/knowledge/lists.ts';
import { caseListUrl, newsListUrl } from '#src/shared/http/routes.ts';
import type { Api } from '#src/shared/api/client.ts';

const node = (id: number, pid: number, children: CaseCategory[] = []): CaseCategory => ({
  id,
  pid,
  name: `c${id}`,
  pic: '',
  description: '',
  sort: id,
  caseCount: 0,
  children,
});
const tree = [node(1, 0, [node(101, 1), node(102, 1)]), node(2, 0, [node(201, 2)])];

let seq = 0;
const aCase = (categoryId: number, sectorId: number, publishedAt: string): CaseSummary => ({
  id: ++seq,
  categoryId,
  categoryName: '',
  sectorId,
  sectorName: '',
  title: `case ${seq}`,
  customer: '',
  summary: '',
  cover: '',
  tags: [],
  publishedAt,
  views: 0,
  likes: 0,
  comments: 0,
});

describe('case and news lists', () => {
  it('orders newest first, equal times by id', () => {
    const list = [
      { id: 1, t: '2025-01-01 00:00:00' },
      { id: 2, t: '2026-01-01 00:00:00' },
      { id: 3, t: '2025-01-01 00:00:00' },
    ];
    expect(newestFirst(list, (x) => x.t).map((x) => x.id)).toEqual([2, 3, 1]);
  });

  it('cuts pages of 16 and keeps page 1 of an empty list', () => {
    const pages = paginate(
      0,
      Array.from({ length: 33 }, (_, i) => i),
    );
    expect(pages.map((p) => [p.pageNumber, p.items.length, p.total])).toEqual([
      [1, 16, 33],
      [2, 16, 33],
      [3, 1, 33],
    ]);
    expect(paginate(5, [])).toEqual([{ categoryId: 5, pageNumber: 1, total: 0, items: [] }]);
  });

  it('lists every case, each sector and each sub-category; a sector holds its sub-categories', () => {
    const cases = [
      aCase(101, 1, '2025-01-01 00:00:00'),
      aCase(102, 1, '2025-02-01 00:00:00'),
      aCase(201, 2, '2025-03-01 00:00:00'),
      aCase(1, 1, '2024-01-01 00:00:00'),
    ];
    const pages = caseListPages(cases, tree);
    const of = (id: number) => pages.filter((p) => p.categoryId === id).flatMap((p) => p.items.map((c) => c.id));
    expect(pages.map((p) => p.categoryId)).toEqual([0, 1, 101, 102, 2, 201]);
    expect(of(0)).toEqual([cases[2]!.id, cases[1]!.id, cases[0]!.id, cases[3]!.id]);
    expect(of(1)).toEqual([cases[1]!.id, cases[0]!.id, cases[3]!.id]);
    expect(of(101)).toEqual([cases[0]!.id]);
    expect(of(201)).toEqual([cases[2]!.id]);
    expect(caseIn(cases[0]!, 0)).toBe(true);
  });

  it('every list page has a URL the page route builds', () => {
    expect(caseListUrl(0, 1)).toBe('/case/list');
    expect(caseListUrl(0, 2)).toBe('/case/list/0/2');
    expect(caseListUrl(101, 1)).toBe('/case/list/101');
    expect(newsListUrl(2, 3)).toBe('/about/news/list/2/3');
  });

  it('finds the sector and sub-category of a list, null for an unknown id', () => {
    expect(casePlace(tree, 0)).toEqual({ sector: null, sub: null });
    expect(casePlace(tree, 2)?.sector?.id).toBe(2);
    expect(casePlace(tree, 102)).toMatchObject({ sector: { id: 1 }, sub: { id: 102 } });
    expect(casePlace(tree, 999)).toBeNull();
  });

  it('news pages per category, newest first; a category without news still has page 1', () => {
    const n = (id: number, categoryId: number, day: number) =>
      ({ id, categoryId, publishedAt: `2026-01-${String(day).padStart(2, '0')} 00:00:00` }) as NewsSummary;
    const pages = newsListPages([n(1, 1, 1), n(2, 2, 2), n(3, 1, 3)], [1, 2, 3]);
    expect(pages.map((p) => [p.categoryId, p.items.map((x) => x.id)])).toEqual([
      [0, [3, 2, 1]],
      [1, [3, 1]],
      [2, [2]],
      [3, []],
    ]);
  });

  it('related cases: the same sub-category first, then the sector, never itself or another sector', () => {
    const current = aCase(101, 1, '2025-05-01 00:00:00');
    const same = aCase(101, 1, '2025-01-01 00:00:00');
    const sector = aCase(102, 1, '2025-06-01 00:00:00');
    const other = aCase(201, 2, '2025-07-01 00:00:00');
    expect(relatedCases([current, same, sector, other], current).map((c) => c.id)).toEqual([same.id, sector.id]);
  });

  it('teasers are plain text, entities decoded, scripts dropped, cut with an ellipsis', () => {
    expect(plainExcerpt('<p>液氮&amp;液氩<script>alert(1)</script></p><h2>标题</h2>', 100)).toBe('液氮&液氩 标题');
    expect(plainExcerpt('<p>一二三四五</p>', 3)).toBe('一二三…');
    expect(plainExcerpt('&#x4e2d;&#25991;&bogus;')).toBe('中文&bogus;');
  });
});

describe('likes and comments', () => {
  it('checks comment text with the contract messages', () => {
    expect(commentProblem('')).toBe('评论内容不能为空');
    expect(commentProblem('   ')).toBe('评论内容不能为空');
    expect(commentProblem('气'.repeat(501))).toBe('评论内容不能超过500字');
    expect(commentProblem('气'.repeat(500))).toBeNull();
    // An emoji counts as one character.
    expect(commentProblem('😀'.repeat(500))).toBeNull();
  });

  const comment = (id: number): Comment => ({
    id,
    targetId: 1,
    uid: 1,
    name: 'n',
    content: `c${id}`,
    createdAt: '2026-01-01 00:00:00',
    replies: [],
  });
  const pageOf = (ids: number[], total: number): CommentPage => ({ list: ids.map(comment), total, pageNumber: 1, pageSize: 3 });

  it('puts a new comment on top of page 1, keeping the page size and counting it', () => {
    const next = withNewComment(pageOf([3, 2, 1], 3), comment(4));
    expect(next.list.map((c) => c.id)).toEqual([4, 3, 2]);
    expect(next.total).toBe(4);
  });

  it('adds a reply under its comment once', () => {
    const reply = { id: 9, commentId: 2, uid: 1, name: 'n', content: 'r', createdAt: '2026-01-01 00:00:00' };
    const once = withNewReply(pageOf([3, 2, 1], 3), reply);
    const twice = withNewReply(once, reply);
    expect(twice.list.find((c) => c.id === 2)!.replies).toEqual([reply]);
    expect(twice.list.find((c) => c.id === 3)!.replies).toEqual([]);
  });

  it('calls the endpoints of its kind', async () => {
    const seen: string[] = [];
    const fake: Api = {
      call: async (endpoint, options) => (seen.push(`${endpoint.name} ${JSON.stringify(options?.params ?? options?.input)}`), {}) as never,
    };
    await engagement(fake, 'case').comments(5, 2);
    await engagement(fake, 'news').like(6);
    await engagement(fake, 'community').reply(7, 'hi');
    expect(seen).toEqual([
      'content.caseComments {"id":5}',
      'content.infoLike {"id":6}',
      'content.communityReply {"commentId":7,"content":"hi"}',
    ]);
  });
});

describe('community', () => {
  it('reads post ids from the path, digits only', () => {
    expect(postIdParam('12')).toBe(12);
    for (const junk of [undefined, '', 'abc', '1.5', '-1', '1e3', '9'.repeat(13)]) expect(postIdParam(junk)).toBeNull();
  });

  it('checks the ask form with the contract messages and trims what it sends', () => {
    expect(checkAsk({ title: '', content: '' })).toEqual({ ok: false, problems: { title: '标题不能为空', content: '内容不能为空' } });
    expect(checkAsk({ title: '长'.repeat(51), content: '内'.repeat(5001) })).toEqual({
      ok: false,
      problems: { title: '标题不能超过50字', content: '内容不能超过5000字' },
    });
    expect(checkAsk({ title: ' 标题 ', content: ' 内容 ' })).toEqual({ ok: true, input: { title: '标题', content: '内容' } });
  });

  it('takes only text fields from the form', () => {
    const form = new FormData();
    form.set('title', 't');
    form.set('content', new Blob(['x']));
    expect(readAskForm(form)).toEqual({ title: 't', content: '' });
  });
});
