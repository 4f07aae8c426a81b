/** Controlled-goods classes, the permit each needs, and whether a company's permit lets it buy today (valid, expiring, expired). */

/** The control classes of the official catalogues (剧毒化学品, 易制爆危险化学品, 易制毒化学品). */
export const CONTROL_CLASSES = ['TOXIC', 'EXPLOSIVE_PRECURSOR', 'DRUG_PRECURSOR'] as const;
export type ControlClass = (typeof CONTROL_CLASSES)[number];

export interface ControlRule {
  /** The class as the catalogues name it. */
  name: string;
  /** The catalogue that lists the goods of the class. */
  catalogue: string;
  /** What the buyer must hold, and the rule that asks for it. */
  permit: string;
  basis: string;
}

export const CONTROL_RULES: Record<ControlClass, ControlRule> = {
  TOXIC: {
    name: '剧毒化学品',
    catalogue: '《危险化学品目录（2015版）》中标注“剧毒”的品种（2022 年调整未改动剧毒标注）',
    permit: '剧毒化学品购买许可证',
    basis:
      '《危险化学品安全管理条例》第三十八条：未取得相应许可证件的单位购买剧毒化学品，应向所在地县级人民政府公安机关申请取得剧毒化学品购买许可证',
  },
  EXPLOSIVE_PRECURSOR: {
    name: '易制爆危险化学品',
    catalogue: '《易制爆危险化学品名录（2017年版）》',
    permit: '易制爆危险化学品购买单位的合法用途说明及备案材料',
    basis: '《危险化学品安全管理条例》第三十八条：购买易制爆危险化学品的，应当持本单位出具的合法用途说明',
  },
  DRUG_PRECURSOR: {
    name: '易制毒化学品',
    catalogue: '《易制毒化学品管理条例》附表',
    permit: '易制毒化学品购买许可证或购买备案证明',
    basis: '《易制毒化学品管理条例》第十四条（第一类凭购买许可证）、第十七条（第二、三类凭备案证明）',
  },
};

/** A permit flagged this many days before it runs out (the rule: expired permits stop orders, flagged 30 days ahead). */
export const EXPIRY_NOTICE_DAYS = 30;

export type PermitReview = 'PENDING' | 'APPROVED' | 'REJECTED';
export type PermitState = 'PENDING' | 'REJECTED' | 'NOT_YET' | 'VALID' | 'EXPIRING' | 'EXPIRED';

export interface PermitDates {
  review: PermitReview;
  /** Calendar days `YYYY-MM-DD`, as printed on the permit; both inclusive. */
  validFrom: string;
  validTo: string;
}

const DAY = 86_400_000;
/** A calendar day as a day number, so differences are whole days. */
const dayNo = (d: string): number => Math.round(Date.parse(`${d}T00:00:00Z`) / DAY);

/**
 * Days from `today` (the China day, `chinaDay` of china-time.ts: a permit printed "至 2026年12月31日" lasts until that day
 * ends in China) to the permit's last valid day (0 on its last day, negative once expired).
 */
export const daysLeft = (p: Pick<PermitDates, 'validTo'>, today: string): number => dayNo(p.validTo) - dayNo(today);

/** Where a permit stands on `today`; only VALID and EXPIRING let the company buy. */
export function permitState(p: PermitDates, today: string): PermitState {
  if (p.review === 'PENDING') return 'PENDING';
  if (p.review === 'REJECTED') return 'REJECTED';
  if (dayNo(today) < dayNo(p.validFrom)) return 'NOT_YET';
  const left = daysLeft(p, today);
  if (left < 0) return 'EXPIRED';
  return left <= EXPIRY_NOTICE_DAYS ? 'EXPIRING' : 'VALID';
}

export const permitUsable = (p: PermitDates, today: string): boolean => {
  const s = permitState(p, today);
  return s === 'VALID' || s === 'EXPIRING';
};

export const PERMIT_STATE_LABEL: Record<PermitState, string> = {
  PENDING: '审核中',
  REJECTED: '审核未通过',
  NOT_YET: '未到生效日期',
  VALID: '有效',
  EXPIRING: '即将到期',
  EXPIRED: '已过期',
};

/** The classes among `needed` that none of the company's permits covers today. */
export function missingClasses(
  needed: readonly ControlClass[],
  permits: readonly (PermitDates & { controlClass: ControlClass })[],
  today: string,
): ControlClass[] {
  return [...new Set(needed)].filter((c) => !permits.some((p) => p.controlClass === c && permitUsable(p, today)));
}
