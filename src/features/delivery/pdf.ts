/**
 * The shipment's documents as PDFs (delivery_part): the dangerous-goods road waybill (危险货物道路运输运单, fields per
 * 《危险货物道路运输安全管理办法》(交通运输部令2019年第29号) 第二十四条 and JT/T 617.5: src/features/delivery/waybill.ts) and
 * the proof of delivery (电子签收单), both readable by the consignee.
 */
import type { DeliveryShipment, OrderDelivery, Proof, Waybill } from '#src/shared/api/contract/delivery.ts';
import { chinaMinute } from '#src/shared/formats/china-time.ts';
import { renderPdf } from '#src/shared/pdf/index.ts';

export function waybillPdf(w: Waybill): Promise<Uint8Array<ArrayBuffer>> {
  return renderPdf({ title: `危险货物道路运输运单 ${w.no}`, subject: w.plate }, (pdf) => {
    pdf.header(
      { name: w.carrier.name, lines: [`道路运输经营许可证 ${w.carrier.licence}`, `电话 ${w.carrier.phone}`] },
      '危险货物道路运输运单',
      [`运单编号 ${w.no}`, `日期 ${w.date}`],
    );
    pdf.heading('托运人、承运人与收货人');
    pdf.keyValues(
      [
        ['托运人', `${w.consignor.name}（${w.consignor.phone}）`],
        ['装货地址', w.consignor.address],
        ['承运人', w.carrier.name],
        ['道路运输经营许可证号', w.carrier.licence],
        ['收货人', `${w.consignee.name}（${w.consignee.phone}）`],
        ['卸货地址', w.consignee.address],
      ],
      2,
    );
    pdf.heading('危险货物');
    pdf.table(
      [
        { label: 'UN 编号', width: 1 },
        { label: '正式运输名称', width: 2 },
        { label: '类别及项别', width: 1 },
        { label: '次要危险性', width: 1 },
        { label: '包装类别', width: 0.9 },
        { label: '件数（瓶）', width: 0.9, align: 'right' },
        { label: '数量', width: 2 },
      ],
      w.goods.map((g) => [g.un, g.properName, g.hazardClass, g.subsidiary || '—', g.packingGroup || '—', String(g.cylinders), g.quantity]),
    );
    for (const g of w.goods) pdf.paragraph(g.description);
    pdf.heading('车辆与人员');
    pdf.keyValues(
      [
        ['车辆号牌', w.plate],
        ['驾驶人员 / 从业资格证号', `${w.driver.name} ${w.driver.certificate}`],
        ['押运人员 / 从业资格证号', `${w.escort.name} ${w.escort.certificate}`],
      ],
      3,
    );
    pdf.paragraph(`依据：${w.basis}。运单随车携带，承运人保存不少于 12 个月；从业资格证号部分隐去。`, 8);
    pdf.footer(`运单编号 ${w.no} · 车辆号牌 ${w.plate}`);
  });
}

export function proofPdf(d: OrderDelivery, sh: DeliveryShipment, p: Proof): Promise<Uint8Array<ArrayBuffer>> {
  return renderPdf({ title: `电子签收单 ${d.sn}-${sh.n}`, subject: d.sn, createdAt: new Date(p.signedAt) }, (pdf) => {
    pdf.header({ name: '电子签收单', lines: [`订单号 ${d.sn}`, `第 ${sh.n} 车 · 运单 ${sh.waybillNo}`] }, '电子签收单 Proof of Delivery', [
      `签收时间 ${chinaMinute(p.signedAt)}`,
    ]);
    pdf.keyValues(
      [
        ['签收人', p.signedBy],
        ['签收时间', chinaMinute(p.signedAt)],
        ['车辆号牌', sh.vehicle?.plate ?? '—'],
        ['驾驶员 / 押运员', sh.vehicle ? `${sh.vehicle.driver} / ${sh.vehicle.escort}` : '—'],
      ],
      2,
    );
    pdf.heading('货物');
    pdf.table(
      [
        { label: '商品', width: 3 },
        { label: '规格', width: 2 },
        { label: 'UN 编号', width: 1 },
        { label: '数量', width: 0.8, align: 'right' },
      ],
      sh.lines.map((l) => [l.goodsName, l.specs, l.un || '—', String(l.num)]),
    );
    pdf.heading('钢瓶交接');
    pdf.keyValues(
      [
        ['送达满瓶（钢瓶号）', p.delivered.join('、') || '无'],
        ['回收空瓶（钢瓶号）', p.collected.join('、') || '无'],
      ],
      1,
    );
    pdf.heading('备注');
    pdf.paragraph(p.remark || '无短缺、无破损');
    pdf.paragraph(`签名：${p.signedBy}（签名图像见订单详情）`);
    pdf.footer(`订单 ${d.sn} · 第 ${sh.n} 车 · 车辆号牌 ${sh.vehicle?.plate ?? '—'}`);
  });
}
