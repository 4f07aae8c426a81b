/** Which dangerous-goods classes may travel in one vehicle, and how an order's lines split into shipments that obey it. */

/** The hazard labels of the classes the catalogue sells (GB 6944 / JT/T 617.2 classes; a good's labels are its class plus subsidiary risks). */
export const DG_LABELS = ['2.1', '2.2', '2.3', '5.1', '8'] as const;
export type DgLabel = (typeof DG_LABELS)[number];

export const DG_LABEL_NAME: Record<DgLabel, string> = {
  '2.1': '易燃气体',
  '2.2': '非易燃无毒气体',
  '2.3': '毒性气体',
  '5.1': '氧化性物质',
  '8': '腐蚀性物质',
};

/**
 * Pairs of labels that may not be loaded in one vehicle, each with its source.
 *
 * JT/T 617.6-2018 (危险货物道路运输规则 第6部分：装卸条件及作业要求) takes its mixed-loading table from ADR 7.5.2.1, whose
 * prohibitions concern class 1 (explosives) and self-reactive / organic-peroxide goods bearing an explosive label; among the
 * labels above (2.1, 2.2, 2.3, 5.1, 8) that table forbids no pair, and the catalogue sells no class 1 goods. Gas cylinders carry
 * a stricter rule of their own: cylinders whose contents ignite or explode on contact must not ride in the same vehicle
 * (GB/T 34525-2017 气瓶搬运、装卸、储存和使用安全规定, loading and transport of cylinders; TSG 23-2021 气瓶安全技术规程 refers
 * cylinder transport to the dangerous-goods rules). For the catalogue that is a flammable gas (label 2.1) with an oxidizer
 * (label 5.1: oxygen, nitrous oxide, nitrogen trifluoride, chlorine), the case the issue names.
 */
export const APART: readonly { a: DgLabel; b: DgLabel; source: string }[] = [
  { a: '2.1', b: '5.1', source: 'GB/T 34525-2017：所装介质接触后能引起燃烧、爆炸的气瓶不得同车装运' },
];

/** Whether goods bearing labels `x` and goods bearing labels `y` may share a vehicle. */
export function mayLoadTogether(x: readonly DgLabel[], y: readonly DgLabel[]): boolean {
  return !APART.some(({ a, b }) => (x.includes(a) && y.includes(b)) || (x.includes(b) && y.includes(a)));
}

/** Why goods labelled `x` may not travel with goods labelled `y` (e.g. “5.1 氧化性物质与 2.1 易燃气体不得同车装运（GB/T 34525-2017：…）”), or null. */
export function reasonApart(x: readonly DgLabel[], y: readonly DgLabel[]): string | null {
  for (const { a, b, source } of APART) {
    const pair = x.includes(a) && y.includes(b) ? [a, b] : x.includes(b) && y.includes(a) ? [b, a] : null;
    if (pair) return `${pair[0]} ${DG_LABEL_NAME[pair[0]!]}与 ${pair[1]} ${DG_LABEL_NAME[pair[1]!]}不得同车装运（${source}）`;
  }
  return null;
}

const isLabel = (l: string): l is DgLabel => (DG_LABELS as readonly string[]).includes(l);

/** Parses a label list written like `2.3（5.1，8）` or `2.2, 5.1`; unknown labels are dropped. */
export function parseLabels(text: string): DgLabel[] {
  const found: string[] = text.match(/\d(?:\.\d)?/g) ?? [];
  return [...new Set(found)].filter(isLabel);
}

export interface Splittable {
  /** The good's hazard labels; empty for goods that are not dangerous goods (regulators, valves). */
  labels: readonly DgLabel[];
}

/**
 * Splits lines into shipments: each line joins the first shipment whose goods it may travel with, else opens a new one;
 * lines without labels ride in the first shipment. Order is kept, so the same cart always splits the same way.
 */
export function splitShipments<T extends Splittable>(lines: readonly T[]): T[][] {
  const shipments: { lines: T[]; labels: DgLabel[] }[] = [];
  for (const line of lines) {
    const fit = shipments.find((s) => mayLoadTogether(s.labels, line.labels));
    if (fit) {
      fit.lines.push(line);
      for (const l of line.labels) if (!fit.labels.includes(l)) fit.labels.push(l);
    } else shipments.push({ lines: [line], labels: [...line.labels] });
  }
  return shipments.map((s) => s.lines);
}
