/** The six product lines of docs/product.md §1 with their sub-categories; ids are stable, pictures are local SVG covers. */
import type { Category } from '#src/shared/api/contract/catalog.ts';

const line = (id: number, cateName: string, children: [number, string][]): Category => ({
  id,
  pid: 0,
  cateName,
  pic: `/images/categories/${id}.svg`,
  children: children.map(([cid, name]) => ({ id: cid, pid: id, cateName: name, pic: `/images/categories/${cid}.svg`, children: [] })),
});

export const categories: Category[] = [
  line(1, '特种气体', [
    [101, '电子特气'],
    [102, '标准气体'],
    [103, '高纯气体'],
    [104, '激光气体'],
    [105, '医用及食品气体'],
  ]),
  line(2, '瓶装气体', [
    [201, '工业氧气'],
    [202, '工业氮气'],
    [203, '工业氩气'],
    [204, '二氧化碳'],
    [205, '溶解乙炔'],
    [206, '氦气'],
  ]),
  line(3, '液态大宗气体', [
    [301, '液氧'],
    [302, '液氮'],
    [303, '液氩'],
    [304, '液态二氧化碳'],
    [305, '液化天然气'],
  ]),
  line(4, '现场制气', [
    [401, '变压吸附制氮'],
    [402, '变压吸附制氧'],
    [403, '膜分离制氮'],
    [404, '制氢装置'],
  ]),
  line(5, '气瓶', [
    [501, '无缝钢瓶'],
    [502, '铝合金气瓶'],
    [503, '焊接绝热气瓶'],
    [504, '集装格'],
  ]),
  line(6, '减压器及配件', [
    [601, '单级减压器'],
    [602, '双级减压器'],
    [603, '汇流排'],
    [604, '管阀件'],
  ]),
];
