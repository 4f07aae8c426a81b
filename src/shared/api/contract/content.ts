/** Knowledge and company content: gas encyclopedia, SDS, application cases, news, community, service and policy articles, comments and likes. */
import * as v from 'valibot';
import { endpoint, page, PageQuery, type Endpoint } from './core.ts';

// Shapes docs/product.md §3/§7 leave "not shown" are designed here as a Chinese CMS backend answers them:
// times are Beijing-time strings 'YYYY-MM-DD HH:mm:ss'; rich text (`content`) is raw back-office HTML
// (p, h2, h3, ul, ol, li, table, img, a, strong, em, blockquote, video) that the storefront sanitizes before rendering.

/** Beijing time as the back office formats it. */
export const DateTime = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, '时间格式应为 YYYY-MM-DD HH:mm:ss'));

// A missing key would answer valibot's generic key issue; defaulting to '' lets the field's own Chinese message speak.
/** An id sent in a query or JSON body: digits, as a string or a number; `missing` when absent. */
const IdValue = (missing: string) =>
  v.pipe(
    v.optional(v.union([v.string(), v.number()], missing), ''),
    v.transform(String),
    v.nonEmpty(missing),
    v.regex(/^\d{1,12}$/, '编号格式错误'),
    v.transform(Number),
  );

/** Required text of 1 to `max` characters after trimming (emoji count as one). */
const Text = (empty: string, max: number, tooLong: string) =>
  v.pipe(
    v.optional(v.string(empty), ''),
    v.trim(),
    v.nonEmpty(empty),
    v.check((s) => [...s].length <= max, tooLong),
  );

const Keyword = v.optional(v.pipe(v.string(), v.maxLength(50, '关键词不能超过 50 个字')));

/** How an encyclopedia entry or a news article is listed: its category, title, summary and cover picture. */
const Listed = {
  id: v.number(),
  categoryId: v.number(),
  categoryName: v.string(),
  title: v.string(),
  summary: v.string(),
  cover: v.string(),
};

/** How a case, news article or post was received, as its list item shows it. */
const Reception = {
  views: v.number(),
  likes: v.number(),
  /** Comments on it, replies not counted (the `total` of its comment list). */
  comments: v.number(),
};

/** What a detail adds to its list item: the rich text, and whether the calling member likes it (false for guests). */
const Readable = { content: v.string(), liked: v.boolean() };

/** A page of a category's items (cases, news): digits for the category, and a keyword. */
const CategoryPageQuery = v.object({
  ...PageQuery.entries,
  categoryId: v.optional(v.pipe(v.string(), v.regex(/^\d*$/, '分类编号格式错误'))),
  keyword: Keyword,
});

/** A comment or reply: 1 to 500 characters after trimming. */
export const CommentText = Text('评论内容不能为空', 500, '评论内容不能超过500字');

export const Reply = v.object({
  id: v.number(),
  commentId: v.number(),
  uid: v.number(),
  /** Masked display name (e.g. 138****8000); the full phone never leaves the backend. */
  name: v.string(),
  content: v.string(),
  createdAt: DateTime,
});
export type Reply = v.InferOutput<typeof Reply>;

/** A comment with its replies, oldest reply first; comment lists are newest first. */
export const Comment = v.object({
  id: v.number(),
  /** The case, news article or community post commented on. */
  targetId: v.number(),
  uid: v.number(),
  name: v.string(),
  content: v.string(),
  createdAt: DateTime,
  replies: v.array(Reply),
});
export type Comment = v.InferOutput<typeof Comment>;

/** Answer of a like toggle: whether the member now likes it, and the new count. */
export const LikeState = v.object({ liked: v.boolean(), likes: v.number() });
export type LikeState = v.InferOutput<typeof LikeState>;

const LikeBody = v.object({ id: IdValue('缺少内容编号') });
const CommentBody = v.object({ id: IdValue('缺少内容编号'), content: CommentText });
const ReplyBody = v.object({ commentId: IdValue('缺少评论编号'), content: CommentText });
const IdQuery = v.object({ id: IdValue('缺少内容编号'), ...PageQuery.entries });

// ---------------------------------------------------------------- gas encyclopedia and SDS

export const WikiCategory = v.object({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  sort: v.number(),
  /** Entries in the category. */
  count: v.number(),
});
export type WikiCategory = v.InferOutput<typeof WikiCategory>;

/** GHS pictogram codes: GHS01 exploding bomb ... GHS09 environment. */
export const Pictogram = v.picklist(['GHS01', 'GHS02', 'GHS03', 'GHS04', 'GHS05', 'GHS06', 'GHS07', 'GHS08', 'GHS09']);
export type Pictogram = v.InferOutput<typeof Pictogram>;

/** The facts of one gas, as a buyer or safety officer looks them up. */
export const GasFacts = v.object({
  name: v.string(),
  enName: v.string(),
  /** With Unicode subscripts, e.g. N₂, C₂H₂. */
  formula: v.string(),
  cas: v.string(),
  /** e.g. UN1066. */
  un: v.string(),
  /** g/mol. */
  molarMass: v.number(),
  /** °C at 101.325 kPa; a sublimation point when `sublimes`. */
  boilingPointC: v.number(),
  sublimes: v.boolean(),
  /** Gas density in kg/m³ at 0 °C and 101.325 kPa. */
  density: v.number(),
  /** GHS classes in the wording of GB 30000 / 危险化学品目录, e.g. 易燃气体，类别1. */
  hazardClass: v.array(v.string()),
  /** Hazard statements with their H codes, e.g. H280 内装加压气体：遇热可能爆炸. */
  hazards: v.array(v.string()),
  signalWord: v.picklist(['危险', '警告']),
  pictograms: v.array(Pictogram),
  /** UN transport class with subsidiary risks, e.g. 2.3（8）. */
  transportClass: v.string(),
  /** Flammable range in air, volume fraction; empty when not flammable. */
  explosiveLimits: v.string(),
  /** Occupational exposure limit (GBZ 2.1 or ACGIH); empty when none is set. */
  exposureLimit: v.string(),
  uses: v.array(v.string()),
  storage: v.string(),
});
export type GasFacts = v.InferOutput<typeof GasFacts>;

export const GasBrief = v.pick(GasFacts, ['name', 'formula', 'cas', 'un']);

export const WikiSummary = v.object({
  ...Listed,
  updatedAt: DateTime,
  views: v.number(),
  /** Set for gas entries (the /gases pages), null for knowledge articles. */
  gas: v.nullable(GasBrief),
});
export type WikiSummary = v.InferOutput<typeof WikiSummary>;

export const WikiDetail = v.object({
  ...WikiSummary.entries,
  gas: v.nullable(GasFacts),
  content: v.string(),
});
export type WikiDetail = v.InferOutput<typeof WikiDetail>;

export const WikiQuery = v.object({
  ...PageQuery.entries,
  categoryId: v.optional(v.pipe(v.string(), v.regex(/^\d*$/, '分类编号格式错误'))),
  keyword: Keyword,
  /** `gas`: only gas entries; `article`: only knowledge articles. */
  kind: v.optional(v.picklist(['gas', 'article'], '条目类型只能是 gas 或 article')),
});

/** One of the 16 sections of a safety data sheet (GB/T 16483). */
export const SdsSection = v.object({ title: v.string(), content: v.string() });

export const SdsEntry = v.object({
  id: v.number(),
  name: v.string(),
  formula: v.string(),
  cas: v.string(),
  un: v.string(),
  hazardClass: v.array(v.string()),
  signalWord: v.picklist(['危险', '警告']),
  pictograms: v.array(Pictogram),
  /** Title of the printable SDS document. */
  pdfTitle: v.string(),
  sections: v.pipe(v.array(SdsSection), v.length(16)),
});
export type SdsEntry = v.InferOutput<typeof SdsEntry>;

// ---------------------------------------------------------------- application cases

/** A case category; the five sectors of docs/product.md §2 have `pid` 0 and a few children each. */
export interface CaseCategory {
  id: number;
  pid: number;
  name: string;
  pic: string;
  description: string;
  sort: number;
  /** Cases in the category and below it. */
  caseCount: number;
  children: CaseCategory[];
}
export const CaseCategory: v.GenericSchema<CaseCategory> = v.object({
  id: v.number(),
  pid: v.number(),
  name: v.string(),
  pic: v.string(),
  description: v.string(),
  sort: v.number(),
  caseCount: v.number(),
  children: v.array(v.lazy(() => CaseCategory)),
});

/** The text of a published article: its title, last edit and rich text. */
const ArticleText = { title: v.string(), updatedAt: DateTime, content: v.string() };

/** The solution article of a sector; a sub-category answers its sector's article. */
export const CategoryArticle = v.object({ categoryId: v.number(), ...ArticleText });
export type CategoryArticle = v.InferOutput<typeof CategoryArticle>;

export const CaseSummary = v.object({
  id: v.number(),
  categoryId: v.number(),
  categoryName: v.string(),
  /** The top-level sector the case belongs to. */
  sectorId: v.number(),
  sectorName: v.string(),
  title: v.string(),
  /** The customer as published, anonymised (e.g. 某双一流高校分析测试中心). */
  customer: v.string(),
  summary: v.string(),
  cover: v.string(),
  tags: v.array(v.string()),
  publishedAt: DateTime,
  ...Reception,
});
export type CaseSummary = v.InferOutput<typeof CaseSummary>;

export const CaseDetail = v.object({ ...CaseSummary.entries, ...Readable });
export type CaseDetail = v.InferOutput<typeof CaseDetail>;

export const CaseQuery = CategoryPageQuery;

// ---------------------------------------------------------------- news (info)

export const InfoCategory = v.object({ id: v.number(), name: v.string(), sort: v.number(), count: v.number() });
export type InfoCategory = v.InferOutput<typeof InfoCategory>;

export const NewsSummary = v.object({
  ...Listed,
  source: v.string(),
  publishedAt: DateTime,
  /** Last edit of the article (its publication time until edited): build-time loaders fetch a detail again only when it moves. */
  updatedAt: DateTime,
  ...Reception,
});
export type NewsSummary = v.InferOutput<typeof NewsSummary>;

/** A neighbouring article in the same category. */
export const NewsLink = v.nullable(v.object({ id: v.number(), title: v.string() }));

export const NewsDetail = v.object({
  ...NewsSummary.entries,
  author: v.string(),
  ...Readable,
  /** 上一篇: the next newer article of the category; null for the newest. */
  prev: NewsLink,
  /** 下一篇: the next older article of the category; null for the oldest. */
  next: NewsLink,
});
export type NewsDetail = v.InferOutput<typeof NewsDetail>;

export const NewsQuery = CategoryPageQuery;

// ---------------------------------------------------------------- community

export const PostSummary = v.object({
  id: v.number(),
  uid: v.number(),
  name: v.string(),
  title: v.string(),
  summary: v.string(),
  createdAt: DateTime,
  ...Reception,
});
export type PostSummary = v.InferOutput<typeof PostSummary>;

export const PostDetail = v.object({ ...PostSummary.entries, ...Readable });
export type PostDetail = v.InferOutput<typeof PostDetail>;

export const PostBody = v.object({
  title: Text('标题不能为空', 50, '标题不能超过50字'),
  content: Text('内容不能为空', 5000, '内容不能超过5000字'),
});

// ---------------------------------------------------------------- service, policy and about articles

/** A service, policy or about article; `categoryId` is a node of the navigation tree (docs/product.md §9 ids). */
export const Article = v.object({ articleId: v.number(), categoryId: v.number(), ...ArticleText });
export type Article = v.InferOutput<typeof Article>;

export const ArticleSummary = v.object({
  articleId: v.number(),
  title: v.string(),
  categoryId: v.number(),
  summary: v.string(),
  updatedAt: DateTime,
});
export type ArticleSummary = v.InferOutput<typeof ArticleSummary>;

type Engagement<K extends string> = Record<`${K}Like`, Endpoint<typeof LikeState, typeof LikeBody>> &
  Record<`${K}Comment`, Endpoint<typeof Comment, typeof CommentBody>> &
  Record<`${K}Reply`, Endpoint<typeof Reply, typeof ReplyBody>>;

/** A member's like, comment and reply on one kind of article (cases `case*`, news `info*`, posts `community*`): the same inputs and answers, each kind at its own paths. */
function engagement<K extends 'case' | 'info' | 'community'>(
  kind: K,
  paths: { like: string; comment: string; reply: string },
): Engagement<K> {
  return {
    [`${kind}Like`]: endpoint({
      name: `content.${kind}Like`,
      method: 'POST',
      path: paths.like,
      data: LikeState,
      input: LikeBody,
      auth: 'required',
    }),
    [`${kind}Comment`]: endpoint({
      name: `content.${kind}Comment`,
      method: 'POST',
      path: paths.comment,
      data: Comment,
      input: CommentBody,
      auth: 'required',
    }),
    [`${kind}Reply`]: endpoint({
      name: `content.${kind}Reply`,
      method: 'POST',
      path: paths.reply,
      data: Reply,
      input: ReplyBody,
      auth: 'required',
    }),
  } as Engagement<K>;
}

export const content = {
  wikiCategories: endpoint({ name: 'content.wikiCategories', method: 'GET', path: '/wiki/category/list', data: v.array(WikiCategory) }),
  wikiList: endpoint({ name: 'content.wikiList', method: 'GET', path: '/wiki/list', data: page(WikiSummary), input: WikiQuery }),
  wikiDetail: endpoint({ name: 'content.wikiDetail', method: 'GET', path: '/wiki/detail/{id}', data: WikiDetail }),
  sdsList: endpoint({
    name: 'content.sdsList',
    method: 'GET',
    path: '/sds/list',
    data: page(SdsEntry),
    input: v.object({ ...PageQuery.entries, keyword: Keyword }),
  }),

  caseCategoryTree: endpoint({
    name: 'content.caseCategoryTree',
    method: 'GET',
    path: '/case/category/tree/list',
    data: v.array(CaseCategory),
  }),
  caseCategoryArticle: endpoint({
    name: 'content.caseCategoryArticle',
    method: 'GET',
    path: '/case/category/article',
    data: CategoryArticle,
    input: v.object({ categoryId: IdValue('缺少分类编号') }),
  }),
  caseCategory: endpoint({
    name: 'content.caseCategory',
    method: 'GET',
    path: '/case/category',
    data: CaseCategory,
    input: v.object({ id: IdValue('缺少分类编号') }),
  }),
  caseCategoryChildren: endpoint({
    name: 'content.caseCategoryChildren',
    method: 'GET',
    path: '/case/category/list',
    data: v.array(CaseCategory),
    // pid 0 (or -1, the services layout's top level) lists the sectors.
    input: v.object({
      pid: v.optional(
        v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.regex(/^-?\d{1,12}$/, '分类编号格式错误'), v.transform(Number)),
        0,
      ),
    }),
  }),
  caseList: endpoint({ name: 'content.caseList', method: 'GET', path: '/case/list', data: page(CaseSummary), input: CaseQuery }),
  caseDetail: endpoint({ name: 'content.caseDetail', method: 'GET', path: '/case/detail/{id}', data: CaseDetail, auth: 'optional' }),
  caseComments: endpoint({
    name: 'content.caseComments',
    method: 'GET',
    path: '/case/comment/list/{id}',
    data: page(Comment),
    input: PageQuery,
  }),
  ...engagement('case', { like: '/case/fabulous', comment: '/case/comment/add', reply: '/case/comments/reply/add' }),

  infoCategories: endpoint({ name: 'content.infoCategories', method: 'GET', path: '/info/category/list', data: v.array(InfoCategory) }),
  infoList: endpoint({ name: 'content.infoList', method: 'GET', path: '/info/list', data: page(NewsSummary), input: NewsQuery }),
  infoDetail: endpoint({ name: 'content.infoDetail', method: 'GET', path: '/info/detail/{id}', data: NewsDetail, auth: 'optional' }),
  infoComments: endpoint({ name: 'content.infoComments', method: 'GET', path: '/info/comment/list', data: page(Comment), input: IdQuery }),
  ...engagement('info', { like: '/info/fabulous', comment: '/info/comment', reply: '/info/comments/reply/add' }),

  communityList: endpoint({
    name: 'content.communityList',
    method: 'GET',
    path: '/community/list',
    data: page(PostSummary),
    input: v.object({ ...PageQuery.entries, keyword: Keyword }),
  }),
  communityDetail: endpoint({
    name: 'content.communityDetail',
    method: 'GET',
    path: '/community/detail/{id}',
    data: PostDetail,
    auth: 'optional',
  }),
  communityComments: endpoint({
    name: 'content.communityComments',
    method: 'GET',
    path: '/community/comment/list',
    data: page(Comment),
    input: IdQuery,
  }),
  ...engagement('community', { like: '/community/fabulous', comment: '/community/comment/add', reply: '/community/comments/reply/add' }),
  communityAdd: endpoint({
    name: 'content.communityAdd',
    method: 'POST',
    path: '/community/add',
    data: PostDetail,
    input: PostBody,
    auth: 'required',
  }),

  article: endpoint({
    name: 'content.article',
    method: 'GET',
    path: '/article',
    data: Article,
    input: v.object({ articleCode: IdValue('缺少文章编号') }),
  }),
  articleList: endpoint({
    name: 'content.articleList',
    method: 'GET',
    path: '/article/list',
    data: page(ArticleSummary),
    // A parent category (18 常见问题, 19 操作视频) lists its children's articles too.
    input: v.object({ ...PageQuery.entries, categoryId: v.optional(v.pipe(v.string(), v.regex(/^\d*$/, '分类编号格式错误'))) }),
  }),
};
