/** The feature switches of view control (docs/product.md §6 and the gas features' extensions of the API): one place that says whether a feature is shown. */
import type { ViewControl } from '#src/shared/api/contract/site.ts';

/**
 * The gas features added on top of the supplier's API. Each is shown only when the backend's view control lists it with
 * `isShow` 1, so a backend that does not know a feature (no entry) hides it instead of breaking.
 */
export const FEATURE_VIEWS = [
  'cylinder_part',
  'coa_part',
  'quote_part',
  'company_part',
  'hazmat_part',
  'privacy_part',
  'standing_part',
  'tank_part',
  'credit_part',
  'preview_part',
  'delivery_part',
  'einvoice_part',
  'price_part',
  'quick_part',
  'punchout_part',
] as const;
export type FeatureView = (typeof FEATURE_VIEWS)[number];

/** Whether a view-control entry is on: only `isShow` 1 shows it; a missing entry is off. */
export const viewShown = (list: readonly ViewControl[], name: string): boolean => list.some((e) => e.viewName === name && e.isShow === 1);

/** Whether a gas feature is on; the typed name keeps a misspelt switch from silently hiding a feature. */
export const featureShown = (list: readonly ViewControl[], feature: FeatureView): boolean => viewShown(list, feature);
