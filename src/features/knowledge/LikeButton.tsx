/** The like toggle with its count: pressed when the member likes it; the name stays 点赞 so the pressed state alone says whether it is on. */
interface Props {
  likes: number;
  liked: boolean;
  busy: boolean;
  onToggle: () => void;
}

export default function LikeButton({ likes, liked, busy, onToggle }: Props) {
  return (
    <button type="button" className="kn-like" aria-pressed={liked} aria-disabled={busy} onClick={() => !busy && onToggle()}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M7 10v11H3V10h4Zm2 11V10l4.5-7c1.4 0 2.5 1.1 2.5 2.5V9h4.6c1.2 0 2.1 1.1 1.9 2.3l-1.4 7.9A2.2 2.2 0 0 1 18.9 21H9Z" />
      </svg>
      <span>点赞</span>
      <span className="kn-like-count" data-like-count>
        {likes}
      </span>
    </button>
  );
}
