/** The reply box under one comment: the comment form with its own words, naming whom it answers. */
import CommentForm, { type Send } from './CommentForm.tsx';

export default function ReplyForm({ to, onSend, onCancel }: { to: string; onSend: Send; onCancel: () => void }) {
  return (
    <CommentForm
      label={`回复 ${to}`}
      placeholder={`回复 ${to}（最多500字）`}
      submitLabel="发表回复"
      onSend={onSend}
      onCancel={onCancel}
      autoFocus
    />
  );
}
