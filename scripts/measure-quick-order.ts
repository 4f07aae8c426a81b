/**
 * `npm run measure:quick-order`: the time to resolve 500 pasted lines (docs/architecture.md §7: within 2 s), through the
 * sandbox's `POST /quick/resolve` as the demo member with its agreed prices: every kind of code a clerk pastes (goods and SKU
 * codes, CAS, UN, formulas, trade names, pinyin, free text, unknown codes), 5 runs after a warm-up on a fresh in-process
 * sandbox; prints each run and the median, exits 1 above 2 s.
 */
import { createSandbox } from '#sandbox/index.ts';

const LINES = Number(process.env.LINES ?? 500);
const RUNS = 5;
const MAX_MS = 2000;
const CODES = [
  '1032',
  '103601',
  '7727-37-9',
  'UN1013',
  'ZZ-404',
  'CO2',
  '干冰',
  'danqi',
  '高纯氮',
  '减压器',
  'C₂H₂',
  '7727379',
  'SF6',
  '1066',
];

const sb = createSandbox({ dataDir: null });
sb.authenticate((t) => (t === 'demo' ? 1 : null));
const lines = Array.from({ length: LINES }, (_, i) => ({ code: CODES[i % CODES.length]!, qty: 1 + (i % 5) }));

async function once(): Promise<number> {
  const t0 = performance.now();
  const res = await sb.handle(
    new Request('http://sandbox.local/quick/resolve', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer demo' },
      body: JSON.stringify({ lines }),
    }),
  );
  const body = (await res.json()) as { status: number; data: { lines: unknown[] } };
  if (body.status !== 200 || body.data.lines.length !== LINES) throw new Error(`resolve answered ${body.status}`);
  return performance.now() - t0;
}

await once();
const runs: number[] = [];
for (let i = 0; i < RUNS; i++) runs.push(await once());
const median = [...runs].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
console.log(
  `quick order: ${LINES} lines resolved in ${runs.map((r) => r.toFixed(0)).join(', ')} ms; median ${median.toFixed(0)} ms (bar ${MAX_MS} ms)`,
);
if (median > MAX_MS) process.exit(1);
