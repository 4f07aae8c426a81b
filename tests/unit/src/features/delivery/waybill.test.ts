// The waybill's goods rows from the catalogue's hazard data (sandbox/seed/hazmat.ts: the goods' UN 编号 and 危险类别), with the
// proper shipping names of JT/T 617.3 表A.1 and the JT/T 617.5 description line.
import { describe, expect, it } from 'vitest';
import { maskCertificate, waybillGoods, waybillNo } from '#src/features/delivery/waybill.ts';
import { goodsHazards } from '#sandbox/seed/hazmat.ts';

const hazard = (goodsId: number) => goodsHazards.find((h) => h.goodsId === goodsId)!;

describe('waybill goods', () => {
  it('oxygen: UN1072 氧，压缩的, class 2.2 with subsidiary 5.1, no packing group', () => {
    const o2 = hazard(1030);
    const [row] = waybillGoods([{ goodsName: '工业氧气', specs: '40L 钢瓶 15 MPa', num: 2, un: o2.un, labels: o2.labels }]);
    expect(row).toEqual({
      un: 'UN1072',
      properName: '氧，压缩的',
      hazardClass: '2.2',
      subsidiary: '5.1',
      packingGroup: '',
      cylinders: 2,
      quantity: '2 × 40L 钢瓶 15 MPa',
      description: 'UN1072 氧，压缩的，2.2（5.1）',
    });
  });

  it('every gas the catalogue sells has a proper shipping name; equipment gets no row', () => {
    for (const h of goodsHazards) {
      const [row] = waybillGoods([{ goodsName: 'x', specs: '40L', num: 1, un: h.un, labels: h.labels }]);
      expect(row!.properName, h.un).not.toBe('x');
      expect(row!.hazardClass, h.un).toMatch(/^2\.[123]$/);
    }
    expect(waybillGoods([{ goodsName: '减压器', specs: '', num: 1, un: '', labels: [] }])).toEqual([]);
  });

  it('masks certificates and numbers the waybill per shipment', () => {
    expect(maskCertificate('320500199001011234')).toBe('3205**********1234');
    expect(waybillNo('2026-12-01', 42, 2)).toBe('YD2026120100004202');
  });
});
