/** Requests the VAT special invoice of a completed company order from its detail page (contract/company.ts requestInvoice). */
import { useState } from 'react';
import { company } from '../../lib/api/contract/company.ts';
import { browserApi } from '../../stores/api.ts';
import { handleApiError } from '../../stores/api-errors.ts';
import { toast } from '../../stores/toast.ts';

export default function RequestInvoice({ sn }: { sn: string }) {
  const [busy, setBusy] = useState(false);
  async function request() {
    if (busy) return;
    setBusy(true);
    try {
      await browserApi.call(company.requestInvoice, { params: { sn } });
      toast.success('已申请开票，开具后可在此下载');
      setTimeout(() => location.reload(), 800);
    } catch (e) {
      handleApiError(e);
      setBusy(false);
    }
  }
  return (
    <button type="button" className="btn btn-primary" aria-disabled={busy} onClick={() => void request()}>
      {busy ? '提交中…' : '申请增值税专用发票'}
    </button>
  );
}
