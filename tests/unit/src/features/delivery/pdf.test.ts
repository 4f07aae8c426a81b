// The waybill and the proof of delivery as PDFs from a real sandbox shipment: their extractable text holds the UN number,
// the proper shipping name, the plate and (proof) the serials handed over.
import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { cart } from '#src/shared/api/contract/cart.ts';
import { delivery } from '#src/shared/api/contract/delivery.ts';
import { order } from '#src/shared/api/contract/order.ts';
import { proofPdf, waybillPdf } from '#src/features/delivery/pdf.ts';
import { useSandbox } from '#tests/support/sandbox.ts';

const { client, sandbox, hook } = useSandbox();
const textOf = async (bytes: Uint8Array) => (await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true })).text as string;

describe('shipment PDFs', () => {
  it('print the UN number, proper shipping name and plate (waybill) and the cylinders handed over (proof)', async () => {
    sandbox().authenticate((t) => (t === 'u1' ? 1 : null));
    const api = client(() => 'u1');
    await api.call(cart.add, { input: { sku_id: 100101, num: 2, way: 'CART' } });
    const c = await api.call(order.create, { params: { type: 'CART' }, input: { addressId: 1 } });
    await hook(`/orders/${c.orderId}/pay`, {});
    await hook(`/orders/${c.sn}/shipments/1/advance`, { to: 'SIGNED', signedBy: '王工' });
    const w = await api.call(delivery.waybill, { params: { sn: c.sn, n: '1' } });
    const waybill = await textOf(await waybillPdf(w));
    for (const s of ['危险货物道路运输运单', 'UN1066', '氮，压缩的', w.plate, w.no, w.carrier.licence]) expect(waybill).toContain(s);
    const d = await api.call(delivery.order, { params: { sn: c.sn } });
    const p = await api.call(delivery.proof, { params: { sn: c.sn, n: '1' } });
    const proof = await textOf(await proofPdf(d, d.shipments[0]!, p));
    for (const s of ['电子签收单', '王工', 'UN1066', w.plate, p.delivered[0]!]) expect(proof).toContain(s);
  });
});
