/** The seller's licences as the shell shows them: only while `hazmat_part` is on, so a backend without the feature changes nothing. */
import type { SiteLicences } from '#src/shared/api/contract/compliance.ts';
import type { Site, ViewControl } from '#src/shared/api/contract/site.ts';
import { featureShown } from '#src/shared/view-control.ts';

/** The site data the chrome keeps: its licences dropped while the hazmat feature is off. */
export function gateLicences(site: Site, views: readonly ViewControl[]): Site {
  if (featureShown(views, 'hazmat_part') || !site.licences) return site;
  const { licences: _hidden, ...rest } = site;
  return rest;
}

/** `2027-03-14` as 2027年3月14日, the way licences print their validity. */
export function licenceDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[1]}年${Number(m[2])}月${Number(m[3])}日` : day;
}

export const licenceValidity = (l: SiteLicences['hazardousLicence']): string => `${licenceDay(l.validFrom)}至${licenceDay(l.validTo)}`;
