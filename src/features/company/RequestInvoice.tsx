/** Requests the VAT special invoice of a completed company order from its detail page (contract/company.ts requestInvoice). */
import { company } from '#src/shared/api/contract/company.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';

export default function RequestInvoice({ sn }: { sn: string }) {
  const request = useFormAction(() => browserApi.call(company.requestInvoice, { params: { sn } }), {
    success: '已申请开票，开具后可在此下载',
    reloadAfter: 800,
  });
  return (
    <button type="button" className="btn btn-primary" aria-disabled={request.pending} onClick={() => request.run()}>
      {request.pending ? '提交中…' : '申请增值税专用发票'}
    </button>
  );
}
