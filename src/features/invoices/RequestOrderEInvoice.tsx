/**
 * Requests the 数电票 of one received or completed order from its detail page (docs/invoices.md "Company orders"): for a company
 * order, with the company's checked VAT details as the title (the one store of titles): 电子发票（增值税专用发票）. The page reloads
 * to show its number and files.
 */
import { einvoice } from '#src/shared/api/contract/einvoice.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';

export default function RequestOrderEInvoice({ sn, titleId }: { sn: string; titleId: number }) {
  const request = useFormAction(() => browserApi.call(einvoice.request, { input: { sn, titleId } }), {
    success: (inv) => `发票已开具，号码 ${inv.number}`,
    reloadAfter: 800,
  });
  return (
    <button type="button" className="btn btn-primary" aria-disabled={request.pending} onClick={() => request.run()}>
      {request.pending ? '开具中…' : '申请数电票（增值税专用发票）'}
    </button>
  );
}
