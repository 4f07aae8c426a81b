/** The head of a member's saved list (addresses, invoice titles): its title and limits, and the button that opens the form for a new one while there is room. */
import type { ReactNode } from 'react';

interface Props {
  title: string;
  hint: ReactNode;
  addLabel: string;
  /** False while a form is open or the list is full: the button is not shown. */
  canAdd: boolean;
  onAdd: () => void;
}

export default function ListHead({ title, hint, addLabel, canAdd, onAdd }: Props) {
  return (
    <div className="m-head">
      <div>
        <h1>{title}</h1>
        <p className="m-hint">{hint}</p>
      </div>
      {canAdd && (
        <button type="button" className="btn btn-primary" onClick={onAdd}>
          {addLabel}
        </button>
      )}
    </div>
  );
}
