/**
 * The punchout tester (docs/punchout.md): pages under /__sandbox/punchout/ that play the buyer's procurement system. It
 * sends a PunchOutSetupRequest for the demo organisation (create, edit or inspect) to the shop and opens the StartPage,
 * receives the returned cart (cXML or OCI) and shows it, and sends OrderRequests (new, again, update, delete) built from it.
 * Open it on another site than the shop (localhost vs 127.0.0.1), so cookie problems show.
 */
import { randomBytes } from 'node:crypto';
import { CXML_DTD, timestamp } from '#src/features/punchout/cxml.ts';
import { parseXml, pick, pickAll, textOf } from '#src/features/punchout/xml.ts';
import type { FreeCtx, Sandbox } from '../app.ts';
import { demoOrganisation as org } from '../seed/punchout.ts';

interface Returned {
  protocol: 'cxml' | 'oci';
  raw: string;
  lines: { skuId: number; num: number; price: string; unit: string; description: string; classification: string }[];
  buyerCookie: string;
}
// The tester's memory: the last cart returned and the last order answer (one tester per sandbox process).
let last: Returned | null = null;
let lastOrder = '';

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const page = (body: string) =>
  new Response(
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Punchout 测试器（模拟采购系统）</title>
<style>body{margin:0;font:14px/1.6 system-ui,'Noto Sans CJK SC',sans-serif;color:#1f2933;background:#f5f7fa}main{padding:16px;max-width:960px}
fieldset{background:#fff;border:1px solid #cbd2d9;border-radius:6px;margin:0 0 16px}label{display:block;margin:8px 0 4px}input,select,textarea{box-sizing:border-box;width:100%;padding:6px;font:inherit}
button{margin:8px 8px 0 0;background:#0b5cad;color:#fff;border:0;border-radius:4px;padding:8px 16px;font:inherit;min-height:40px}table{border-collapse:collapse;width:100%;background:#fff}td,th{border:1px solid #cbd2d9;padding:4px 6px;text-align:left}
pre{white-space:pre-wrap;word-break:break-all;background:#fff;padding:8px;max-height:320px;overflow:auto}</style></head><body><main><h1>Punchout 测试器（模拟采购系统）</h1>${body}</main></body></html>`,
    { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } },
  );

const shopOf = (ctx: FreeCtx): string => {
  const raw = ctx.url.searchParams.get('shop') ?? String((ctx.input as Record<string, unknown> | null)?.shop ?? '');
  return /^https?:\/\/[\w.:-]+$/.test(raw) ? raw : 'http://127.0.0.1:4321';
};

/** The tester's own origin as the browser reached it (localhost or 127.0.0.1), which the shop posts the cart back to. */
const ownOrigin = (ctx: FreeCtx): string => `${ctx.url.protocol}//${ctx.request.headers.get('host') ?? ctx.url.host}`;

const linesText = () => (last ? last.lines.map((l) => `${l.skuId}*${l.num}`).join('\n') : '');

function hookHome(ctx: FreeCtx) {
  const shop = shopOf(ctx);
  const hook = `${ownOrigin(ctx)}/__sandbox/punchout/return?shop=${encodeURIComponent(shop)}`;
  const cart = last
    ? `<h2>采购系统收到的购物车（${last.protocol === 'cxml' ? 'cXML PunchOutOrderMessage' : 'OCI NEW_ITEM'}）</h2>
<p data-buyer-cookie>BuyerCookie：${esc(last.buyerCookie)}</p><table data-returned><tr><th>SupplierPartID</th><th>数量</th><th>单价</th><th>单位</th><th>分类</th><th>描述</th></tr>
${last.lines.map((l) => `<tr data-sku="${l.skuId}"><td>${l.skuId}</td><td data-num>${l.num}</td><td data-price>${esc(l.price)}</td><td data-unit>${esc(l.unit)}</td><td data-class>${esc(l.classification)}</td><td>${esc(l.description)}</td></tr>`).join('')}</table>
<details><summary>原始报文</summary><pre data-raw>${esc(last.raw)}</pre></details>
<form method="post" action="/__sandbox/punchout/order"><input type="hidden" name="shop" value="${esc(shop)}"><label for="po">采购订单号（orderID）</label><input id="po" name="orderId" value="PO-TEST-0001">
<button name="type" value="new">发送 OrderRequest（new）</button><button name="type" value="update">发送 update（数量各加 1）</button><button name="type" value="delete">发送 delete</button></form>`
    : '<p>还没有收到购物车：发起 punchout，在商城选购后点「返回采购系统」。</p>';
  return page(`<p>组织：${esc(org.name)}（${org.identity} / ${org.domain}，测试模式）；商城：<code>${esc(shop)}</code></p>
${lastOrder ? `<p data-order-status>${esc(lastOrder)}</p>` : ''}
<form method="post" action="/__sandbox/punchout/setup"><fieldset><legend>cXML PunchOutSetupRequest</legend><input type="hidden" name="shop" value="${esc(shop)}">
<label for="op">operation</label><select id="op" name="operation"><option>create</option><option>edit</option><option>inspect</option></select>
<label for="lines">行（edit/inspect：SKU*数量，每行一个）</label><textarea id="lines" name="lines" rows="3">${esc(linesText())}</textarea>
<button>发起 punchout（cXML）</button></fieldset></form>
<form method="get" action="${esc(shop)}/punchout/oci"><fieldset><legend>SAP OCI</legend><input type="hidden" name="HOOK_URL" value="${esc(hook)}">
<input type="hidden" name="~OkCode" value="ADDI"><input type="hidden" name="~TARGET" value="_top"><input type="hidden" name="~CALLER" value="CTLG">
<input type="hidden" name="USERNAME" value="${org.ociUser}"><input type="hidden" name="PASSWORD" value="${org.ociPassword}"><button>发起 punchout（OCI）</button></fieldset></form>${cart}`);
}

const header = () =>
  `<Header><From><Credential domain="${org.domain}"><Identity>${org.identity}</Identity></Credential></From><To><Credential domain="NetworkID"><Identity>HUAQI-GAS-SHOP</Identity></Credential></To><Sender><Credential domain="${org.domain}"><Identity>${org.identity}</Identity><SharedSecret>${org.cxmlSecret}</SharedSecret></Credential><UserAgent>Punchout 测试器</UserAgent></Sender></Header>`;
const cxml = (request: string, now: number) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE cXML SYSTEM "${CXML_DTD}">\n<cXML payloadID="${now}.${randomBytes(4).toString('hex')}@tester" timestamp="${timestamp(now)}">${header()}<Request deploymentMode="test">${request}</Request></cXML>`;
const itemsOut = (lines: { skuId: number; num: number }[]) =>
  lines
    .map(
      (l, i) => `<ItemOut quantity="${l.num}" lineNumber="${i + 1}"><ItemID><SupplierPartID>${l.skuId}</SupplierPartID></ItemID></ItemOut>`,
    )
    .join('');

async function send(shop: string, doc: string): Promise<{ code: string; text: string; body: string }> {
  const res = await fetch(`${shop}/punchout/cxml`, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8' }, body: doc });
  const body = await res.text();
  const m = /<Status code="(\d+)" text="([^"]*)"/.exec(body);
  return { code: m?.[1] ?? String(res.status), text: m?.[2] ?? '', body };
}

async function hookSetup(ctx: FreeCtx) {
  const input = (ctx.input ?? {}) as Record<string, string>;
  const shop = shopOf(ctx);
  const operation = ['create', 'edit', 'inspect'].includes(input.operation ?? '') ? input.operation! : 'create';
  const lines = (input.lines ?? '').split(/\s+/).flatMap((t) => {
    const [sku, num] = t.split('*').map(Number);
    return sku && num ? [{ skuId: sku, num }] : [];
  });
  const returnUrl = `${ownOrigin(ctx)}/__sandbox/punchout/return?shop=${encodeURIComponent(shop)}`;
  const r = await send(
    shop,
    cxml(
      `<PunchOutSetupRequest operation="${operation}"><BuyerCookie>tester-${ctx.now()}</BuyerCookie><BrowserFormPost><URL>${esc(returnUrl)}</URL></BrowserFormPost>${operation === 'create' ? '' : itemsOut(lines)}</PunchOutSetupRequest>`,
      ctx.now(),
    ),
  );
  const start = /<URL>([^<]+)<\/URL>/.exec(r.body.split('StartPage')[1] ?? '')?.[1]?.replace(/&amp;/g, '&');
  if (r.code !== '200' || !start)
    return page(
      `<p data-setup-status>商城拒绝了 setup：${esc(r.code)} ${esc(r.text)}</p><p><a href="/__sandbox/punchout/?shop=${encodeURIComponent(shop)}">返回</a></p>`,
    );
  return new Response(null, { status: 303, headers: { location: start } });
}

/** The cart a PunchOutOrderMessage carries. */
function fromCxml(raw: string): Returned {
  const pom = pick(parseXml(raw), 'Message/PunchOutOrderMessage');
  return {
    protocol: 'cxml',
    raw,
    buyerCookie: textOf(pom, 'BuyerCookie'),
    lines: pickAll(pom, 'ItemIn').map((i) => ({
      skuId: Number(textOf(i, 'ItemID/SupplierPartID')),
      num: Number(i.attrs.quantity),
      price: textOf(i, 'ItemDetail/UnitPrice/Money'),
      unit: textOf(i, 'ItemDetail/UnitOfMeasure'),
      description: textOf(i, 'ItemDetail/Description'),
      classification: `${pick(i, 'ItemDetail/Classification')?.attrs.domain ?? ''} ${textOf(i, 'ItemDetail/Classification')}`,
    })),
  };
}

/** The cart OCI's NEW_ITEM-* fields carry. */
function fromOci(form: Record<string, string | string[]>): Returned {
  const f = (name: string, n: number) => String(form[`NEW_ITEM-${name}[${n}]`] ?? '');
  const lines: Returned['lines'] = [];
  for (let n = 1; form[`NEW_ITEM-QUANTITY[${n}]`] !== undefined; n++)
    lines.push({
      skuId: Number(f('VENDORMAT', n)),
      num: Number(f('QUANTITY', n)),
      price: `${f('PRICE', n)} ${f('CURRENCY', n)}`,
      unit: f('UNIT', n),
      description: f('DESCRIPTION', n),
      classification: `MATGROUP ${f('MATGROUP', n)}`,
    });
  const raw = Object.entries(form)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join('\n');
  return { protocol: 'oci', raw, buyerCookie: '', lines };
}

function hookReturn(ctx: FreeCtx) {
  const form = (ctx.input ?? {}) as Record<string, string | string[]>;
  const doc = form['cXML-urlencoded'] ?? form['cxml-urlencoded'];
  last = typeof doc === 'string' ? fromCxml(doc) : fromOci(form);
  lastOrder = '';
  return new Response(null, { status: 303, headers: { location: `/__sandbox/punchout/?shop=${encodeURIComponent(shopOf(ctx))}` } });
}

async function hookOrder(ctx: FreeCtx) {
  const input = (ctx.input ?? {}) as Record<string, string>;
  const shop = shopOf(ctx);
  const type = ['new', 'update', 'delete'].includes(input.type ?? '') ? input.type! : 'new';
  const orderId = (input.orderId ?? 'PO-TEST-0001').replace(/[^\w-]/g, '').slice(0, 40);
  const lines = (last?.lines ?? []).map((l) => ({ skuId: l.skuId, num: type === 'update' ? l.num + 1 : l.num }));
  const r = await send(
    shop,
    cxml(
      `<OrderRequest><OrderRequestHeader orderID="${orderId}" orderDate="${timestamp(ctx.now())}" type="${type}"><Total><Money currency="CNY">0</Money></Total>` +
        `<ShipTo><Address><Name xml:lang="zh-CN">华芯 2 号仓</Name><PostalAddress><DeliverTo>张工</DeliverTo><Street>星湖街 328 号 2 号仓</Street><City>苏州</City><Country isoCountryCode="CN">中国</Country></PostalAddress></Address></ShipTo>` +
        `<BillTo><Address><Name xml:lang="zh-CN">${esc(org.name)}</Name></Address></BillTo></OrderRequestHeader>${itemsOut(lines)}</OrderRequest>`,
      ctx.now(),
    ),
  );
  lastOrder = `OrderRequest ${type} ${orderId}：${r.code} ${r.text}`;
  return new Response(null, { status: 303, headers: { location: `/__sandbox/punchout/?shop=${encodeURIComponent(shop)}` } });
}

export function installTester(sb: Sandbox): void {
  // Free hooks: setup and order call the shop, which calls this sandbox back; under the request lock that would deadlock.
  sb.freeHook('GET', '/punchout/', async (ctx) => hookHome(ctx));
  sb.freeHook('GET', '/punchout', async (ctx) => hookHome(ctx));
  sb.freeHook('POST', '/punchout/setup', hookSetup);
  sb.freeHook('POST', '/punchout/return', async (ctx) => hookReturn(ctx));
  sb.freeHook('POST', '/punchout/order', hookOrder);
}
