/**
 * The publishing soak (`npm run measure:publish -- --soak N`): N publishes with light load between them (a few hundred static
 * and on-demand requests), against a shop served with the publisher on the seed site. Prints the server's RSS after publish
 * 10 and at the end, static and on-demand throughput (req/s) and goods detail's p99 first and last; exits 1 unless the end
 * RSS is within 20 % of the value after 10 publishes and both throughputs within 10 % of the first figures.
 *
 * Publishes are real by default: an article edited through the sandbox's hook, its signed webhook, the publisher's build and
 * release switch, waited for until the new text is served and the publisher is idle (tens of seconds each on this machine).
 * `--fast` publishes through the webhook with the fast path on (PUBLISH_FAST=1, the full build's quiet window longer than the
 * soak): each publish is the warm renderer's render of the edited article and a layer release switched live, a second or
 * two each, so it also measures the renderer's memory (the publisher's process) over N publishes.
 * `--switch-only` makes each publish a release of the build folder with one page changed, switched live the way
 * `npm run publish:rollback` switches (the running server follows `current`): the server side of a publish (a new release
 * loaded and served) without the build, a second or two each, so 300 of them fit in minutes.
 *
 * The server's memory is read from its own GET /healthz (memory.rssMiB, serverModules, listeners).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { shopRss } from './lib/proc-rss.ts';
import { buildSite, serveSite, startSandbox, type Running } from '#build/site-build.ts';
import { prune, snapshot, switchTo } from '#server/publish/releases.ts';
import type { HealthBody } from '#server/publish/health.ts';
import type { PublishStatus } from '#src/features/publish/effects.ts';

const BARS = { rssGrowth: 0.2, throughputDrop: 0.1 };
/** Publishes after which the memory baseline is taken (the first ones load the code and fill the caches). */
const BASELINE_AT = 10;
const STATIC_PATH = '/';
const SSR_PATH = '/goods/1003/';
/** The seed's policy article (services/policies): edited by every real publish. */
const ARTICLE = { kind: 'article', id: 172, categoryId: 17, title: '气瓶退换政策', summary: '气瓶退换政策' };
const ARTICLE_PATH = '/services/policies/172/';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Figures {
  staticRps: number;
  ssrRps: number;
  /** Requests served per CPU second of the server process: what the server costs, whatever else loads the machine. */
  staticPerCpu: number;
  ssrPerCpu: number;
  goodsP99: number;
}

/**
 * Best of three short autocannon runs per path (the best run is the least disturbed one), in wall req/s and in requests per
 * CPU second of the server (its /healthz cpuSeconds before and after). On this shared two-core machine (load 20 and more
 * while five people build and test) wall req/s halves and doubles with the neighbours' work, so the bars apply to the
 * per-CPU figure; the wall figure is printed beside it.
 */
async function throughput(url: string): Promise<Figures> {
  const run = async (path: string) => {
    let best = { rps: 0, perCpu: 0, p99: Infinity };
    for (let i = 0; i < 3; i++) {
      const before = (await healthOf(url)).cpuSeconds;
      const r = await autocannon({ url: `${url}${path}`, connections: 10, duration: 3 });
      const cpu = (await healthOf(url)).cpuSeconds - before;
      if (r.errors || r.non2xx) throw new Error(`${path}: ${r.errors} errors, ${r.non2xx} non-2xx under load`);
      best = {
        rps: Math.max(best.rps, r.requests.average),
        perCpu: Math.max(best.perCpu, r.requests.total / cpu),
        p99: Math.min(best.p99, r.latency.p99),
      };
    }
    return best;
  };
  const s = await run(STATIC_PATH);
  const g = await run(SSR_PATH);
  return { staticRps: s.rps, ssrRps: g.rps, staticPerCpu: s.perCpu, ssrPerCpu: g.perCpu, goodsP99: g.p99 };
}

const show = (f: Figures) =>
  `static ${f.staticRps.toFixed(0)} req/s (${f.staticPerCpu.toFixed(0)} per CPU s), goods ${f.ssrRps.toFixed(0)} req/s (${f.ssrPerCpu.toFixed(0)} per CPU s), goods p99 ${f.goodsP99} ms`;

/** Light load between publishes: a few hundred static and on-demand requests, 4 at a time. */
async function lightLoad(url: string): Promise<void> {
  const r = await autocannon({
    url,
    connections: 4,
    amount: 300,
    requests: [
      { method: 'GET', path: STATIC_PATH },
      { method: 'GET', path: SSR_PATH },
      { method: 'GET', path: ARTICLE_PATH },
    ],
  });
  if (r.errors || r.non2xx) throw new Error(`light load: ${r.errors} errors, ${r.non2xx} non-2xx`);
}

async function healthOf(url: string): Promise<HealthBody> {
  return (await (await fetch(`${url}/healthz`)).json()) as HealthBody;
}

export async function soak(n: number, o: { switchOnly: boolean; fast?: boolean }): Promise<number> {
  const dir = process.env.MEASURE_PUBLISH_DIR ?? '.builds/publish-soak';
  const port = Number(process.env.MEASURE_PORT ?? 4838);
  const sandboxPort = Number(process.env.MEASURE_SANDBOX_PORT ?? 4839);
  const shop = `http://127.0.0.1:${port}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const token = randomBytes(16).toString('hex');
  const out = `${dir}/out`;
  const releases = `${dir}/releases`;
  let sandbox: Running | undefined;
  let server: Running | undefined;
  try {
    const mode = o.switchOnly
      ? 'release switches (--switch-only)'
      : o.fast
        ? 'fast publishes through the webhook (--fast)'
        : 'publishes through the webhook';
    console.log(`publishing soak: ${n} ${mode} on the seed site, light load between`);
    rmSync(dir, { recursive: true, force: true });
    sandbox = await startSandbox({
      port: sandboxPort,
      dataDir: `${dir}/sandbox`,
      env: { SANDBOX_PUBLISH_URL: `${shop}/api/publish`, PUBLISH_WEBHOOK_SECRETS: secret },
    });
    const cold = await buildSite({ sandboxUrl, outDir: out, cacheDir: `${dir}/cache`, cold: true });
    console.log(`cold build: ${cold.seconds.toFixed(1)} s`);
    server = await serveSite({
      outDir: out,
      port,
      sandboxUrl,
      readyMs: 600_000,
      env: {
        ASTRO_CACHE_DIR: `${dir}/cache`,
        PUBLISH_RELEASES: releases,
        PUBLISH_DATA: `${dir}/data`,
        PUBLISH_FROM_BUILD: '1',
        // With --fast the full build waits longer than the soak lasts: every publish is a fast one.
        PUBLISH_QUIET_S: o.fast ? '86400' : '0',
        PUBLISH_MAX_WAIT_S: o.fast ? '86400' : '600',
        // The fast path is on by default; the soak of full builds turns it off (no renderer beside the server it measures).
        PUBLISH_FAST: o.fast ? '1' : '0',
        PUBLISH_WEBHOOK_SECRETS: secret,
        PUBLISH_STATUS_TOKEN: token,
      },
    });
    const status = async () =>
      (await (await fetch(`${shop}/api/publish/status`, { headers: { authorization: `Bearer ${token}` } })).json()) as PublishStatus;
    if (o.fast) {
      const from = Date.now();
      while ((await status()).fast?.state !== 'ready') {
        if (Date.now() - from > 600_000) throw new Error('the fast path never got ready');
        await sleep(1000);
      }
    }
    const publisherIdle = async (release: string) => {
      for (;;) {
        const h = await healthOf(shop);
        if (h.publisher?.state === 'failed') throw new Error(`publish failed (release ${h.release})`);
        if (h.publisher?.state === 'idle' && h.release !== release) return h;
        await sleep(250);
      }
    };
    const served = async (path: string, text: string) => {
      while (!(await (await fetch(`${shop}${path}`)).text()).includes(text)) await sleep(100);
    };
    const publish = async (i: number) => {
      const text = `浸泡测试第 ${i} 次（${Date.now()}）`;
      const before = (await healthOf(shop)).release;
      if (o.switchOnly) {
        // One page changed in the build folder (its size kept: a page that grew would slow the static figure by itself, as a
        // first version of this soak found), a release made of it and switched to; the server loads it on the next request.
        writeFileSync(`${out}/client/index.html`, `${home}\n<!-- ${text} -->`);
        const r = await snapshot(out, releases);
        await switchTo(releases, r.n);
        await served(STATIC_PATH, text);
        while ((await healthOf(shop)).release !== String(r.n)) await sleep(50);
        await prune(releases);
      } else {
        const body = { ...ARTICLE, content: `<p>押金退还时限以合同为准。</p><p>${text}</p>` };
        const res = await fetch(`${sandboxUrl}/__sandbox/articles`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`the article hook answered ${res.status}`);
        await served(ARTICLE_PATH, text);
        if (o.fast) {
          // The status records the fast release just after its switch.
          const last = async () => (await status()).fast?.last?.release;
          while ((await last()) === lastFast) await sleep(50);
          lastFast = await last();
          const f = (await status()).fast;
          if (f?.lastFailure && Date.parse(f.lastFailure.at) > startedAt) throw new Error(`fast publish failed: ${f.lastFailure.message}`);
        } else await publisherIdle(before);
      }
    };
    const startedAt = Date.now();
    let lastFast = o.fast ? (await status()).fast?.last?.release : undefined;

    const home = readFileSync(`${out}/client/index.html`, 'utf8');
    // Warm-up (JIT, the route cache, the static files' hashes), so the first figures are not a cold server's.
    const warmUp = async () => {
      await lightLoad(shop);
      for (const path of [STATIC_PATH, SSR_PATH]) await autocannon({ url: `${shop}${path}`, connections: 10, duration: 3 });
    };
    await warmUp();
    const first = await throughput(shop);
    console.log(`  first: ${show(first)}; RSS ${(await healthOf(shop)).memory.rssMiB} MiB; load average ${loadavg()[0]!.toFixed(1)}`);
    let baseline: HealthBody | undefined;
    let rendererBaseline = 0;
    const started = Date.now();
    for (let i = 1; i <= n; i++) {
      await publish(i);
      await lightLoad(shop);
      const h = await healthOf(shop);
      if (i === BASELINE_AT) {
        baseline = h;
        rendererBaseline = shopRss(port).renderer;
      }
      if (i % 10 === 0 || i === n) {
        const rate = (Date.now() - started) / 1000 / i;
        const renderer = o.fast ? `, warm renderer RSS ${shopRss(port).renderer} MiB` : '';
        console.log(
          `  publish ${i}: release ${h.release}, RSS ${h.memory.rssMiB} MiB, heap ${h.memory.heapMiB} MiB, server modules ${h.memory.serverModules}, unhandledRejection listeners ${h.memory.listeners}${renderer}, ${rate.toFixed(1)} s per publish`,
        );
      }
    }
    // The end figures after the same warm-up as the first ones.
    const end = await healthOf(shop);
    await warmUp();
    const last = await throughput(shop);
    console.log(`  last: ${show(last)}; load average ${loadavg()[0]!.toFixed(1)}`);
    baseline ??= end;
    const rssRatio = end.memory.rssMiB / baseline.memory.rssMiB;
    const rendererEnd = shopRss(port).renderer;
    const rendererRatio = rendererBaseline ? rendererEnd / rendererBaseline : 1;
    const rows: [boolean, string][] = [
      [
        rssRatio <= 1 + BARS.rssGrowth,
        `RSS after ${BASELINE_AT} publishes ${baseline.memory.rssMiB} MiB, after ${n}: ${end.memory.rssMiB} MiB (${((rssRatio - 1) * 100).toFixed(1)} %, bar <= +${BARS.rssGrowth * 100} %)`,
      ],
      ...(o.fast
        ? ([
            [
              rendererRatio <= 1 + BARS.rssGrowth,
              `warm renderer RSS after ${BASELINE_AT} publishes ${rendererBaseline} MiB, after ${n}: ${rendererEnd} MiB (${((rendererRatio - 1) * 100).toFixed(1)} %, bar <= +${BARS.rssGrowth * 100} %)`,
            ],
          ] as [boolean, string][])
        : []),
      [
        last.staticPerCpu >= first.staticPerCpu * (1 - BARS.throughputDrop),
        `static ${STATIC_PATH}: ${first.staticPerCpu.toFixed(0)} -> ${last.staticPerCpu.toFixed(0)} requests per CPU second (bar: within ${BARS.throughputDrop * 100} %); wall ${first.staticRps.toFixed(0)} -> ${last.staticRps.toFixed(0)} req/s`,
      ],
      [
        last.ssrPerCpu >= first.ssrPerCpu * (1 - BARS.throughputDrop),
        `on-demand ${SSR_PATH}: ${first.ssrPerCpu.toFixed(0)} -> ${last.ssrPerCpu.toFixed(0)} requests per CPU second (bar: within ${BARS.throughputDrop * 100} %); wall ${first.ssrRps.toFixed(0)} -> ${last.ssrRps.toFixed(0)} req/s`,
      ],
      [true, `goods p99: ${first.goodsP99} -> ${last.goodsP99} ms`],
      // Astro's node entry adds one per module loaded; Node warns (MaxListenersExceededWarning) past 10.
      [end.memory.listeners <= 2, `unhandledRejection listeners: ${end.memory.listeners} (one per server module; Node warns past 10)`],
      [
        end.memory.serverModules !== null && end.memory.serverModules <= 2,
        `server modules loaded: ${end.memory.serverModules} (the start's build and the publisher's build may differ in chunking: at most 2)`,
      ],
    ];
    console.log(
      `\npublishing soak, ${n} ${o.switchOnly ? 'release switches' : o.fast ? 'fast publishes' : 'publishes'} (${new Date().toISOString().slice(0, 10)}):`,
    );
    for (const [ok, line] of rows) console.log(`  ${ok ? 'ok  ' : 'MISS'} ${line}`);
    return rows.every(([ok]) => ok) ? 0 : 1;
  } finally {
    await server?.stop();
    await sandbox?.stop();
  }
}
