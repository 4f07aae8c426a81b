/** The buyer's 管理员/财务 confirms or refuses a red-letter 确认单 (docs/invoices.md Red-letter invoices); the page reloads. */
import { einvoice } from '#src/shared/api/contract/einvoice.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';

export default function DecideConfirmation({ no }: { no: string }) {
  const decide = useFormAction((accept: boolean) => browserApi.call(einvoice.decide, { params: { no }, input: { accept } }), {
    success: (c) => (c.status === '04' ? `已确认，红字发票 ${c.redNumber ?? ''} 已开具` : '已否认该确认单'),
    reloadAfter: 800,
  });
  return (
    <span className="m-actions">
      <button type="button" className="btn btn-primary" aria-disabled={decide.pending} onClick={() => decide.run(true)}>
        确认<span className="visually-hidden">（确认单 {no}）</span>
      </button>
      <button type="button" className="btn" aria-disabled={decide.pending} onClick={() => decide.run(false)}>
        否认<span className="visually-hidden">（确认单 {no}）</span>
      </button>
    </span>
  );
}
