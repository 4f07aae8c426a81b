// A certificate's PDF from a real sandbox record: selectable text holds the number and the first component's value; small and quick.
import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { certificates } from '#src/shared/api/contract/certificates.ts';
import { formatValue } from '#src/features/certificates/certificate.ts';
import { certificatePdf } from '#src/features/certificates/pdf.ts';
import { useSandbox } from '#tests/support/sandbox.ts';

const { client, sandbox } = useSandbox();

describe('certificatePdf', () => {
  it('prints the certificate number, serial, first component value, uncertainty and lab in extractable Chinese text, under 200 KB', async () => {
    sandbox().authenticate((t) => (t === 'u1' ? 1 : null));
    const u1 = client(() => 'u1');
    const [first] = (await u1.call(certificates.list, { input: { q: '甲烷' } })).list;
    const c = await u1.call(certificates.detail, { params: { certNo: first!.certNo } });
    const bytes = await certificatePdf(c, `https://shop.example/coa/${c.certNo}?serial=${c.serial}`, Date.now());
    expect(bytes.byteLength).toBeLessThan(200 * 1024);
    const text = (await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true })).text as string;
    const m = c.components[0]!;
    for (const s of [
      c.certNo,
      c.serial,
      `${formatValue(m.value)} ${m.unit}`,
      `± ${m.uncertainty} ${m.unit}`,
      c.lab.name,
      c.lab.accreditation,
      c.reference.number,
      '扫码在线核验',
      '证书即将到期',
    ]) {
      expect(text).toContain(s);
    }
  });
});
