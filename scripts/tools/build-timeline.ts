/**
 * Where a build's time goes (`node scripts/tools/build-timeline.ts [N] [--cold]`): builds the benchmark site (N synthetic news,
 * reusing .builds/measure unless --cold) and prints every line the build wrote that is not a page line, with its second.
 */
import { buildSite, startSandbox } from '../lib/site-build.ts';

const SCALE = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 10_000);
const cold = process.argv.includes('--cold');
const sandbox = await startSandbox({ port: Number(process.env.MEASURE_SANDBOX_PORT ?? 4938), dataDir: '.sandbox-data/measure', scale: SCALE });
try {
  const r = await buildSite({ sandboxUrl: sandbox.url, outDir: '.builds/measure/out', cacheDir: '.builds/measure/cache', cold });
  let pages = 0;
  for (const { at, line } of r.timeline) {
    if (/[├└]─ \S+ \(/.test(line)) {
      pages++;
      continue;
    }
    if (pages) console.log(`        … ${pages} page lines`);
    pages = 0;
    if (line.trim()) console.log(`${at.toFixed(1).padStart(6)}  ${line.slice(0, 160)}`);
  }
  console.log(`total ${r.seconds.toFixed(1)} s, CPU ${r.cpuSeconds.toFixed(0)} s, peak RSS ${r.peakRssMiB} MiB`);
} finally {
  await sandbox.stop();
}
