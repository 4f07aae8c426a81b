/** The safety facts of a gas goods, read from its parameter table: UN number, hazard class, cylinder colour and CAS number. */

export interface GasSafety {
  un: string;
  hazardClass: string;
  cylinderColour: string;
  cas: string;
}

const pick = (params: readonly { name: string; value: string }[], name: string): string =>
  params.find((p) => p.name === name)?.value.trim() ?? '';

/** The facts when the goods is a gas (it has a UN number), else null: equipment and parts have none. */
export function gasSafety(params: readonly { name: string; value: string }[]): GasSafety | null {
  const un = pick(params, 'UN 编号');
  if (!un) return null;
  return { un, hazardClass: pick(params, '危险类别'), cylinderColour: pick(params, '气瓶颜色'), cas: pick(params, 'CAS 号') };
}
