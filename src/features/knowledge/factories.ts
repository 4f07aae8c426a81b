/** The plants of the factory map, grouped for the list beside it: by province in the API's order, each city with its plants. */
import type { Factory, FactoryCity } from '#src/shared/api/contract/common.ts';

export interface Plant extends Factory {
  /** Stable anchor of the plant in the list (`plant-{cityId}-{n}`). */
  key: string;
  city: string;
  province: string;
}

export interface ProvinceGroup {
  province: string;
  plants: Plant[];
}

/** Every plant with its city and province, in the API's order. */
export function plantsOf(cities: readonly FactoryCity[]): Plant[] {
  return cities.flatMap((c) => c.factories.map((f, i) => ({ ...f, key: `plant-${c.id}-${i + 1}`, city: c.name, province: c.province })));
}

/** Plants grouped by province, provinces in order of first appearance. */
export function byProvince(plants: readonly Plant[]): ProvinceGroup[] {
  const groups = new Map<string, Plant[]>();
  for (const p of plants) groups.set(p.province, [...(groups.get(p.province) ?? []), p]);
  return [...groups].map(([province, list]) => ({ province, plants: list }));
}

/** A plant with a position on the map: WGS-84 inside China's rough box (junk coordinates are listed but not drawn). */
export const placeable = (p: Pick<Factory, 'lng' | 'lat'>): boolean =>
  Number.isFinite(p.lng) && Number.isFinite(p.lat) && p.lng >= 73 && p.lng <= 136 && p.lat >= 3 && p.lat <= 54;

/** A phone number as a tel: URI (digits, + and -). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+-]/g, '')}`;
