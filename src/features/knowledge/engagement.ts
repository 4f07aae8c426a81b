/** Likes, comments and replies of cases, news and community posts: one set of calls per kind, so one set of islands serves all three. */
import * as v from 'valibot';
import type { Api } from '#src/shared/api/client.ts';
import { CommentText, content, type Comment, type LikeState, type Reply } from '#src/shared/api/contract/content.ts';

export type EngageKind = 'case' | 'news' | 'community';

/** Comments per page of a comment list. */
export const COMMENT_PAGE_SIZE = 10;

export interface CommentPage {
  list: Comment[];
  total: number;
  pageNumber: number;
  pageSize: number;
}

/** What the islands need from the backend, the same for every kind. */
export interface Engagement {
  /** The live like count, the member's liked state and the comment count (pre-rendered pages know neither). */
  state(id: number): Promise<{ likes: number; liked: boolean; comments: number }>;
  comments(id: number, pageNumber: number): Promise<CommentPage>;
  like(id: number): Promise<LikeState>;
  comment(id: number, text: string): Promise<Comment>;
  reply(commentId: number, text: string): Promise<Reply>;
}

// Background reads and inline controls show their own feedback, not the page-wide loading overlay.
const quiet = { silent: true } as const;

export function engagement(api: Api, kind: EngageKind): Engagement {
  const page = (pageNumber: number) => ({ pageNumber, pageSize: COMMENT_PAGE_SIZE });
  switch (kind) {
    case 'case':
      return {
        state: (id) => api.call(content.caseDetail, { params: { id }, ...quiet }),
        comments: (id, n) => api.call(content.caseComments, { params: { id }, input: page(n), ...quiet }),
        like: (id) => api.call(content.caseLike, { input: { id }, ...quiet }),
        comment: (id, text) => api.call(content.caseComment, { input: { id, content: text }, ...quiet }),
        reply: (commentId, text) => api.call(content.caseReply, { input: { commentId, content: text }, ...quiet }),
      };
    case 'news':
      return {
        state: (id) => api.call(content.infoDetail, { params: { id }, ...quiet }),
        comments: (id, n) => api.call(content.infoComments, { input: { id, ...page(n) }, ...quiet }),
        like: (id) => api.call(content.infoLike, { input: { id }, ...quiet }),
        comment: (id, text) => api.call(content.infoComment, { input: { id, content: text }, ...quiet }),
        reply: (commentId, text) => api.call(content.infoReply, { input: { commentId, content: text }, ...quiet }),
      };
    case 'community':
      return {
        state: (id) => api.call(content.communityDetail, { params: { id }, ...quiet }),
        comments: (id, n) => api.call(content.communityComments, { input: { id, ...page(n) }, ...quiet }),
        like: (id) => api.call(content.communityLike, { input: { id }, ...quiet }),
        comment: (id, text) => api.call(content.communityComment, { input: { id, content: text }, ...quiet }),
        reply: (commentId, text) => api.call(content.communityReply, { input: { commentId, content: text }, ...quiet }),
      };
  }
}

/** The contract's message for a comment or reply text (评论内容不能为空, 评论内容不能超过500字), or null when it may be sent. */
export function commentProblem(text: string): string | null {
  const r = v.safeParse(CommentText, text);
  return r.success ? null : (r.issues[0]?.message ?? '评论内容不能为空');
}

/** Characters as the contract counts them (an emoji is one). */
export const textLength = (text: string): number => [...text.trim()].length;

/** A new comment shown at the top of the first page without reloading it; the page keeps its size. */
export function withNewComment(pageData: CommentPage, comment: Comment): CommentPage {
  return {
    ...pageData,
    total: pageData.total + 1,
    list: [comment, ...pageData.list.filter((c) => c.id !== comment.id)].slice(0, pageData.pageSize),
  };
}

/** A new reply added under its comment (replies are oldest first). */
export function withNewReply(pageData: CommentPage, reply: Reply): CommentPage {
  return {
    ...pageData,
    list: pageData.list.map((c) =>
      c.id === reply.commentId && !c.replies.some((r) => r.id === reply.id) ? { ...c, replies: [...c.replies, reply] } : c,
    ),
  };
}
