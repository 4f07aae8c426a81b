/**
 * Likes, comments and replies under a case, news article or community post (one island for the three kinds). The page is
 * pre-rendered for everyone, so the live counts, the member's liked state and the comments load when the island hydrates;
 * a visitor who likes, comments or replies is asked to sign in and nothing else happens.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Comment } from '#src/shared/api/contract/content.ts';
import { engagement, withNewComment, withNewReply, type CommentPage, type EngageKind } from './engagement.ts';
import { signedIn } from '#src/shared/session/session.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { handleApiError } from '#src/shared/api/api-errors.ts';
import { openLogin } from '#src/shared/session/dialogs.ts';
import { toast } from '#src/shared/ui/toast.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import CommentForm from './CommentForm.tsx';
import CommentList from './CommentList.tsx';
import LikeButton from './LikeButton.tsx';
import './knowledge.css';

interface Props {
  kind: EngageKind;
  id: number;
  /** Counts at build time, shown until the live ones arrive. */
  likes: number;
  comments: number;
}

/** The readable profile cookie says whether someone is signed in; the tokens themselves stay HttpOnly. */
export default function Engagement({ kind, id, likes: builtLikes, comments: builtComments }: Props) {
  const calls = useMemo(() => engagement(browserApi, kind), [kind]);
  const [likes, setLikes] = useState(builtLikes);
  const [liked, setLiked] = useState(false);
  const [data, setData] = useState<CommentPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [replyingTo, setReplyingTo] = useState<number | null>(null);
  // Set by the member's first like: from then on the like's own answer is the truth. The tap that wakes the island is
  // replayed as soon as it hydrates, so its like can be answered before the live state asked for at the same moment.
  const likedHere = useRef(false);

  async function load(pageNumber: number) {
    setLoading(true);
    try {
      setData(await calls.comments(id, pageNumber));
      setFailed(false);
    } catch {
      // A comment list that cannot load is not worth an error page; it says so and offers a retry.
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  useEffect(() => {
    calls.state(id).then(
      (s) => {
        if (likedHere.current) return;
        setLikes(s.likes);
        setLiked(s.liked);
      },
      () => undefined,
    );
    void load(1);
    // Loads once per island; id and kind never change on a page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const like = useFormAction(() => calls.like(id), {
    onSuccess: (s) => {
      setLikes(s.likes);
      setLiked(s.liked);
    },
  });
  function toggleLike() {
    if (!signedIn()) return openLogin();
    likedHere.current = true;
    like.run();
  }

  // Not a useFormAction of its own: CommentForm runs this as its action (its pending state) and needs a true/false answer to keep or clear the text.
  async function sendComment(text: string): Promise<boolean> {
    if (!signedIn()) {
      openLogin();
      return false;
    }
    try {
      const comment = await calls.comment(id, text);
      if (data && data.pageNumber === 1) setData(withNewComment(data, comment));
      else await load(1);
      toast.success('评论成功');
      return true;
    } catch (e) {
      handleApiError(e);
      return false;
    }
  }

  const sendReply =
    (commentId: number) =>
    async (text: string): Promise<boolean> => {
      if (!signedIn()) {
        openLogin();
        return false;
      }
      try {
        const reply = await calls.reply(commentId, text);
        setData((d) => (d ? withNewReply(d, reply) : d));
        setReplyingTo(null);
        toast.success('回复成功');
        return true;
      } catch (e) {
        handleApiError(e);
        return false;
      }
    };

  function openReply(c: Comment) {
    if (!signedIn()) return openLogin();
    setReplyingTo(c.id);
  }

  const total = data?.total ?? builtComments;
  return (
    <section className="kn-engage" aria-labelledby={`kn-comments-${kind}-${id}`}>
      <div className="kn-bar">
        <LikeButton likes={likes} liked={liked} busy={like.pending} onToggle={toggleLike} />
      </div>
      <h2 id={`kn-comments-${kind}-${id}`} className="kn-title">
        评论<span className="kn-total">（{total}）</span>
      </h2>
      <CommentForm label="评论内容" placeholder="写下你的评论（最多500字）" submitLabel="发表评论" onSend={sendComment} />
      {data ? (
        <CommentList
          data={data}
          busy={loading}
          replyingTo={replyingTo}
          onReplyOpen={openReply}
          onReplyClose={() => setReplyingTo(null)}
          onReply={sendReply}
          onPage={(n) => void load(n)}
        />
      ) : failed ? (
        <p className="kn-empty">
          评论加载失败。
          <button type="button" className="kn-link" onClick={() => void load(1)}>
            重试
          </button>
        </p>
      ) : (
        <p className="kn-empty">评论加载中…</p>
      )}
    </section>
  );
}
