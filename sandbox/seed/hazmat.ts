/**
 * The hazmat domain's seed: each goods' UN number and hazard labels, and the control class of the controlled ones, each with
 * its source. Labels come from the goods' own 危险类别 parameter (GB 6944 / the UN Model Regulations as printed on the
 * shipping label; UN numbers and classes as listed in GB 12268-2012 危险货物品名表 and JT/T 617.3-2018 表A.1).
 */
import type { ControlClass } from '#src/features/hazmat/permits.ts';
import { parseLabels, type DgLabel } from '#src/features/hazmat/segregation.ts';
import { goods } from './goods.ts';

export const CLASS_SOURCE = 'UN 编号与类别：GB 12268-2012《危险货物品名表》、JT/T 617.3-2018 表 A.1；标志按 GB 6944-2012 类别及次要危险';

export interface GoodsHazard {
  goodsId: number;
  un: string;
  labels: DgLabel[];
}

/** UN number and labels of every goods that has them (gases); equipment and parts have none. */
export const goodsHazards: GoodsHazard[] = goods.flatMap((g) => {
  const un = g.params.find((p) => p.name === 'UN 编号')?.value ?? '';
  const cls = g.params.find((p) => p.name === '危险类别')?.value ?? '';
  return un ? [{ goodsId: g.id, un, labels: parseLabels(cls) }] : [];
});

/**
 * The catalogue's controlled goods. Checked against the catalogues for every gas the shop sells:
 * - 危险化学品目录（2015版）, with the 2022 adjustment (应急管理部等十部门公告 2022年第8号): of the shop's gases only 氯
 *   (CAS 7782-50-5) carries the 剧毒 mark; 氨, 氯化氢, 硅烷, 一氧化碳 and the others are hazardous chemicals without it.
 * - 易制爆危险化学品名录（2017年版）: lists acids, nitrates, chlorates, perchlorates, peroxides, metals and nitro compounds —
 *   no gas the shop sells.
 * - 易制毒化学品管理条例 附表 (three categories): no gas the shop sells (its third category names 盐酸, the solution; the
 *   back office should confirm the treatment of anhydrous 氯化氢 with the local public-security office before relying on it).
 */
export const controlledGoods: { goodsId: number; controlClass: ControlClass; source: string }[] = [
  { goodsId: 1088, controlClass: 'TOXIC', source: '《危险化学品目录（2015版）》“氯”（CAS 7782-50-5）标注“剧毒”' },
];
