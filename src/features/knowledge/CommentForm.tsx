/** A comment or reply box: the contract's length rule checked before sending, its message under the box, the text kept when sending fails. */
import { useId, useState } from 'react';
import { SubmitButton } from '#src/shared/ui/Form.tsx';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
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
  // The sender shows its own failures and answers whether to clear the box: the action only holds the pending state.
  const send = useFormAction(onSend, { onSuccess: (clear) => clear && setText('') });

  function submit() {
    if (send.pending) return;
    const found = commentProblem(text);
    setProblem(found);
    if (!found) send.run(text.trim());
  }

  const length = textLength(text);
  return (
    // A form action (useFormStatus tells the button it is pending); the box is controlled, so React's reset after it keeps the text.
    <form className="kn-form" action={submit} noValidate>
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
        <SubmitButton pending={send.pending}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
