/** A comment or reply box: the contract's length rule checked before sending, its message under the box, the text kept when sending fails. */
import { useId, useState, type FormEvent } from 'react';
import { commentProblem, textLength } from './engagement.ts';

/** What a submit answered: true clears the box, false keeps the text (a visitor asked to sign in, or a refusal already shown). */
export type Send = (text: string) => Promise<boolean>;

interface Props {
  label: string;
  placeholder: string;
  submitLabel: string;
  onSend: Send;
  onCancel?: () => void;
  autoFocus?: boolean;
}

const MAX = 500;

export default function CommentForm({ label, placeholder, submitLabel, onSend, onCancel, autoFocus }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const found = commentProblem(text);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      if (await onSend(text.trim())) setText('');
    } finally {
      setBusy(false);
    }
  }

  const length = textLength(text);
  return (
    <form className="kn-form" onSubmit={(e) => void submit(e)} noValidate>
      <label className="visually-hidden" htmlFor={`${id}-text`}>
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        name="content"
        rows={3}
        value={text}
        placeholder={placeholder}
        autoFocus={autoFocus}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-count${problem ? ` ${id}-problem` : ''}`}
        onChange={(e) => {
          setText(e.target.value);
          if (problem) setProblem(null);
        }}
      />
      <div className="kn-form-bar">
        <span id={`${id}-count`} className={length > MAX ? 'kn-count over' : 'kn-count'}>
          {length}/{MAX}
        </span>
        {problem && (
          <span id={`${id}-problem`} className="kn-problem" role="alert">
            {problem}
          </span>
        )}
        {onCancel && (
          <button type="button" className="btn" onClick={onCancel}>
            取消
          </button>
        )}
        <button type="submit" className="btn btn-primary" aria-disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
