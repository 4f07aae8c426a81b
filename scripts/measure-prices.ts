/**
 * `npm run measure:prices [baseUrl]`: the private agreed-price call of a goods list page through the shop's `/api` (docs/prices.md),
 * with the demo company's agreement grown to LINES (5,000) lines: p50/p99 of `GET /api/buyer/prices/goods?ids=` for the 48
 * goods of a list page, signed in as the demo member, CONNECTIONS (10) for SECONDS (10). Starts the shop (and its sandbox) when
 * nothing answers, as measure:ssr does; exits 1 when p99 is over docs/architecture.md §7's 50 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { loginToken, sandboxGet, sandboxPost } from '#scripts/lib/sandbox-client.ts';

const baseUrl = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 4321}`;
const sandbox = process.env.SANDBOX_URL ?? `http://127.0.0.1:${process.env.SANDBOX_PORT ?? 4010}`;
const LINES = Number(process.env.LINES ?? 5000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const SECONDS = Number(process.env.SECONDS ?? 10);
const MAX_P99 = 50;

const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    () => false,
  );

let shop: ChildProcess | null = null;
if (!(await answers(baseUrl))) {
  console.log(`nothing answers at ${baseUrl}: starting the shop (npm start) on port ${new URL(baseUrl).port}`);
  shop = spawn(process.execPath, ['server/start.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: new URL(baseUrl).port, PUBLISH_FAST: '0' },
  });
  const until = Date.now() + 300_000;
  while (!(await answers(baseUrl))) {
    if (Date.now() > until || shop.exitCode !== null) {
      console.error('the shop did not start');
      process.exit(1);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

try {
  const { lines } = await sandboxPost<{ lines: number }>(sandbox, '/__sandbox/prices/scale', { member: '13800138000', lines: LINES });
  const token = await loginToken(sandbox);
  const page = await sandboxGet<{ list: { id: number }[] }>(sandbox, '/goods/list?pageSize=48&pageNumber=1');
  const path = `/api/buyer/prices/goods?ids=${page.list.map((g) => g.id).join(',')}`;
  const cookie = `gas_at=${token}; gas_user=1`;
  const probe = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  const body = (await probe.json()) as { status: number; data: { lines: unknown[] } };
  if (body.status !== 200) throw new Error(`the call answered ${body.status}`);
  console.log(
    `agreement: ${lines} lines; the call for ${page.list.length} goods answers ${body.data.lines.length} lines, cache-control ${probe.headers.get('cache-control')}`,
  );
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url: `${baseUrl}${path}`, connections: CONNECTIONS, duration: SECONDS, headers: { cookie } }, (err, r) =>
      err ? reject(err) : resolve(r),
    ),
  );
  const bad = result.non2xx + result.errors;
  console.log(
    `GET ${path.split('?')[0]} (${CONNECTIONS} connections, ${SECONDS} s): ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${bad} failed (bar: p99 <= ${MAX_P99} ms)`,
  );
  process.exitCode = result.latency.p99 <= MAX_P99 && bad === 0 ? 0 : 1;
} finally {
  shop?.kill();
}
