/** The line under an account form that leads to the other one (register, log in): in a dialog a button that swaps the form, on a page a link. */
interface Props {
  /** The question before the link, e.g. 还没有账号？ */
  question: string;
  label: string;
  /** The page to go to where there is no dialog to swap. */
  href: string;
  /** Swaps the dialog's form; without it the line is a link to `href`. */
  onSwitch?: () => void;
}

export default function SwitchLink({ question, label, href, onSwitch }: Props) {
  return (
    <p className="auth-foot">
      {question}
      {onSwitch ? (
        <button type="button" className="auth-link" onClick={onSwitch}>
          {label}
        </button>
      ) : (
        <a className="auth-link" href={href}>
          {label}
        </a>
      )}
    </p>
  );
}
