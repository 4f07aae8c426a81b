/** Content calls: gas encyclopedia and SDS, cases, news (with the SANDBOX_SCALE synthetic articles), community, service articles, comments, likes and the article hook. */
import { chinaDateTime } from '#src/shared/formats/china-time.ts';
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
} from '#src/shared/api/contract/content.ts';
import { type Ctx, Fail, parseOrFail, type RouteCtx, type Sandbox, type SandboxEvents, type Seeding } from '../app.ts';
import { articles as seedArticles, type ArticleRecord } from '../seed/articles.ts';
import { caseCategories, cases as seedCases, sectorArticles, type CaseRecord } from '../seed/cases.ts';
import { comments as seedComments, posts as seedPosts, type CommentKind, type CommentRecord, type PostRecord } from '../seed/community.ts';
import { sdsEntries, wikiCategories, wikiEntries, type WikiRecord } from '../seed/gases.ts';
import { infoCategories, news as seedNews, type NewsRecord } from '../seed/news.ts';
import { navTree } from '../seed/site.ts';
import { navIdsUnder } from '#src/features/articles/articles.ts';
import { SYNTHETIC_FIRST_ID, syntheticNews } from '../seed/synthetic.ts';
import type { Db } from '../db.ts';
import type { DraftKind } from './content.events.ts';
import { notifyShop } from '../publish-notify.ts';
import { ERASED_NAME } from '#src/features/privacy/deidentify.ts';

const NOT_FOUND = '内容不存在';
const MAX_SCALE = 200_000;

/** SANDBOX_SCALE: how many synthetic news articles to serve next to the seeded ones. */
function readScale(): number {
  const raw = process.env.SANDBOX_SCALE?.trim();
  if (!raw) return 0;
  if (!/^\d+$/.test(raw) || Number(raw) > MAX_SCALE) throw new Error(`SANDBOX_SCALE 必须是 0 到 ${MAX_SCALE} 之间的整数，收到 "${raw}"`);
  return Number(raw);
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

const HookId = v.pipe(
  v.number('编号必须是数字'),
  v.integer('编号必须是整数'),
  v.minValue(1, '编号必须大于 0'),
  v.maxValue(999_999_999_999, '编号过大'),
);
const HookTitle = v.pipe(v.optional(v.string('标题必须是字符串'), ''), v.nonEmpty('标题不能为空'));
// Rich text is kept exactly as sent: the storefront sanitizes, the back office does not.
const HookContent = v.pipe(v.optional(v.string('内容必须是字符串'), ''), v.nonEmpty('内容不能为空'));
const HookText = v.optional(v.string('字段必须是字符串'), '');
// Left out, a count keeps the stored article's (0 for a new one): an editor's change does not reset what readers did.
const HookCount = v.optional(v.pipe(v.number('数量必须是数字'), v.integer('数量必须是整数'), v.minValue(0, '数量不能为负数')));
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

// ------------------------------------------------------------ install

/** Comment counts by target id. */
interface Counts {
  get(id: number): number | undefined;
}

const parse = <T>(rows: { data: string }[]): T[] => rows.map((r) => JSON.parse(r.data) as T);

interface NewsRow {
  id: number;
  category_id: number;
  published_at: string;
  data: string;
}
const NEWS_COLUMNS = 'id, category_id, published_at, data';
const newsFrom = (r: NewsRow): NewsRecord => JSON.parse(r.data) as NewsRecord;

/** Stores a news article, new or edited (the hook, the seed, measure:sandbox's bulk load). */
export function saveNews(db: Db, n: NewsRecord, synthetic: boolean): void {
  db.upsert(
    'news',
    {
      id: n.id,
      category_id: n.categoryId,
      published_at: n.publishedAt,
      title: n.title,
      summary: n.summary,
      synthetic: synthetic ? 1 : 0,
      data: JSON.stringify(n),
    },
    ['id'],
  );
}

/** SANDBOX_SCALE's synthetic articles as rows, in one transaction: missing ones added, ones beyond the scale removed; edited ones stay. */
function layScale(db: Db, n: number): void {
  db.run('DELETE FROM news WHERE synthetic = 1 AND id >= ?', SYNTHETIC_FIRST_ID + n);
  const have = db.get<{ n: number }>(
    'SELECT COUNT(*) AS n FROM news WHERE id >= ? AND id < ?',
    SYNTHETIC_FIRST_ID,
    SYNTHETIC_FIRST_ID + n,
  )!.n;
  if (have === n) return;
  const insert = db.q(
    'INSERT OR IGNORE INTO news (id, category_id, published_at, title, summary, synthetic, data) VALUES (?, ?, ?, ?, ?, 1, ?)',
  );
  for (const a of syntheticNews(n)) insert.run(a.id, a.categoryId, a.publishedAt, a.title, a.summary, JSON.stringify(a));
}

// Account deletion (domains/privacy.ts): comments stay for their threads under 已注销用户; likes go.
function onMemberErasing({ db, uid }: SandboxEvents['member.erasing']) {
  db.run("UPDATE comments SET data = json_set(data, '$.name', ?) WHERE json_extract(data, '$.uid') = ?", ERASED_NAME, uid);
  db.run("UPDATE comment_replies SET data = json_set(data, '$.name', ?) WHERE json_extract(data, '$.uid') = ?", ERASED_NAME, uid);
  db.run('DELETE FROM likes WHERE uid = ?', uid);
}

const wiki = (db: Db) => parse<WikiRecord>(db.all('SELECT data FROM wiki ORDER BY rowid'));

const cases = (db: Db) => parse<CaseRecord>(db.all('SELECT data FROM cases ORDER BY rowid'));

const articles = (db: Db) => parse<ArticleRecord>(db.all('SELECT data FROM service_articles ORDER BY pos'));

// ---------------------------------------------------------- likes and comments
const likeCount = (db: Db, kind: CommentKind, id: number, base: number) =>
  base + db.get<{ n: number }>('SELECT COUNT(*) AS n FROM likes WHERE kind = ? AND target_id = ?', kind, id)!.n;

const likedBy = (db: Db, kind: CommentKind, id: number, uid: number | null) =>
  uid !== null && db.get('SELECT 1 AS y FROM likes WHERE kind = ? AND target_id = ? AND uid = ?', kind, id, uid) !== undefined;

function toggleLike(db: Db, kind: CommentKind, id: number, base: number, uid: number): LikeState {
  const removed = db.run('DELETE FROM likes WHERE kind = ? AND target_id = ? AND uid = ?', kind, id, uid).changes > 0;
  if (!removed) db.insert('likes', { kind, target_id: id, uid });
  return { liked: !removed, likes: likeCount(db, kind, id, base) };
}

const repliesOf = (db: Db, commentId: number) =>
  parse<Reply>(db.all('SELECT data FROM comment_replies WHERE comment_id = ? ORDER BY id', commentId));

const commentFrom = (db: Db, r: { data: string; id: number }): CommentRecord => ({
  ...(JSON.parse(r.data) as Omit<CommentRecord, 'replies'>),
  replies: repliesOf(db, r.id),
});

/** A page of a target's comments, newest first, read with a query per page. */
function commentsPage(db: Db, kind: CommentKind, targetId: number, q: { pageNumber: number; pageSize: number }) {
  const total = db.get<{ n: number }>('SELECT COUNT(*) AS n FROM comments WHERE kind = ? AND target_id = ?', kind, targetId)!.n;
  const rows = db.all<{ id: number; data: string }>(
    'SELECT id, data FROM comments WHERE kind = ? AND target_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?',
    kind,
    targetId,
    q.pageSize,
    (q.pageNumber - 1) * q.pageSize,
  );
  return { list: rows.map((r) => publicComment(commentFrom(db, r))), total, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

/** Comment counts of a kind's targets, each counted by index when a list page asks for it. */
const commentCounts = (db: Db, kind: CommentKind): Counts => ({
  get: (id: number) => db.get<{ n: number }>('SELECT COUNT(*) AS n FROM comments WHERE kind = ? AND target_id = ?', kind, id)!.n,
});

const publicComment = ({ kind: _kind, ...c }: CommentRecord): Comment => c;

// The name shown with a comment is taken from the member's user info when the comment is written, masked.
const UserInfo = v.object({ phone: v.optional(v.string()), username: v.optional(v.string()) });

async function authorName(sb: Sandbox, ctx: Ctx<unknown>): Promise<string> {
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

async function addComment(sb: Sandbox, ctx: Ctx<{ id: number; content: string }>, kind: CommentKind): Promise<Comment> {
  const { db } = ctx;
  const record: CommentRecord = {
    id: db.get<{ id: number }>('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM comments')!.id,
    kind,
    targetId: ctx.input.id,
    uid: ctx.uid!,
    name: await authorName(sb, ctx as Ctx<unknown>),
    content: ctx.input.content,
    createdAt: chinaDateTime(ctx.now()),
    replies: [],
  };
  const { replies: _replies, ...rest } = record;
  db.insert('comments', { id: record.id, kind, target_id: record.targetId, created_at: record.createdAt, data: JSON.stringify(rest) });
  return publicComment(record);
}

async function addReply(sb: Sandbox, ctx: Ctx<{ commentId: number; content: string }>, kind: CommentKind): Promise<Reply> {
  const { db } = ctx;
  const comment = db.get<{ id: number }>('SELECT id FROM comments WHERE id = ? AND kind = ?', ctx.input.commentId, kind);
  if (!comment) throw new Fail(404, '评论不存在');
  const reply: Reply = {
    id: db.get<{ id: number }>('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM comment_replies')!.id,
    commentId: comment.id,
    uid: ctx.uid!,
    name: await authorName(sb, ctx as Ctx<unknown>),
    content: ctx.input.content,
    createdAt: chinaDateTime(ctx.now()),
  };
  db.insert('comment_replies', { id: reply.id, comment_id: comment.id, data: JSON.stringify(reply) });
  return reply;
}

// ---------------------------------------------------------- encyclopedia and SDS
const wikiCategoryName = (id: number) => wikiCategories.find((c) => c.id === id)?.name ?? '';

const wikiSummary = ({ content: _content, gas, ...w }: WikiRecord): WikiSummary => ({
  ...w,
  categoryName: wikiCategoryName(w.categoryId),
  gas: gas && { name: gas.name, formula: gas.formula, cas: gas.cas, un: gas.un },
});

// ---------------------------------------------------------- cases
const sectorOf = (categoryId: number) => {
  const cat = caseCategories.find((c) => c.id === categoryId);
  return cat && cat.pid !== 0 ? caseCategories.find((c) => c.id === cat.pid) : cat;
};

const caseIdsUnder = (id: number) => new Set([id, ...caseCategories.filter((c) => c.pid === id).map((c) => c.id)]);

function categoryNode(db: Db, id: number): CaseCategory | null {
  const cat = caseCategories.find((c) => c.id === id);
  if (!cat) return null;
  const ids = caseIdsUnder(id);
  return {
    ...cat,
    caseCount: cases(db).filter((c) => ids.has(c.categoryId)).length,
    children: caseCategories.filter((c) => c.pid === id).map((c) => categoryNode(db, c.id)!),
  };
}

const caseSummary =
  (db: Db, counts: Counts) =>
  ({ content: _content, ...c }: CaseRecord): CaseSummary => {
    const sector = sectorOf(c.categoryId);
    return {
      ...c,
      categoryName: caseCategories.find((x) => x.id === c.categoryId)?.name ?? '',
      sectorId: sector?.id ?? 0,
      sectorName: sector?.name ?? '',
      likes: likeCount(db, 'case', c.id, c.likes),
      comments: counts.get(c.id) ?? 0,
    };
  };

const findCase = (db: Db, id: number | null) => {
  const c = cases(db).find((x) => x.id === id);
  if (!c) throw new Fail(404, NOT_FOUND);
  return c;
};

// ---------------------------------------------------------- news
const infoCategoryName = (id: number) => infoCategories.find((c) => c.id === id)?.name ?? '';

const newsSummary =
  (db: Db, counts: Counts) =>
  ({ content: _content, author: _author, ...n }: NewsRecord): NewsSummary => ({
    ...n,
    updatedAt: n.updatedAt ?? n.publishedAt,
    categoryName: infoCategoryName(n.categoryId),
    likes: likeCount(db, 'news', n.id, n.likes),
    comments: counts.get(n.id) ?? 0,
  });

const findNews = (db: Db, id: number | null) => {
  const r = id === null ? undefined : db.get<NewsRow>(`SELECT ${NEWS_COLUMNS} FROM news WHERE id = ?`, id);
  if (!r) throw new Fail(404, NOT_FOUND);
  return newsFrom(r);
};

const link = (r: { id: number; title: string } | undefined) => (r ? { id: r.id, title: r.title } : null);

// ---------------------------------------------------------- community
const postSummary =
  (db: Db, counts: Counts) =>
  ({ content: _content, ...p }: PostRecord): PostSummary => ({
    ...p,
    likes: likeCount(db, 'community', p.id, p.likes),
    comments: counts.get(p.id) ?? 0,
  });

const postDetail = (db: Db, p: PostRecord, uid: number | null): PostDetail => ({
  ...postSummary(db, commentCounts(db, 'community'))(p),
  content: p.content,
  liked: likedBy(db, 'community', p.id, uid),
});

const findPost = (db: Db, id: number | null) => {
  const r = id === null ? undefined : db.get<{ data: string }>('SELECT data FROM posts WHERE id = ?', id);
  const p = r && (JSON.parse(r.data) as PostRecord);
  if (!p) throw new Fail(404, NOT_FOUND);
  return p;
};

/**
 * What an edit keeps of the stored article when it leaves them out: its counts and its publication time (fixing a typo in
 * an old article neither republishes it at the top of its list nor zeroes its views and likes). Empty for a new article.
 */
function stored<T>(db: Db, table: 'wiki' | 'cases' | 'news' | 'posts', id: number): Partial<T> {
  const row = db.get<{ data: string }>(`SELECT data FROM ${table} WHERE id = ?`, id);
  return row ? (JSON.parse(row.data) as T) : {};
}

type HookBody = v.InferOutput<typeof ArticleHook>;
type ContentRecord = WikiRecord | CaseRecord | NewsRecord | ArticleRecord | PostRecord;

/** The record an edit makes, as it would be stored (a draft is this record kept aside): the stored article's counts and time kept. */
function articleRecord(db: Db, body: HookBody, now: string): ContentRecord {
  switch (body.kind) {
    case 'wiki': {
      if (!wikiCategories.some((c) => c.id === body.categoryId)) throw new Fail(400, '分类不存在');
      const { kind: _k, updatedAt, views, ...rest } = body;
      const old = stored<WikiRecord>(db, 'wiki', body.id);
      return { ...rest, views: views ?? old.views ?? 0, updatedAt: updatedAt ?? now } satisfies WikiRecord;
    }
    case 'case': {
      if (!caseCategories.some((c) => c.id === body.categoryId)) throw new Fail(400, '分类不存在');
      const { kind: _k, publishedAt, cover, views, likes, ...rest } = body;
      const old = stored<CaseRecord>(db, 'cases', body.id);
      return {
        ...rest,
        cover: cover || caseCategories.find((c) => c.id === body.categoryId)!.pic,
        views: views ?? old.views ?? 0,
        likes: likes ?? old.likes ?? 0,
        publishedAt: publishedAt ?? old.publishedAt ?? now,
      } satisfies CaseRecord;
    }
    case 'news': {
      if (!infoCategories.some((c) => c.id === body.categoryId)) throw new Fail(400, '分类不存在');
      const { kind: _k, publishedAt, views, likes, ...rest } = body;
      const old = stored<NewsRecord>(db, 'news', body.id);
      return {
        ...rest,
        views: views ?? old.views ?? 0,
        likes: likes ?? old.likes ?? 0,
        publishedAt: publishedAt ?? old.publishedAt ?? now,
        updatedAt: now,
      } satisfies NewsRecord;
    }
    case 'article': {
      if (!navIdsUnder(navTree, body.categoryId)) throw new Fail(400, '分类不存在');
      const { kind: _k, id, updatedAt, ...rest } = body;
      return { articleId: id, ...rest, updatedAt: updatedAt ?? now } satisfies ArticleRecord;
    }
    case 'community': {
      const { kind: _k, createdAt, views, likes, ...rest } = body;
      const old = stored<PostRecord>(db, 'posts', body.id);
      return {
        ...rest,
        views: views ?? old.views ?? 0,
        likes: likes ?? old.likes ?? 0,
        summary: excerpt(rest.content),
        createdAt: createdAt ?? old.createdAt ?? now,
      } satisfies PostRecord;
    }
  }
}

/** Stores a record where the public calls read it. */
function storeArticle(db: Db, kind: HookBody['kind'], record: ContentRecord): void {
  switch (kind) {
    case 'wiki': {
      const w = record as WikiRecord;
      db.upsert('wiki', { id: w.id, category_id: w.categoryId, data: JSON.stringify(w) }, ['id']);
      return;
    }
    case 'case': {
      const c = record as CaseRecord;
      db.upsert('cases', { id: c.id, category_id: c.categoryId, published_at: c.publishedAt, data: JSON.stringify(c) }, ['id']);
      return;
    }
    case 'news':
      saveNews(db, record as NewsRecord, false);
      return;
    case 'article': {
      const a = record as ArticleRecord;
      // A new article goes last, an edited one keeps its place.
      db.run(
        'INSERT INTO service_articles (article_id, category_id, pos, data) VALUES (?, ?, (SELECT COALESCE(MAX(pos), -1) + 1 FROM service_articles), ?) ON CONFLICT (article_id) DO UPDATE SET category_id = excluded.category_id, data = excluded.data',
        a.articleId,
        a.categoryId,
        JSON.stringify(a),
      );
      return;
    }
    case 'community': {
      const p = record as PostRecord;
      db.upsert('posts', { id: p.id, created_at: p.createdAt, data: JSON.stringify(p) }, ['id']);
    }
  }
}

/**
 * A record in the shape of its kind's public detail call, whether stored or not (a draft's preview): counts are the stored
 * article's (0 for a new one), a news article's neighbours those of its place among the published ones, nothing liked.
 */
export function detailOf(db: Db, kind: DraftKind, record: unknown): WikiDetail | CaseDetail | NewsDetail | Article {
  switch (kind) {
    case 'wiki': {
      const w = record as WikiRecord;
      return { ...w, categoryName: wikiCategoryName(w.categoryId) };
    }
    case 'case': {
      const c = record as CaseRecord;
      return { ...caseSummary(db, commentCounts(db, 'case'))(c), content: c.content, liked: false };
    }
    case 'news':
      return newsDetail(db, record as NewsRecord, null);
    case 'article': {
      const { summary: _summary, ...a } = record as ArticleRecord;
      return a;
    }
  }
}

function seedContent({ db }: Seeding) {
  for (const w of wikiEntries) db.insert('wiki', { id: w.id, category_id: w.categoryId, data: JSON.stringify(w) });
  for (const c of seedCases)
    db.insert('cases', { id: c.id, category_id: c.categoryId, published_at: c.publishedAt, data: JSON.stringify(c) });
  for (const n of seedNews) saveNews(db, n, false);
  seedArticles.forEach((a, pos) =>
    db.insert('service_articles', { article_id: a.articleId, category_id: a.categoryId, pos, data: JSON.stringify(a) }),
  );
  for (const p of seedPosts) db.insert('posts', { id: p.id, created_at: p.createdAt, data: JSON.stringify(p) });
  for (const c of seedComments) {
    const { replies, ...rest } = c;
    db.insert('comments', { id: c.id, kind: c.kind, target_id: c.targetId, created_at: c.createdAt, data: JSON.stringify(rest) });
    for (const r of replies) db.insert('comment_replies', { id: r.id, comment_id: c.id, data: JSON.stringify(r) });
  }
}

function wikiCategoriesRoute({ db }: RouteCtx<typeof contract.wikiCategories>) {
  const entries = wiki(db);
  return wikiCategories.map((c) => ({ ...c, count: entries.filter((w) => w.categoryId === c.id).length }));
}

function wikiList({ input, db }: RouteCtx<typeof contract.wikiList>) {
  const candidates = wiki(db)
    .filter((w) => !input.categoryId || w.categoryId === Number(input.categoryId))
    .filter((w) => !input.kind || (input.kind === 'gas') === (w.gas !== null));
  const list = ranked(candidates, (w) =>
    rank(
      input.keyword,
      [w.title, w.summary, ...(w.gas ? [w.gas.name, w.gas.enName, w.gas.formula] : [])],
      w.gas ? [w.gas.cas, ...unCodes(w.gas.un)] : [],
    ),
  );
  return paged(list, input, wikiSummary);
}

function wikiDetail({ params, db }: RouteCtx<typeof contract.wikiDetail>): WikiDetail {
  const id = pathId(params.id);
  const w = wiki(db).find((x) => x.id === id);
  if (!w) throw new Fail(404, NOT_FOUND);
  return { ...w, categoryName: wikiCategoryName(w.categoryId) };
}

function sdsList({ input }: RouteCtx<typeof contract.sdsList>) {
  return paged(
    ranked(sdsEntries, (s) => rank(input.keyword, [s.name, s.formula], [s.cas, ...unCodes(s.un)])),
    input,
    (s) => s,
  );
}

function caseCategoryTree({ db }: RouteCtx<typeof contract.caseCategoryTree>) {
  return caseCategories.filter((c) => c.pid === 0).map((c) => categoryNode(db, c.id)!);
}

function caseCategoryArticle({ input }: RouteCtx<typeof contract.caseCategoryArticle>) {
  const sector = sectorOf(input.categoryId);
  const article = sector && sectorArticles.find((a) => a.categoryId === sector.id);
  if (!article) throw new Fail(404, NOT_FOUND);
  return article;
}

function caseCategory({ input, db }: RouteCtx<typeof contract.caseCategory>) {
  const node = categoryNode(db, input.id);
  if (!node) throw new Fail(404, NOT_FOUND);
  return node;
}

function caseCategoryChildren({ input, db }: RouteCtx<typeof contract.caseCategoryChildren>) {
  const pid = input.pid <= 0 ? 0 : input.pid;
  if (pid !== 0 && !caseCategories.some((c) => c.id === pid)) throw new Fail(404, NOT_FOUND);
  return caseCategories.filter((c) => c.pid === pid).map((c) => categoryNode(db, c.id)!);
}

function caseList({ input, db }: RouteCtx<typeof contract.caseList>) {
  const ids = input.categoryId ? caseIdsUnder(Number(input.categoryId)) : null;
  const list = cases(db)
    .filter((c) => !ids || ids.has(c.categoryId))
    .filter((c) => matches(input.keyword, c.title, c.summary, c.customer, ...c.tags))
    .sort((a, b) => newestFirst(a.publishedAt, b.publishedAt) || b.id - a.id);
  return paged(list, input, caseSummary(db, commentCounts(db, 'case')));
}

function caseDetail({ params, uid, db }: RouteCtx<typeof contract.caseDetail>): CaseDetail {
  const c = findCase(db, pathId(params.id));
  return { ...caseSummary(db, commentCounts(db, 'case'))(c), content: c.content, liked: likedBy(db, 'case', c.id, uid) };
}

function caseComments({ params, input, db }: RouteCtx<typeof contract.caseComments>) {
  return commentsPage(db, 'case', findCase(db, pathId(params.id)).id, input);
}

function caseLike({ input, uid, db }: RouteCtx<typeof contract.caseLike>) {
  return toggleLike(db, 'case', input.id, findCase(db, input.id).likes, uid!);
}

function caseComment(sb: Sandbox) {
  return (ctx: RouteCtx<typeof contract.caseComment>) => {
    findCase(ctx.db, ctx.input.id);
    return addComment(sb, ctx, 'case');
  };
}

function caseReply(sb: Sandbox) {
  return (ctx: RouteCtx<typeof contract.caseReply>) => {
    return addReply(sb, ctx, 'case');
  };
}

function infoCategoriesRoute({ db }: RouteCtx<typeof contract.infoCategories>) {
  const counts = new Map(
    db
      .all<{ category_id: number; n: number }>('SELECT category_id, COUNT(*) AS n FROM news GROUP BY category_id')
      .map((r) => [r.category_id, r.n]),
  );
  return infoCategories.map((c) => ({ ...c, count: counts.get(c.id) ?? 0 }));
}

// Newest first, then by id; a page is read by index, a keyword scans the titles and summaries.
function infoList({ input, db }: RouteCtx<typeof contract.infoList>) {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (input.categoryId) {
    where.push('category_id = ?');
    params.push(Number(input.categoryId));
  }
  const k = normalize(input.keyword ?? '');
  if (k) {
    where.push('(instr(content_norm(title), ?) > 0 OR instr(content_norm(summary), ?) > 0)');
    params.push(k, k);
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM news ${filter}`, ...params)!.n;
  const rows = db.all<NewsRow>(
    `SELECT ${NEWS_COLUMNS} FROM news ${filter} ORDER BY published_at DESC, id DESC LIMIT ? OFFSET ?`,
    ...params,
    input.pageSize,
    (input.pageNumber - 1) * input.pageSize,
  );
  const summarize = newsSummary(db, commentCounts(db, 'news'));
  return { list: rows.map((r) => summarize(newsFrom(r))), total, pageNumber: input.pageNumber, pageSize: input.pageSize };
}

function newsDetail(db: Db, n: NewsRecord, uid: number | null): NewsDetail {
  // The neighbours in the category's newest-first order.
  const prev = db.get<{ id: number; title: string }>(
    'SELECT id, title FROM news WHERE category_id = ? AND (published_at, id) > (?, ?) ORDER BY published_at ASC, id ASC LIMIT 1',
    n.categoryId,
    n.publishedAt,
    n.id,
  );
  const next = db.get<{ id: number; title: string }>(
    'SELECT id, title FROM news WHERE category_id = ? AND (published_at, id) < (?, ?) ORDER BY published_at DESC, id DESC LIMIT 1',
    n.categoryId,
    n.publishedAt,
    n.id,
  );
  return {
    ...newsSummary(db, commentCounts(db, 'news'))(n),
    author: n.author,
    content: n.content,
    liked: likedBy(db, 'news', n.id, uid),
    prev: link(prev),
    next: link(next),
  };
}

function infoDetail({ params, uid, db }: RouteCtx<typeof contract.infoDetail>): NewsDetail {
  return newsDetail(db, findNews(db, pathId(params.id)), uid);
}

function infoComments({ input, db }: RouteCtx<typeof contract.infoComments>) {
  return commentsPage(db, 'news', findNews(db, input.id).id, input);
}

function infoLike({ input, uid, db }: RouteCtx<typeof contract.infoLike>) {
  return toggleLike(db, 'news', input.id, findNews(db, input.id).likes, uid!);
}

function infoComment(sb: Sandbox) {
  return (ctx: RouteCtx<typeof contract.infoComment>) => {
    findNews(ctx.db, ctx.input.id);
    return addComment(sb, ctx, 'news');
  };
}

function infoReply(sb: Sandbox) {
  return (ctx: RouteCtx<typeof contract.infoReply>) => {
    return addReply(sb, ctx, 'news');
  };
}

function communityList({ input, db }: RouteCtx<typeof contract.communityList>) {
  const k = normalize(input.keyword ?? '');
  const filter = k
    ? "WHERE instr(content_norm(json_extract(data, '$.title')), ?) > 0 OR instr(content_norm(json_extract(data, '$.content')), ?) > 0"
    : 'WHERE ? IS NULL AND ? IS NULL';
  const params = k ? [k, k] : [null, null];
  const total = db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM posts ${filter}`, ...params)!.n;
  const rows = db.all<{ data: string }>(
    `SELECT data FROM posts ${filter} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    ...params,
    input.pageSize,
    (input.pageNumber - 1) * input.pageSize,
  );
  const summarize = postSummary(db, commentCounts(db, 'community'));
  return { list: parse<PostRecord>(rows).map(summarize), total, pageNumber: input.pageNumber, pageSize: input.pageSize };
}

function communityDetail({ params, uid, db }: RouteCtx<typeof contract.communityDetail>) {
  return postDetail(db, findPost(db, pathId(params.id)), uid);
}

function communityComments({ input, db }: RouteCtx<typeof contract.communityComments>) {
  return commentsPage(db, 'community', findPost(db, input.id).id, input);
}

function communityLike({ input, uid, db }: RouteCtx<typeof contract.communityLike>) {
  return toggleLike(db, 'community', input.id, findPost(db, input.id).likes, uid!);
}

function communityComment(sb: Sandbox) {
  return (ctx: RouteCtx<typeof contract.communityComment>) => {
    findPost(ctx.db, ctx.input.id);
    return addComment(sb, ctx, 'community');
  };
}

function communityReply(sb: Sandbox) {
  return (ctx: RouteCtx<typeof contract.communityReply>) => {
    return addReply(sb, ctx, 'community');
  };
}

function communityAdd(sb: Sandbox) {
  return async (ctx: RouteCtx<typeof contract.communityAdd>) => {
    const { db } = ctx;
    const post: PostRecord = {
      id: db.get<{ id: number }>('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM posts')!.id,
      uid: ctx.uid!,
      name: await authorName(sb, ctx as Ctx<unknown>),
      title: ctx.input.title,
      summary: excerpt(ctx.input.content),
      content: ctx.input.content,
      createdAt: chinaDateTime(ctx.now()),
      views: 0,
      likes: 0,
    };
    db.insert('posts', { id: post.id, created_at: post.createdAt, data: JSON.stringify(post) });
    return postDetail(db, post, ctx.uid);
  };
}

// ---------------------------------------------------------- service, policy and about articles
function article({ input, db }: RouteCtx<typeof contract.article>): Article {
  const a = articles(db).find((x) => x.articleId === input.articleCode);
  if (!a) throw new Fail(404, NOT_FOUND);
  const { summary: _summary, ...article } = a;
  return article;
}

function articleList({ input, db }: RouteCtx<typeof contract.articleList>) {
  const ids = input.categoryId ? navIdsUnder(navTree, Number(input.categoryId)) : null;
  if (input.categoryId && !ids) throw new Fail(404, NOT_FOUND);
  const list = articles(db).filter((a) => !ids || ids.includes(a.categoryId));
  return paged(
    list,
    input,
    ({ articleId, title, categoryId, summary, updatedAt }): ArticleSummary => ({ articleId, title, categoryId, summary, updatedAt }),
  );
}

// ---------------------------------------------------------- hook: create or replace any content by id
// `status`: `draft` keeps the edit aside for a preview (nothing public changes, no webhook); `published` (or none) publishes it.
const HookStatus = v.object({ status: v.optional(v.picklist(['draft', 'published'], '状态只能是 draft 或 published'), 'published') });

function hookArticles(sb: Sandbox) {
  return (ctx: Ctx<unknown>) => {
    const { status } = parseOrFail(HookStatus, ctx.input);
    const body = parseOrFail(ArticleHook, ctx.input);
    const record = articleRecord(ctx.db, body, chinaDateTime(ctx.now()));
    if (status === 'draft') {
      if (body.kind === 'community') throw new Fail(400, '社区帖子没有草稿');
      const event = { db: ctx.db, now: ctx.now(), kind: body.kind, id: body.id, record, answer: {} };
      sb.emit('article.drafting', event);
      // A backend without previews has nowhere to keep a draft: refused, so the editor is not told it was saved.
      if (!Object.keys(event.answer).length) throw new Fail(400, '不支持草稿');
      return event.answer;
    }
    storeArticle(ctx.db, body.kind, record);
    sb.emit('article.published', { db: ctx.db, kind: body.kind, id: body.id });
    // As the back office does after an edit: the shop rebuilds the article's pages.
    notifyShop({ type: 'article.changed', data: { kind: body.kind, ids: [body.id] } });
    return record;
  };
}

/**
 * Hook: the back office deletes (or unpublishes) a news article: `{kind: 'news', id}`; it leaves the list and its detail
 * answers 404, and the shop is sent `article.deleted`. Only news: the other kinds' pages are not deleted by editors here.
 */
function hookArticleDelete(ctx: Ctx<unknown>) {
  const body = ctx.input as { kind?: unknown; id?: unknown };
  if (body?.kind !== 'news' || !Number.isInteger(body.id)) throw new Fail(400, '参数错误：kind 须为 news，id 须为整数');
  const id = body.id as number;
  if (!stored<NewsRecord>(ctx.db, 'news', id)) throw new Fail(404, NOT_FOUND);
  ctx.db.run('DELETE FROM news WHERE id = ?', id);
  notifyShop({ type: 'article.deleted', data: { kind: 'news', ids: [id] } });
  return { deleted: id };
}

export function install(sb: Sandbox): void {
  sb.listen('member.erasing', onMemberErasing);
  const scale = readScale();
  // Keyword matching in SQL folds text the same way as in code.
  sb.db.function('content_norm', { deterministic: true }, (text) => normalize(String(text ?? '')));

  sb.seed('content', seedContent);
  sb.onStart((db) => layScale(db, scale));

  sb.on(contract.wikiCategories, wikiCategoriesRoute);

  sb.on(contract.wikiList, wikiList);

  sb.on(contract.wikiDetail, wikiDetail);

  sb.on(contract.sdsList, sdsList);

  sb.on(contract.caseCategoryTree, caseCategoryTree);

  sb.on(contract.caseCategoryArticle, caseCategoryArticle);

  sb.on(contract.caseCategory, caseCategory);

  sb.on(contract.caseCategoryChildren, caseCategoryChildren);

  sb.on(contract.caseList, caseList);

  sb.on(contract.caseDetail, caseDetail);

  sb.on(contract.caseComments, caseComments);
  sb.on(contract.caseLike, caseLike);
  sb.on(contract.caseComment, caseComment(sb));
  sb.on(contract.caseReply, caseReply(sb));

  sb.on(contract.infoCategories, infoCategoriesRoute);

  sb.on(contract.infoList, infoList);

  sb.on(contract.infoDetail, infoDetail);

  sb.on(contract.infoComments, infoComments);
  sb.on(contract.infoLike, infoLike);
  sb.on(contract.infoComment, infoComment(sb));
  sb.on(contract.infoReply, infoReply(sb));

  sb.on(contract.communityList, communityList);
  sb.on(contract.communityDetail, communityDetail);
  sb.on(contract.communityComments, communityComments);
  sb.on(contract.communityLike, communityLike);
  sb.on(contract.communityComment, communityComment(sb));
  sb.on(contract.communityReply, communityReply(sb));
  sb.on(contract.communityAdd, communityAdd(sb));

  sb.on(contract.article, article);

  sb.on(contract.articleList, articleList);

  sb.hook('POST', '/articles', hookArticles(sb));
  sb.hook('POST', '/articles/delete', hookArticleDelete);
}
