/** Prints the demo tanks' figures (level, mean daily use, run-out, deliveries in 30 days) and the list answer's size and time, from an in-memory sandbox seeded now (docs/supply-tanks.md). */
import { gzipSync } from 'node:zlib';
import { quietSqliteWarning } from '#server/quiet-sqlite.ts';

quietSqliteWarning();
const { createSandbox } = await import('#sandbox/index.ts');
const { tanks } = await import('#src/shared/api/contract/tanks.ts');
type Tank = import('#src/shared/api/contract/tanks.ts').Tank;

const sb = createSandbox({ dataDir: null });
sb.authenticate((t) => (t === 'demo' ? 1 : null));
const runs: number[] = [];
let text = '';
for (let i = 0; i < 20; i++) {
  const t0 = performance.now();
  const res = await sb.handle(new Request(`http://sandbox.local${tanks.list.path}`, { headers: { authorization: 'Bearer demo' } }));
  text = await res.text();
  runs.push(performance.now() - t0);
}
const { data } = JSON.parse(text) as { data: { list: Tank[] } };
for (const t of data.list) {
  console.log(
    `${t.name} ${t.productName} ${t.capacityM3} m³: level ${t.level?.pct}% (${t.level?.kg} kg), mean use ${t.forecast?.dailyPct}%/day (${t.forecast?.dailyKg} kg), run-out ${t.forecast?.runOutDay} (${t.forecast?.daysLeft} days), deliveries in 30 days ${t.deliveries.length}, readings ${t.readings.length}, alerts ${t.alerts.length}`,
  );
}
runs.sort((a, b) => a - b);
console.log(
  `GET /tanks: ${(text.length / 1024).toFixed(1)} KB JSON (${(gzipSync(text).length / 1024).toFixed(1)} KB gzip); median ${runs[10]!.toFixed(1)} ms, max ${runs.at(-1)!.toFixed(1)} ms over 20 calls (first includes the seed)`,
);
