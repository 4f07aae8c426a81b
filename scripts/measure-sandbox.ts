/**
 * `npm run measure:sandbox`: the sandbox's SQLite store under load, in one run. Writes per second of 10 concurrent members (a
 * mix of cart changes, order creation and article edits) and read latency (goods list, an order list page, an article) while
 * they run, on the seed and on a copy of it after loading 100,000 orders and 10,000 articles; and the start-up time with those
 * in the database. Exits 1 when a bar is missed: writes after >= 0.8 x writes on the seed, read p99 <= 20 ms, ready in <= 3 s.
 *
 * The two databases are measured in alternating rounds (seed, loaded, seed, loaded, ...), each sandbox restarted for its round:
 * on a shared 2-core machine one 10-second window swings by a fifth either way, so the ratio is the median of each round's
 * loaded/seed pair (adjacent rounds share the machine's mood), and each read's p99 is taken over all rounds of its database.
 * Ports: MEASURE_SANDBOX_PORT (4013); ROUNDS (5) of SECONDS (8) each; data in .sandbox-data/measure-sandbox{,-loaded}, removed first;
 * CPU_PROF=dir writes a V8 CPU profile of every sandbox process there (node --cpu-prof).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { resolve } from 'node:path';
import { createApi, type Api } from '#src/shared/api/client.ts';
import { auth } from '#src/shared/api/contract/auth.ts';
import { cart } from '#src/shared/api/contract/cart.ts';
import { catalog } from '#src/shared/api/contract/catalog.ts';
import { common } from '#src/shared/api/contract/common.ts';
import { content } from '#src/shared/api/contract/content.ts';
import { API_BASES, fillPath, type ApiBase } from '#src/shared/api/contract/core.ts';
import { member, type AddressInput } from '#src/shared/api/contract/member.ts';
import { order } from '#src/shared/api/contract/order.ts';
import { Db } from '#sandbox/db.ts';
import { saveNews } from '#sandbox/domains/content.ts';
import { insertOrder } from '#sandbox/domains/order.ts';
import type { OrderRec } from '#sandbox/records.ts';
import { encryptCredential } from '#sandbox/rsa.ts';
import { orderSn } from '#sandbox/seed/member.ts';

const PORT = Number(process.env.MEASURE_SANDBOX_PORT ?? 4013);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SEED_DATA = resolve('.sandbox-data/measure-sandbox');
const LOADED_DATA = resolve('.sandbox-data/measure-sandbox-loaded');
const SECONDS = Number(process.env.SECONDS ?? 8);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const CLIENTS = 10;
const ORDERS = Number(process.env.ORDERS ?? 100_000);
const ARTICLES = Number(process.env.ARTICLES ?? 10_000);
/** Orders of the reading member among the loaded ones, so its order list pages through a long history. */
const READER_ORDERS = 5_000;
const N2 = 100101;
const PASSWORD = 'Measure#2026';

const bases = Object.fromEntries(API_BASES.map((b) => [b, ORIGIN])) as Record<ApiBase, string>;
const client = (token?: string): Api => createApi({ bases, timeoutMs: 10_000, token: () => token });

async function hook(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${ORIGIN}/__sandbox${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const out = (await res.json()) as { status: number; msg: string; data: unknown };
  if (out.status !== 200) throw new Error(`${path}: ${out.msg}`);
  return out.data;
}

async function start(data: string): Promise<{ child: ChildProcess; readyMs: number }> {
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    [...(process.env.CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF}`] : []), 'sandbox/main.ts'],
    { env: { ...process.env, SANDBOX_PORT: String(PORT), SANDBOX_DATA: data }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  for (;;) {
    try {
      await fetch(`${ORIGIN}/site`);
      return { child, readyMs: performance.now() - t0 };
    } catch {
      if (child.exitCode !== null) throw new Error('the sandbox exited');
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}
async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function login(phone: string, password: string): Promise<string> {
  const api = client();
  const { uuid } = await api.call(common.captcha);
  const res = await fetch(`${ORIGIN}/__sandbox/captcha/${uuid}`);
  const { answer } = ((await res.json()) as { data: { answer: string } }).data;
  const { token } = await api.call(auth.login, {
    input: { username: encryptCredential(phone), password: encryptCredential(password), spread: '', uuid, code: answer },
  });
  return token;
}

const company = {
  companyName: '无锡恒达焊接工程有限公司',
  taxNo: '91320211MA1P8HX27K',
  licenseUrl: '/uploads/licence.png',
  contact: '赵工',
  phone: '13900139000',
};
const address: AddressInput = {
  name: '赵工',
  phone: '13900139000',
  regionIds: [320000, 320200, 320211, 320211001000],
  regionText: '江苏省 无锡市 滨湖区 河埒街道',
  detail: '梁溪路 8 号',
};

/** Ten members ready to order: approved company, an address. */
async function writers(): Promise<{ token: string; addressId: number }[]> {
  return Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      const phone = `1770000${String(i).padStart(4, '0')}`;
      await hook('/users', { phone, password: PASSWORD }).catch(() => undefined);
      const token = await login(phone, PASSWORD);
      const api = client(token);
      await api.call(member.saveCompany, { input: company });
      const addresses = await api.call(member.addresses);
      const addressId = addresses[0]?.id ?? (await api.call(member.saveAddress, { input: address })).id;
      return { token, addressId };
    }),
  );
}

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** One round on one database: the members' write rate and every read's latency (ms) by kind. */
interface Round {
  writesPerSecond: number;
  reads: Record<string, number[]>;
}

/** A raw call (no response validation, so the measuring process stays light); fails on anything but status 200. */
async function raw(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<void> {
  const res = await fetch(`${ORIGIN}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const out = (await res.json()) as { status: number; msg: string };
  if (out.status !== 200) throw new Error(`${method} ${path}: ${out.msg}`);
}

/** The write mix of one member until `until` (performance.now() of the worker, which starts at its own origin: passed as a duration). */
async function writeLoop(
  { token, addressId }: { token: string; addressId: number },
  w: number,
  until: number,
  articles: Article[],
): Promise<number> {
  let writes = 0;
  for (let i = 0; performance.now() < until; i++) {
    switch (i % 3) {
      case 0:
        await raw(token, 'POST', fillPath(cart.add.path), { sku_id: N2, num: 1, way: 'CART' });
        break;
      case 1:
        await raw(token, 'POST', fillPath(order.create.path, { type: 'CART' }), { addressId });
        break;
      default: {
        // An editor's change of title and text: the article keeps its category, publication time and counts.
        const { id, categoryId } = articles[(w * 7919 + i) % articles.length]!;
        await hook('/articles', { kind: 'news', id, categoryId, title: `编辑 ${id} 第 ${i} 次`, content: `<p>第 ${i} 次编辑</p>` });
      }
    }
    writes++;
  }
  return writes;
}

/** A news article the members edit and the reader reads. */
interface Article {
  id: number;
  categoryId: number;
}

interface WriterJob {
  members: { token: string; addressId: number }[];
  seconds: number;
  articles: Article[];
}

/** Runs the write mix for SECONDS in a worker thread (so the writers' own work does not delay the reader's clock) with one reader beside it. */
async function round(members: { token: string; addressId: number }[], reader: string, articles: Article[]): Promise<Round> {
  const job: WriterJob = { members, seconds: SECONDS, articles };
  const worker = new Worker(new URL(import.meta.url), { workerData: job });
  const written = new Promise<{ writes: number; elapsed: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const until = performance.now() + SECONDS * 1000;
  const reads: Record<string, number[]> = { 'goods list': [], 'order list page': [], article: [] };
  for (let i = 0; performance.now() < until; i++) {
    const t0 = performance.now();
    const kind = (['goods list', 'order list page', 'article'] as const)[i % 3]!;
    if (kind === 'goods list') await raw(reader, 'GET', `${catalog.goodsList.path}?pageNumber=1&pageSize=16`);
    else if (kind === 'order list page') await raw(reader, 'GET', `${order.list.path}?pageNumber=${1 + (i % 20)}&pageSize=10`);
    else await raw(reader, 'GET', fillPath(content.infoDetail.path, { id: articles[i % articles.length]!.id }));
    reads[kind]!.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 5));
  }
  const { writes, elapsed } = await written;
  await worker.terminate();
  return { writesPerSecond: writes / elapsed, reads };
}

/** Starts the sandbox on `data`, logs the members and the reader in, runs one round and stops it. */
async function measureOn(data: string, articles: Article[]): Promise<Round & { readyMs: number }> {
  const { child, readyMs } = await start(data);
  try {
    const reader = await login('13800138000', 'Gas@2026pass');
    return { ...(await round(await writers(), reader, articles)), readyMs };
  } finally {
    await stop(child);
  }
}

const median = (xs: number[]) =>
  p(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

/** 100,000 orders (READER_ORDERS of them the reading member's) and 10,000 articles, written straight into the database in one transaction. */
function load(data: string): Article[] {
  const db = new Db(data);
  const t0 = performance.now();
  const articles: Article[] = [];
  db.tx(() => {
    const firstId = db.get<{ id: number }>('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM orders')!.id;
    const base = Date.parse('2025-01-01T00:00:00Z');
    for (let k = 0; k < ORDERS; k++) {
      const id = firstId + k;
      const createTime = base + k * 60_000;
      const uid = k < READER_ORDERS ? 1 : 100_000 + (k % 2_000);
      const o: OrderRec = {
        id,
        sn: orderSn(createTime, id),
        uid,
        status: 'COMPLETE',
        prevStatus: null,
        way: 'CART',
        createTime,
        lines: [
          {
            sku_id: N2,
            goods_id: 1001,
            shop_id: 1,
            shopName: '华气云商自营旗舰店',
            goodsName: '高纯氮气 N₂ 99.999%',
            thumbnail: '/images/goods/n2.svg',
            specs: '99.999% - 40L 钢瓶 - 15 MPa',
            unit: '瓶',
            price: 18_000,
            num: 2,
            deposit: 60_000,
          },
        ],
        goodsTotal: 36_000,
        freight: 5_000,
        deposit: 120_000,
        discount: 0,
        couponDiscount: 0,
        payable: 161_000,
        coupon: null,
        address: { name: '王建国', phone: '13800138000', regionText: '江苏省 苏州市 吴中区 郭巷街道', detail: '吴淞江科技产业园 8 号楼' },
        invoice: null,
        remark: '',
        logs: [
          { status: 'NEW', time: createTime, note: '提交订单' },
          { status: 'PAID_OFF', time: createTime + 60_000, note: '微信支付成功' },
          { status: 'SHIPPED', time: createTime + 86_400_000, note: '顺丰速运 SF1400000000000' },
          { status: 'ROG', time: createTime + 2 * 86_400_000, note: '确认收货' },
          { status: 'COMPLETE', time: createTime + 9 * 86_400_000, note: '收货 7 天后自动完成' },
        ],
        cancelReason: '',
        payType: 'WECHAT',
        paidAt: createTime + 60_000,
        delivery: { company: '顺丰速运', trackingNo: 'SF1400000000000', shippedAt: createTime + 86_400_000 },
        receivedAt: createTime + 2 * 86_400_000,
        qr: {},
      };
      insertOrder({ db }, o);
    }
    for (let k = 0; k < ARTICLES; k++) {
      const id = 200_000 + k;
      articles.push({ id, categoryId: (k % 3) + 1 });
      const publishedAt = new Date(Date.parse('2024-01-01T00:00:00Z') + k * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
      saveNews(
        db,
        {
          id,
          categoryId: (k % 3) + 1,
          title: `行业资讯 ${k}`,
          summary: `第 ${k} 篇资讯的摘要`,
          cover: '/images/news/cat-1.svg',
          source: '华气云商',
          author: '编辑部',
          publishedAt,
          views: k % 500,
          likes: k % 20,
          content: `<p>第 ${k} 篇资讯。</p>`,
        },
        false,
      );
    }
  });
  db.close();
  console.log(
    `loaded ${ORDERS.toLocaleString()} orders and ${ARTICLES.toLocaleString()} articles in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return articles;
}

/** The rounds of one database: each round's write rate, and per read kind p50/p99 over all its rounds' reads. */
function report(name: string, rounds: Round[]): Record<string, { p50: number; p99: number; n: number }> {
  console.log(
    `\n${name}: ${rounds.map((r) => r.writesPerSecond.toFixed(0)).join(', ')} writes/s (rounds of ${SECONDS} s; 10 members: cart add, order create, article edit)`,
  );
  const reads = Object.fromEntries(
    Object.keys(rounds[0]!.reads).map((k) => {
      const sorted = rounds.flatMap((r) => r.reads[k]!).sort((a, b) => a - b);
      return [k, { p50: p(sorted, 0.5), p99: p(sorted, 0.99), n: sorted.length }];
    }),
  );
  for (const [k, v] of Object.entries(reads))
    console.log(`  read ${k.padEnd(16)} p50 ${v.p50.toFixed(1)} ms  p99 ${v.p99.toFixed(1)} ms  (${v.n} reads)`);
  return reads;
}

if (!isMainThread) {
  // The writers' thread: 10 members write until the phase ends, then report their count.
  const job = workerData as WriterJob;
  const until = performance.now() + job.seconds * 1000;
  const t0 = performance.now();
  const counts = await Promise.all(job.members.map((m, w) => writeLoop(m, w, until, job.articles)));
  parentPort!.postMessage({ writes: counts.reduce((a, b) => a + b, 0), elapsed: (performance.now() - t0) / 1000 });
} else {
  console.log(
    `load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')} on ${cpus().length} cores (other work on the machine slows every figure)`,
  );
  for (const d of [SEED_DATA, LOADED_DATA]) rmSync(d, { recursive: true, force: true });
  // The seed database: a stock no order runs out of, its articles to edit, then the first round on it.
  const { child } = await start(SEED_DATA);
  await hook('/stock', { skuId: N2, stock: 1_000_000_000 });
  const seedArticles = (await client().call(content.infoList, { input: { pageNumber: 1, pageSize: 50 } })).list.map(
    ({ id, categoryId }) => ({ id, categoryId }),
  );
  await stop(child);
  const seed: Round[] = [await measureOn(SEED_DATA, seedArticles)];

  // The loaded database: a copy of the seed one (its members and their first orders too), plus a year of orders and articles.
  cpSync(SEED_DATA, LOADED_DATA, { recursive: true });
  const loadedArticles = load(LOADED_DATA);
  const loaded: (Round & { readyMs: number })[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    if (r > 0) seed.push(await measureOn(SEED_DATA, seedArticles));
    loaded.push(await measureOn(LOADED_DATA, loadedArticles));
  }

  console.log(
    `\nstart-up with ${ORDERS.toLocaleString()} orders and ${ARTICLES.toLocaleString()} articles: ready in ${loaded.map((r) => r.readyMs.toFixed(0)).join(', ')} ms`,
  );
  const seedReads = report('on the seed', seed);
  const loadedReads = report(`after loading ${ORDERS.toLocaleString()} orders and ${ARTICLES.toLocaleString()} articles`, loaded);
  const ratios = loaded.map((r, i) => r.writesPerSecond / seed[i]!.writesPerSecond);
  console.log(`\nloaded / seed, round by round: ${ratios.map((x) => x.toFixed(2)).join(', ')}`);

  const ratio = median(ratios);
  const worstP99 = Math.max(...[seedReads, loadedReads].flatMap((r) => Object.values(r).map((v) => v.p99)));
  const readyMs = Math.max(...loaded.map((r) => r.readyMs));
  const bars = [
    { name: 'writes loaded / on the seed >= 0.8 (median of the rounds)', ok: ratio >= 0.8, value: ratio.toFixed(2) },
    { name: 'read p99 <= 20 ms (worst kind)', ok: worstP99 <= 20, value: `${worstP99.toFixed(1)} ms` },
    { name: 'start-up <= 3 s (slowest)', ok: readyMs <= 3000, value: `${readyMs.toFixed(0)} ms` },
  ];
  console.log('');
  for (const b of bars) console.log(`${b.ok ? 'ok  ' : 'MISS'} ${b.name}: ${b.value}`);
  process.exit(bars.every((b) => b.ok) ? 0 : 1);
}
