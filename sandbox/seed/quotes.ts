/** The quotes' seed: one answered bulk liquid-nitrogen request of the demo member, so the thread has something to show. */
import type { Db } from '../db.ts';

const DAY = 24 * 60 * 60_000;

export function quoteSeed(db: Db, at: number): void {
  const created = at - 3 * DAY;
  db.insert('quotes', {
    id: 1,
    sn: 'QT2026111800001',
    uid: 1,
    kind: 'BULK',
    status: 'QUOTED',
    title: '液态大宗气体 · 液氮 20 t/月',
    create_time: created,
    update_time: at - DAY,
    accepted_version: null,
    order_id: null,
    order_sn: null,
    buyer_seen: 0,
    data: JSON.stringify({
      request: [
        { label: '气体', value: '液氮' },
        { label: '纯度要求', value: '≥99.999%' },
        { label: '用量', value: '20 t/月' },
        { label: '使用压力', value: '0.8 MPa' },
        { label: '现场地址', value: '江苏省 苏州市 工业园区 星湖街 328 号' },
        { label: '储罐情况', value: '现有 10 m³ 立式储罐一台' },
        { label: '槽车通行', value: '槽车可直达' },
        { label: '开始供气日期', value: '2026-12-01' },
      ],
      attachments: [],
    }),
  });
  const thread: [number, string, string, number][] = [
    [1, 'BUYER', '提交询价：希望每周配送两次', created],
    [2, 'SALES', '您好，已收到询价，我们将安排区域经理核实储罐和道路条件。', created + DAY],
    [3, 'SALES', '已发出第 1 版报价，合计 ¥26,800.00，有效期 30 天', at - DAY],
  ];
  for (const [id, sender, content, time] of thread)
    db.insert('quote_messages', { id, quote_id: 1, sender, content, attachments: '[]', time });
  db.insert('quote_versions', {
    quote_id: 1,
    version: 1,
    lines: JSON.stringify([{ name: '液氮 LIN 槽车配送（≥99.999%）', quantity: 20, unit: '吨', price: 130000 }]),
    freight: 80000,
    valid_until: at + 29 * DAY,
    terms: '月结 30 天；储罐由买方提供，需方负责罐区安全管理；价格含税（13%）。',
    time: at - DAY,
  });
}
