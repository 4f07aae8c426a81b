/** The buttons under a checkout form opened inside the page (a new address, a new invoice title): save, with its pending label, and cancel. */
interface Props {
  label: string;
  pending: boolean;
  onSave: () => void;
  onCancel: () => void;
}

export default function FormActions({ label, pending, onSave, onCancel }: Props) {
  return (
    <div className="co-actions">
      <button type="button" className="btn btn-primary" onClick={onSave} disabled={pending}>
        {pending ? '保存中…' : label}
      </button>
      <button type="button" className="btn" onClick={onCancel}>
        取消
      </button>
    </div>
  );
}
