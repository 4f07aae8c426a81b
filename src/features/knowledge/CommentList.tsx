/** The comments of one page, newest first, each with its replies (text only) and a reply button; a pager of buttons under them. */
import type { Comment } from '#src/shared/api/contract/content.ts';
import { pageCount } from '#src/shared/ui/pagination.ts';
import type { CommentPage } from './engagement.ts';
import ReplyForm from './ReplyForm.tsx';
import type { Send } from './CommentForm.tsx';

interface Props {
  data: CommentPage;
  busy: boolean;
  replyingTo: number | null;
  onReplyOpen: (comment: Comment) => void;
  onReplyClose: () => void;
  onReply: (commentId: number) => Send;
  onPage: (n: number) => void;
}

const when = (time: string) => <time dateTime={time.replace(' ', 'T')}>{time.slice(0, 16)}</time>;

export default function CommentList({ data, busy, replyingTo, onReplyOpen, onReplyClose, onReply, onPage }: Props) {
  const pages = pageCount(data.total, data.pageSize);
  if (data.total === 0) return <p className="kn-empty">还没有评论，来说两句吧。</p>;
  return (
    <>
      <ol className="kn-comments" aria-busy={busy}>
        {data.list.map((c) => (
          <li key={c.id} className="kn-comment" data-comment-id={c.id}>
            <p className="kn-meta">
              <span className="kn-name">{c.name}</span>
              {when(c.createdAt)}
            </p>
            {/* User text is rendered as text: markup shows literally. */}
            <p className="kn-text">{c.content}</p>
            {c.replies.length > 0 && (
              <ul className="kn-replies" aria-label={`${c.name} 的评论的回复`}>
                {c.replies.map((r) => (
                  <li key={r.id} className="kn-reply">
                    <p className="kn-meta">
                      <span className="kn-name">{r.name}</span>
                      {when(r.createdAt)}
                    </p>
                    <p className="kn-text">{r.content}</p>
                  </li>
                ))}
              </ul>
            )}
            {replyingTo === c.id ? (
              <ReplyForm to={c.name} onSend={onReply(c.id)} onCancel={onReplyClose} />
            ) : (
              <button type="button" className="kn-link" onClick={() => onReplyOpen(c)}>
                回复<span className="visually-hidden"> {c.name}</span>
              </button>
            )}
          </li>
        ))}
      </ol>
      {pages > 1 && (
        <nav className="kn-pager" aria-label="评论分页">
          <button type="button" className="btn" disabled={data.pageNumber <= 1 || busy} onClick={() => onPage(data.pageNumber - 1)}>
            上一页
          </button>
          <span aria-live="polite">
            第 {data.pageNumber} / {pages} 页
          </span>
          <button type="button" className="btn" disabled={data.pageNumber >= pages || busy} onClick={() => onPage(data.pageNumber + 1)}>
            下一页
          </button>
        </nav>
      )}
    </>
  );
}
