/** The seller's licences as the shell prints them (the site data keeps them only while `hazmat_part` is on: src/shared/site/chrome.ts). */
import type { SiteLicences } from '#src/shared/api/contract/compliance.ts';

/** `2027-03-14` as 2027年3月14日, the way licences print their validity. */
export function licenceDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[1]}年${Number(m[2])}月${Number(m[3])}日` : day;
}

export const licenceValidity = (l: SiteLicences['hazardousLicence']): string => `${licenceDay(l.validFrom)}至${licenceDay(l.validTo)}`;
