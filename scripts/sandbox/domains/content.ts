/** Content calls: gas encyclopedia and SDS, cases, news (with the SANDBOX_SCALE synthetic articles), community, service articles, comments, likes and the article hook. */
import * as v from 'valibot';
import {
  content as contract,
  DateTime,
  GasFacts,
  type Article,
  type ArticleSummary,
  type CaseCategory,
  type CaseDetail,
  type CaseSummary,
  type Comment,
  type LikeState,
  type NewsDetail,
  type NewsSummary,
  type PostDetail,
  type PostSummary,
  type Reply,
  type WikiDetail,
  type WikiSummary,
} from '../../../src/lib/api/contract/content.ts';
import { Fail, parseOrFail, type Ctx, type Sandbox } from '../app.ts';
import { articles as seedArticles, type ArticleRecord } from '../seed/articles.ts';
import { caseCategories, cases as seedCases, sectorArticles, type CaseRecord } from '../seed/cases.ts';
import { comments as seedComments, posts as seedPosts, type CommentKind, type CommentRecord, type PostRecord } from '../seed/community.ts';
import { sdsEntries, wikiCategories, wikiEntries, type WikiRecord } from '../seed/gases.ts';
import { infoCategories, news as seedNews, type NewsRecord } from '../seed/news.ts';
import { navTree } from '../seed/site.ts';
import { navIdsUnder } from '../../../src/lib/articles.ts';
import { syntheticNews } from '../seed/synthetic.ts';
import { notifyShop } from '../publish-notify.ts';

const NOT_FOUND = '内容不存在';
const MAX_SCALE = 200_000;

/** SANDBOX_SCALE: how many synthetic news articles to serve next to the seeded ones. */
function readScale(): number {
  const raw = process.env.SANDBOX_SCALE?.trim();
  if (!raw) return 0;
  if (!/^\d+$/.test(raw) || Number(raw) > MAX_SCALE) throw new Error(`SANDBOX_SCALE 必须是 0 到 ${MAX_SCALE} 之间的整数，收到 "${raw}"`);
  return Number(raw);
}

/** Beijing time of an instant, as the back office formats it. */
function beijing(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
}

/** Names as comment lists show them: phones as 138****8000 (already masked ones kept), other names as their first character and **. */
export function maskName(name: string): string {
  if (/^1\d{10}$/.test(name)) return `${name.slice(0, 3)}****${name.slice(7)}`;
  if (/^1\d{2}\*{4}\d{4}$/.test(name)) return name;
  return `${[...name][0] ?? '会'}**`;
}

// Subscript digits and spaces are folded so N2 finds N₂ and "un 1066" finds UN1066.
const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';
const normalize = (s: string) =>
  s
    .toLowerCase()
    .replace(/[₀-₉]/g, (d) => String(SUBSCRIPTS.indexOf(d)))
    .replace(/\s+/g, '');
const matches = (keyword: string | undefined, ...fields: string[]) => {
  const k = normalize(keyword ?? '');
  return !k || fields.some((f) => normalize(f).includes(k));
};

/** How well a keyword fits: 0 exact, 1 prefix, 2 inside a name, -1 not at all; codes (CAS, UN) count only whole or as a prefix, so "N2" does not find UN2451. */
function rank(keyword: string | undefined, names: string[], codes: string[]): number {
  const k = normalize(keyword ?? '');
  if (!k) return 0;
  const scores = [
    ...names.map(normalize).map((f) => (f === k ? 0 : f.startsWith(k) ? 1 : f.includes(k) ? 2 : -1)),
    ...codes.map(normalize).map((c) => (c === k ? 0 : c.startsWith(k) ? 1 : -1)),
  ].filter((s) => s >= 0);
  return scores.length ? Math.min(...scores) : -1;
}

/** Keeps what matches, best match first, then by id. */
function ranked<T extends { id: number }>(list: readonly T[], score: (item: T) => number): T[] {
  return list
    .map((item) => ({ item, score: score(item) }))
    .filter((x) => x.score >= 0)
    .sort((a, b) => a.score - b.score || a.item.id - b.item.id)
    .map((x) => x.item);
}

const unCodes = (un: string) => [un, un.replace(/^UN/i, '')];

function paged<T, U>(list: readonly T[], q: { pageNumber: number; pageSize: number }, map: (item: T) => U) {
  const start = (q.pageNumber - 1) * q.pageSize;
  return { list: list.slice(start, start + q.pageSize).map(map), total: list.length, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

const newestFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
const pathId = (raw: string | undefined) => (/^\d{1,12}$/.test(raw ?? '') ? Number(raw) : null);
const excerpt = (text: string) => [...text.replace(/\s+/g, ' ').trim()].slice(0, 60).join('');

// ------------------------------------------------------------ the article hook

const HookId = v.pipe(v.number('编号必须是数字'), v.integer('编号必须是整数'), v.minValue(1, '编号必须大于 0'), v.maxValue(999_999_999_999, '编号过大'));
const HookTitle = v.pipe(v.optional(v.string('标题必须是字符串'), ''), v.nonEmpty('标题不能为空'));
// Rich text is kept exactly as sent: the storefront sanitizes, the back office does not.
const HookContent = v.pipe(v.optional(v.string('内容必须是字符串'), ''), v.nonEmpty('内容不能为空'));
const HookText = v.optional(v.string('字段必须是字符串'), '');
const HookCount = v.optional(v.pipe(v.number('数量必须是数字'), v.integer('数量必须是整数'), v.minValue(0, '数量不能为负数')), 0);
const HookCategory = v.pipe(v.number('分类编号必须是数字'), v.integer('分类编号必须是整数'));

const ArticleHook = v.variant(
  'kind',
  [
    v.object({
      kind: v.literal('wiki'),
      id: HookId,
      categoryId: HookCategory,
      title: HookTitle,
      summary: HookText,
      cover: HookText,
      content: HookContent,
      gas: v.optional(v.nullable(GasFacts), null),
      updatedAt: v.optional(DateTime),
      views: HookCount,
    }),
    v.object({
      kind: v.literal('case'),
      id: HookId,
      categoryId: HookCategory,
      title: HookTitle,
      customer: HookText,
      summary: HookText,
      cover: HookText,
      tags: v.optional(v.array(v.string('标签必须是字符串'), '标签必须是数组'), []),
      content: HookContent,
      publishedAt: v.optional(DateTime),
      views: HookCount,
      likes: HookCount,
    }),
    v.object({
      kind: v.literal('news'),
      id: HookId,
      categoryId: HookCategory,
      title: HookTitle,
      summary: HookText,
      cover: HookText,
      source: v.optional(v.string('来源必须是字符串'), '华气云商'),
      author: v.optional(v.string('作者必须是字符串'), '编辑部'),
      content: HookContent,
      publishedAt: v.optional(DateTime),
      views: HookCount,
      likes: HookCount,
    }),
    v.object({
      kind: v.literal('article'),
      id: HookId,
      categoryId: HookCategory,
      title: HookTitle,
      summary: HookText,
      content: HookContent,
      updatedAt: v.optional(DateTime),
    }),
    v.object({
      kind: v.literal('community'),
      id: HookId,
      uid: v.optional(v.pipe(v.number('会员编号必须是数字'), v.integer('会员编号必须是整数')), 0),
      name: v.optional(v.string('昵称必须是字符串'), '匿名会员'),
      title: HookTitle,
      content: HookContent,
      createdAt: v.optional(DateTime),
      views: HookCount,
      likes: HookCount,
    }),
  ],
  '内容类型只能是 wiki、case、news、article 或 community',
);

/** Replaces the record with the same id, or appends it. */
function upsert<T>(list: T[], record: T, same: (item: T) => boolean): T {
  const at = list.findIndex(same);
  if (at >= 0) list[at] = record;
  else list.push(record);
  return record;
}

// ------------------------------------------------------------ install

/** The news of one sandbox in date order, rebuilt only when the stored articles change. */
interface NewsIndex {
  source: NewsRecord[];
  byId: Map<number, NewsRecord>;
  byCategory: Map<number, NewsRecord[]>;
  all: NewsRecord[];
  /** Position of each article in its category's list, for prev/next. */
  position: Map<number, number>;
}

export function install(sb: Sandbox): void {
  const synthetic = syntheticNews(readScale());

  const wiki = () => sb.db.slice<WikiRecord[]>('content.wiki', () => structuredClone(wikiEntries));
  const cases = () => sb.db.slice<CaseRecord[]>('content.cases', () => structuredClone(seedCases));
  const news = () => sb.db.slice<NewsRecord[]>('content.news', () => structuredClone(seedNews));
  const articles = () => sb.db.slice<ArticleRecord[]>('content.articles', () => structuredClone(seedArticles));
  const posts = () => sb.db.slice<PostRecord[]>('content.posts', () => structuredClone(seedPosts));
  const comments = () => sb.db.slice<CommentRecord[]>('content.comments', () => structuredClone(seedComments));
  /** Members who like each `kind:id`. */
  const likes = () => sb.db.slice<Record<string, number[]>>('content.likes', () => ({}));

  let index: NewsIndex | null = null;
  function newsIndex(): NewsIndex {
    const source = news();
    if (index?.source === source) return index;
    const stored = new Set(source.map((n) => n.id));
    // A stored article with a synthetic id replaces the synthetic one.
    const all = [...source, ...synthetic.filter((n) => !stored.has(n.id))].sort((a, b) => newestFirst(a.publishedAt, b.publishedAt) || b.id - a.id);
    const byCategory = new Map<number, NewsRecord[]>();
    const position = new Map<number, number>();
    for (const n of all) {
      const list = byCategory.get(n.categoryId) ?? [];
      position.set(n.id, list.length);
      list.push(n);
      byCategory.set(n.categoryId, list);
    }
    index = { source, all, byCategory, position, byId: new Map(all.map((n) => [n.id, n])) };
    return index;
  }

  // ---------------------------------------------------------- likes and comments

  const likers = (kind: CommentKind, id: number) => likes()[`${kind}:${id}`] ?? [];
  const likeCount = (kind: CommentKind, id: number, base: number) => base + likers(kind, id).length;
  const likedBy = (kind: CommentKind, id: number, uid: number | null) => uid !== null && likers(kind, id).includes(uid);

  function toggleLike(kind: CommentKind, id: number, base: number, uid: number): LikeState {
    const all = likes();
    const key = `${kind}:${id}`;
    const members = all[key] ?? [];
    const at = members.indexOf(uid);
    if (at >= 0) members.splice(at, 1);
    else members.push(uid);
    if (members.length) all[key] = members;
    else delete all[key];
    return { liked: at < 0, likes: base + members.length };
  }

  const commentsOn = (kind: CommentKind, targetId: number) =>
    comments()
      .filter((c) => c.kind === kind && c.targetId === targetId)
      .sort((a, b) => newestFirst(a.createdAt, b.createdAt) || b.id - a.id);
  /** Comment counts per target of a kind, computed once per list answer. */
  function commentCounts(kind: CommentKind): Map<number, number> {
    const counts = new Map<number, number>();
    for (const c of comments()) if (c.kind === kind) counts.set(c.targetId, (counts.get(c.targetId) ?? 0) + 1);
    return counts;
  }
  const publicComment = ({ kind: _kind, ...c }: CommentRecord): Comment => c;

  // The name shown with a comment is taken from the member's user info when the comment is written, masked.
  const UserInfo = v.object({ phone: v.optional(v.string()), username: v.optional(v.string()) });
  async function authorName(ctx: Ctx<unknown>): Promise<string> {
    const route = sb.routes.find((r) => r.endpoint.method === 'GET' && r.endpoint.path === '/userinfo');
    if (route) {
      try {
        const user = v.safeParse(UserInfo, await route.handler({ ...ctx, input: undefined, params: {} }));
        const name = user.success ? user.output.phone || user.output.username : undefined;
        if (name) return maskName(name);
      } catch (e) {
        if (!(e instanceof Fail)) throw e;
      }
    }
    return maskName(`会员${ctx.uid}`);
  }

  async function addComment(ctx: Ctx<{ id: number; content: string }>, kind: CommentKind): Promise<Comment> {
    const all = comments();
    const record: CommentRecord = {
      id: Math.max(0, ...all.map((c) => c.id)) + 1,
      kind,
      targetId: ctx.input.id,
      uid: ctx.uid!,
      name: await authorName(ctx as Ctx<unknown>),
      content: ctx.input.content,
      createdAt: beijing(ctx.now()),
      replies: [],
    };
    all.push(record);
    return publicComment(record);
  }

  async function addReply(ctx: Ctx<{ commentId: number; content: string }>, kind: CommentKind): Promise<Reply> {
    const all = comments();
    const comment = all.find((c) => c.id === ctx.input.commentId && c.kind === kind);
    if (!comment) throw new Fail(404, '评论不存在');
    const reply: Reply = {
      id: Math.max(0, ...all.flatMap((c) => c.replies.map((r) => r.id))) + 1,
      commentId: comment.id,
      uid: ctx.uid!,
      name: await authorName(ctx as Ctx<unknown>),
      content: ctx.input.content,
      createdAt: beijing(ctx.now()),
    };
    comment.replies.push(reply);
    return reply;
  }

  // ---------------------------------------------------------- encyclopedia and SDS

  const wikiCategoryName = (id: number) => wikiCategories.find((c) => c.id === id)?.name ?? '';
  const wikiSummary = ({ content: _content, gas, ...w }: WikiRecord): WikiSummary => ({
    ...w,
    categoryName: wikiCategoryName(w.categoryId),
    gas: gas && { name: gas.name, formula: gas.formula, cas: gas.cas, un: gas.un },
  });

  sb.on(contract.wikiCategories, () => {
    const entries = wiki();
    return wikiCategories.map((c) => ({ ...c, count: entries.filter((w) => w.categoryId === c.id).length }));
  });

  sb.on(contract.wikiList, ({ input }) => {
    const candidates = wiki()
      .filter((w) => !input.categoryId || w.categoryId === Number(input.categoryId))
      .filter((w) => !input.kind || (input.kind === 'gas') === (w.gas !== null));
    const list = ranked(candidates, (w) =>
      rank(input.keyword, [w.title, w.summary, ...(w.gas ? [w.gas.name, w.gas.enName, w.gas.formula] : [])], w.gas ? [w.gas.cas, ...unCodes(w.gas.un)] : []),
    );
    return paged(list, input, wikiSummary);
  });

  sb.on(contract.wikiDetail, ({ params }): WikiDetail => {
    const id = pathId(params.id);
    const w = wiki().find((x) => x.id === id);
    if (!w) throw new Fail(404, NOT_FOUND);
    return { ...w, categoryName: wikiCategoryName(w.categoryId) };
  });

  sb.on(contract.sdsList, ({ input }) =>
    paged(
      ranked(sdsEntries, (s) => rank(input.keyword, [s.name, s.formula], [s.cas, ...unCodes(s.un)])),
      input,
      (s) => s,
    ),
  );

  // ---------------------------------------------------------- cases

  const sectorOf = (categoryId: number) => {
    const cat = caseCategories.find((c) => c.id === categoryId);
    return cat && cat.pid !== 0 ? caseCategories.find((c) => c.id === cat.pid) : cat;
  };
  const caseIdsUnder = (id: number) => new Set([id, ...caseCategories.filter((c) => c.pid === id).map((c) => c.id)]);
  function categoryNode(id: number): CaseCategory | null {
    const cat = caseCategories.find((c) => c.id === id);
    if (!cat) return null;
    const ids = caseIdsUnder(id);
    return {
      ...cat,
      caseCount: cases().filter((c) => ids.has(c.categoryId)).length,
      children: caseCategories.filter((c) => c.pid === id).map((c) => categoryNode(c.id)!),
    };
  }
  const caseSummary =
    (counts: Map<number, number>) =>
    ({ content: _content, ...c }: CaseRecord): CaseSummary => {
      const sector = sectorOf(c.categoryId);
      return {
        ...c,
        categoryName: caseCategories.find((x) => x.id === c.categoryId)?.name ?? '',
        sectorId: sector?.id ?? 0,
        sectorName: sector?.name ?? '',
        likes: likeCount('case', c.id, c.likes),
        comments: counts.get(c.id) ?? 0,
      };
    };
  const findCase = (id: number | null) => {
    const c = cases().find((x) => x.id === id);
    if (!c) throw new Fail(404, NOT_FOUND);
    return c;
  };

  sb.on(contract.caseCategoryTree, () => caseCategories.filter((c) => c.pid === 0).map((c) => categoryNode(c.id)!));

  sb.on(contract.caseCategoryArticle, ({ input }) => {
    const sector = sectorOf(input.categoryId);
    const article = sector && sectorArticles.find((a) => a.categoryId === sector.id);
    if (!article) throw new Fail(404, NOT_FOUND);
    return article;
  });

  sb.on(contract.caseCategory, ({ input }) => {
    const node = categoryNode(input.id);
    if (!node) throw new Fail(404, NOT_FOUND);
    return node;
  });

  sb.on(contract.caseCategoryChildren, ({ input }) => {
    const pid = input.pid <= 0 ? 0 : input.pid;
    if (pid !== 0 && !caseCategories.some((c) => c.id === pid)) throw new Fail(404, NOT_FOUND);
    return caseCategories.filter((c) => c.pid === pid).map((c) => categoryNode(c.id)!);
  });

  sb.on(contract.caseList, ({ input }) => {
    const ids = input.categoryId ? caseIdsUnder(Number(input.categoryId)) : null;
    const list = cases()
      .filter((c) => !ids || ids.has(c.categoryId))
      .filter((c) => matches(input.keyword, c.title, c.summary, c.customer, ...c.tags))
      .sort((a, b) => newestFirst(a.publishedAt, b.publishedAt) || b.id - a.id);
    return paged(list, input, caseSummary(commentCounts('case')));
  });

  sb.on(contract.caseDetail, ({ params, uid }): CaseDetail => {
    const c = findCase(pathId(params.id));
    return { ...caseSummary(commentCounts('case'))(c), content: c.content, liked: likedBy('case', c.id, uid) };
  });

  sb.on(contract.caseComments, ({ params, input }) => paged(commentsOn('case', findCase(pathId(params.id)).id), input, publicComment));
  sb.on(contract.caseLike, ({ input, uid }) => toggleLike('case', input.id, findCase(input.id).likes, uid!));
  sb.on(contract.caseComment, (ctx) => {
    findCase(ctx.input.id);
    return addComment(ctx, 'case');
  });
  sb.on(contract.caseReply, (ctx) => addReply(ctx, 'case'));

  // ---------------------------------------------------------- news

  const infoCategoryName = (id: number) => infoCategories.find((c) => c.id === id)?.name ?? '';
  const newsSummary =
    (counts: Map<number, number>) =>
    ({ content: _content, author: _author, ...n }: NewsRecord): NewsSummary => ({
      ...n,
      updatedAt: n.updatedAt ?? n.publishedAt,
      categoryName: infoCategoryName(n.categoryId),
      likes: likeCount('news', n.id, n.likes),
      comments: counts.get(n.id) ?? 0,
    });
  const findNews = (id: number | null) => {
    const n = id === null ? undefined : newsIndex().byId.get(id);
    if (!n) throw new Fail(404, NOT_FOUND);
    return n;
  };
  const link = (n: NewsRecord | undefined) => (n ? { id: n.id, title: n.title } : null);

  sb.on(contract.infoCategories, () => {
    const { byCategory } = newsIndex();
    return infoCategories.map((c) => ({ ...c, count: byCategory.get(c.id)?.length ?? 0 }));
  });

  sb.on(contract.infoList, ({ input }) => {
    const { all, byCategory } = newsIndex();
    const inCategory = input.categoryId ? (byCategory.get(Number(input.categoryId)) ?? []) : all;
    const list = input.keyword ? inCategory.filter((n) => matches(input.keyword, n.title, n.summary)) : inCategory;
    return paged(list, input, newsSummary(commentCounts('news')));
  });

  sb.on(contract.infoDetail, ({ params, uid }): NewsDetail => {
    const n = findNews(pathId(params.id));
    const { byCategory, position } = newsIndex();
    const siblings = byCategory.get(n.categoryId)!;
    const at = position.get(n.id)!;
    return {
      ...newsSummary(commentCounts('news'))(n),
      author: n.author,
      content: n.content,
      liked: likedBy('news', n.id, uid),
      prev: link(siblings[at - 1]),
      next: link(siblings[at + 1]),
    };
  });

  sb.on(contract.infoComments, ({ input }) => paged(commentsOn('news', findNews(input.id).id), input, publicComment));
  sb.on(contract.infoLike, ({ input, uid }) => toggleLike('news', input.id, findNews(input.id).likes, uid!));
  sb.on(contract.infoComment, (ctx) => {
    findNews(ctx.input.id);
    return addComment(ctx, 'news');
  });
  sb.on(contract.infoReply, (ctx) => addReply(ctx, 'news'));

  // ---------------------------------------------------------- community

  const postSummary =
    (counts: Map<number, number>) =>
    ({ content: _content, ...p }: PostRecord): PostSummary => ({ ...p, likes: likeCount('community', p.id, p.likes), comments: counts.get(p.id) ?? 0 });
  const postDetail = (p: PostRecord, uid: number | null): PostDetail => ({
    ...postSummary(commentCounts('community'))(p),
    content: p.content,
    liked: likedBy('community', p.id, uid),
  });
  const findPost = (id: number | null) => {
    const p = posts().find((x) => x.id === id);
    if (!p) throw new Fail(404, NOT_FOUND);
    return p;
  };

  sb.on(contract.communityList, ({ input }) => {
    const list = posts()
      .filter((p) => matches(input.keyword, p.title, p.content))
      .sort((a, b) => newestFirst(a.createdAt, b.createdAt) || b.id - a.id);
    return paged(list, input, postSummary(commentCounts('community')));
  });
  sb.on(contract.communityDetail, ({ params, uid }) => postDetail(findPost(pathId(params.id)), uid));
  sb.on(contract.communityComments, ({ input }) => paged(commentsOn('community', findPost(input.id).id), input, publicComment));
  sb.on(contract.communityLike, ({ input, uid }) => toggleLike('community', input.id, findPost(input.id).likes, uid!));
  sb.on(contract.communityComment, (ctx) => {
    findPost(ctx.input.id);
    return addComment(ctx, 'community');
  });
  sb.on(contract.communityReply, (ctx) => addReply(ctx, 'community'));
  sb.on(contract.communityAdd, async (ctx) => {
    const all = posts();
    const post: PostRecord = {
      id: Math.max(0, ...all.map((p) => p.id)) + 1,
      uid: ctx.uid!,
      name: await authorName(ctx as Ctx<unknown>),
      title: ctx.input.title,
      summary: excerpt(ctx.input.content),
      content: ctx.input.content,
      createdAt: beijing(ctx.now()),
      views: 0,
      likes: 0,
    };
    all.push(post);
    return postDetail(post, ctx.uid);
  });

  // ---------------------------------------------------------- service, policy and about articles

  sb.on(contract.article, ({ input }): Article => {
    const a = articles().find((x) => x.articleId === input.articleCode);
    if (!a) throw new Fail(404, NOT_FOUND);
    const { summary: _summary, ...article } = a;
    return article;
  });

  sb.on(contract.articleList, ({ input }) => {
    const ids = input.categoryId ? navIdsUnder(navTree, Number(input.categoryId)) : null;
    if (input.categoryId && !ids) throw new Fail(404, NOT_FOUND);
    const list = articles().filter((a) => !ids || ids.includes(a.categoryId));
    return paged(list, input, ({ articleId, title, categoryId, summary, updatedAt }): ArticleSummary => ({ articleId, title, categoryId, summary, updatedAt }));
  });

  // ---------------------------------------------------------- hook: create or replace any content by id

  sb.hook('POST', '/articles', (ctx) => {
    const body = parseOrFail(ArticleHook, ctx.input);
    const saved = saveArticle(body, beijing(ctx.now()));
    // As the back office does after an edit: the shop rebuilds the article's pages.
    notifyShop({ type: 'article.changed', data: { kind: body.kind, ids: [body.id] } });
    return saved;
  });

  function saveArticle(body: v.InferOutput<typeof ArticleHook>, now: string) {
    switch (body.kind) {
      case 'wiki': {
        if (!wikiCategories.some((c) => c.id === body.categoryId)) throw new Fail(400, '分类不存在');
        const { kind: _k, updatedAt, ...rest } = body;
        return upsert(wiki(), { ...rest, updatedAt: updatedAt ?? now }, (w) => w.id === body.id);
      }
      case 'case': {
        if (!caseCategories.some((c) => c.id === body.categoryId)) throw new Fail(400, '分类不存在');
        const { kind: _k, publishedAt, cover, ...rest } = body;
        const record: CaseRecord = { ...rest, cover: cover || caseCategories.find((c) => c.id === body.categoryId)!.pic, publishedAt: publishedAt ?? now };
        return upsert(cases(), record, (c) => c.id === body.id);
      }
      case 'news': {
        if (!infoCategories.some((c) => c.id === body.categoryId)) throw new Fail(400, '分类不存在');
        const { kind: _k, publishedAt, ...rest } = body;
        const record = upsert(news(), { ...rest, publishedAt: publishedAt ?? now, updatedAt: now }, (n) => n.id === body.id);
        index = null;
        return record;
      }
      case 'article': {
        if (!navIdsUnder(navTree, body.categoryId)) throw new Fail(400, '分类不存在');
        const { kind: _k, id, updatedAt, ...rest } = body;
        return upsert(articles(), { articleId: id, ...rest, updatedAt: updatedAt ?? now }, (a) => a.articleId === id);
      }
      case 'community': {
        const { kind: _k, createdAt, ...rest } = body;
        return upsert(posts(), { ...rest, summary: excerpt(rest.content), createdAt: createdAt ?? now }, (p) => p.id === body.id);
      }
    }
  }
}
