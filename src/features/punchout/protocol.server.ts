/**
 * The protocol side of punchout (docs/punchout.md): `POST /punchout/cxml` (ProfileRequest, PunchOutSetupRequest,
 * OrderRequest), `GET|POST /punchout/oci`, and the cart going back (a PunchOutOrderMessage or OCI's NEW_ITEM-* fields in an
 * auto-submitting form). Every refusal is a cXML Status (or a short page for OCI), never a stack trace; the shared secret
 * and the password are never logged.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Api } from '#src/shared/api/client.ts';
import { ApiError } from '#src/shared/api/errors.ts';
import { punchout, type ReturnCart } from '#src/shared/api/contract/punchout.ts';
import { CxmlStatus, orderMessage, profileBody, readRequest, response, startPageBody, type CxmlRequest } from './cxml.ts';
import { frameAncestors, MAX_DOCUMENT_BYTES, ociFields, orderAnswerText, originAllowed } from './rules.ts';
import { esc, parseXml, XmlRefused } from './xml.ts';

export interface ProtocolDeps {
  api: Pick<Api, 'call'>;
  /** The shop's public origin (StartPage and profile URLs). */
  origin: string;
  now: () => number;
  log: (line: string) => void;
}

const payload = (now: number) => `${now}.${randomBytes(6).toString('hex')}@huaqi-gas-shop`;
const xmlResponse = (body: string, status = 200) =>
  new Response(body, { status, headers: { 'content-type': 'text/xml; charset=utf-8', 'cache-control': 'no-store' } });

/** A backend refusal as the cXML status the buyer's system understands; anything unexpected is a 500 without details. */
function statusOf(e: unknown): CxmlStatus {
  if (e instanceof CxmlStatus) return e;
  if (e instanceof XmlRefused) return new CxmlStatus(400, e.message);
  if (e instanceof ApiError && e.kind === 'business')
    return new CxmlStatus([400, 401, 403, 404, 409].includes(e.status) ? e.status : 500, e.message);
  return new CxmlStatus(500, '服务暂时不可用，请稍后重试');
}

async function answer(req: CxmlRequest, deps: ProtocolDeps): Promise<{ text: string; body?: string }> {
  const { api } = deps;
  if (req.kind === 'profile') {
    await api.call(punchout.verify, { input: req.cred });
    return { text: 'OK', body: profileBody(`${deps.origin}/punchout/cxml`, new Date(deps.now()).toISOString().slice(0, 19) + '+00:00') };
  }
  if (req.kind === 'setup') {
    const s = await api.call(punchout.setup, {
      input: {
        ...req.cred,
        protocol: 'cxml',
        operation: req.operation,
        returnUrl: req.returnUrl,
        buyerCookie: req.buyerCookie,
        target: '_top',
        lines: req.lines,
      },
    });
    return { text: 'OK', body: startPageBody(`${deps.origin}/punchout/start?key=${encodeURIComponent(s.key)}`) };
  }
  const o = await api.call(punchout.order, {
    input: {
      ...req.cred,
      type: req.type,
      orderId: req.orderId,
      payloadId: req.payloadId,
      poNumber: req.orderId,
      lines: req.lines,
      shipTo: req.shipTo,
      comments: req.comments,
    },
  });
  return { text: orderAnswerText(o) };
}

/** `POST /punchout/cxml`: one document in, one cXML Response out. */
export async function handleCxml(request: Request, deps: ProtocolDeps): Promise<Response> {
  const now = deps.now();
  let inbound = '';
  try {
    const text = await readBody(request);
    const doc = parseXml(text);
    inbound = doc.attrs.payloadID ?? '';
    const req = readRequest(doc);
    const a = await answer(req, deps);
    deps.log(`[punchout] cxml ${req.kind} from ${req.cred.domain}:${req.cred.identity} -> 200`);
    return xmlResponse(response({ payloadId: payload(now), now, code: 200, text: a.text, body: a.body }));
  } catch (e) {
    const s = statusOf(e);
    if (s.code >= 500) console.error('[punchout] cxml failed:', (e as Error).name, (e as Error).message.slice(0, 200));
    // Only the status and the payload: the document (which carries the SharedSecret) is never written to the log.
    deps.log(`[punchout] cxml refused ${s.code} ${s.text} payload=${inbound.slice(0, 80)}`);
    return xmlResponse(response({ payloadId: payload(now), now, code: s.code, text: s.text }), s.code >= 500 ? 500 : 200);
  }
}

/** The body, refused past the size limit: a Content-Length that says so is not read at all, a longer stream is cut off. */
async function readBody(request: Request): Promise<string> {
  const limit = MAX_DOCUMENT_BYTES * 2;
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw new CxmlStatus(413, '文档过大');
  const type = request.headers.get('content-type') ?? '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  for (let r = await reader?.read(); r && !r.done; r = await reader!.read()) {
    size += r.value.byteLength;
    if (size > limit) {
      await reader!.cancel();
      throw new CxmlStatus(413, '文档过大');
    }
    chunks.push(r.value);
  }
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!type.includes('application/x-www-form-urlencoded') && Buffer.byteLength(raw) > MAX_DOCUMENT_BYTES)
    throw new CxmlStatus(413, '文档过大');
  // Some systems post the document as a form field (cXML-urlencoded / cxml-base64), others as the raw body.
  if (type.includes('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(raw);
    const url = form.get('cXML-urlencoded') ?? form.get('cxml-urlencoded');
    if (url) return url;
    const b64 = form.get('cXML-base64') ?? form.get('cxml-base64');
    if (b64) return Buffer.from(b64, 'base64').toString('utf8');
  }
  return raw;
}

/** OCI's call-in fields, from the query (GET) or the form (POST). */
export function ociParams(url: URL, form: URLSearchParams | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const src of [url.searchParams, form]) for (const [k, v] of src ?? []) out[k.toUpperCase()] = v;
  return out;
}

/** `GET|POST /punchout/oci`: HOOK_URL, ~OkCode=ADDI, ~TARGET, ~CALLER=CTLG, USERNAME and PASSWORD; answers where to start. */
export async function ociSetup(
  p: Record<string, string>,
  deps: ProtocolDeps,
): Promise<{ location: string } | { status: number; text: string }> {
  const hook = p.HOOK_URL ?? '';
  if (!hook || (p['~OKCODE'] ?? 'ADDI') !== 'ADDI' || (p['~CALLER'] ?? 'CTLG') !== 'CTLG')
    return { status: 400, text: '缺少 HOOK_URL，或 ~OkCode/~CALLER 不是 ADDI/CTLG' };
  const target = /^[\w-]{1,64}$/.test(p['~TARGET'] ?? '') ? p['~TARGET']! : '_top';
  try {
    const s = await deps.api.call(punchout.setup, {
      input: {
        identity: p.USERNAME ?? '',
        domain: 'OCI',
        secret: p.PASSWORD ?? '',
        deploymentMode: 'production',
        protocol: 'oci',
        operation: 'create',
        returnUrl: hook,
        buyerCookie: '',
        target,
        lines: [],
      },
    });
    deps.log(`[punchout] oci setup for ${p.USERNAME ?? ''} -> start`);
    return { location: `/punchout/start?key=${encodeURIComponent(s.key)}` };
  } catch (e) {
    const s = statusOf(e);
    deps.log(`[punchout] oci refused ${s.code} ${s.text}`);
    return { status: s.code, text: s.text };
  }
}

const sha256b64 = (s: string) => createHash('sha256').update(s).digest('base64');
const SUBMIT = "document.getElementById('back').submit();";

/**
 * The page that carries the cart back: a form posting to the session's return URL (allowed origins only, checked again
 * here), submitted by a script whose hash is the page's only script permission, with a button for a browser without it.
 */
export function returnPage(cart: ReturnCart, now: number): Response {
  const s = cart.session;
  if (!originAllowed(s.returnUrl, s.organisation.origins)) return new Response('返回地址不在允许范围内', { status: 403 });
  const fields: [string, string][] =
    s.protocol === 'cxml'
      ? [
          [
            'cXML-urlencoded',
            orderMessage({
              payloadId: payload(now),
              now,
              buyer: { domain: s.organisation.domain, identity: s.organisation.identity },
              mode: s.organisation.mode,
              buyerCookie: s.buyerCookie,
              operationAllowed: s.operation === 'inspect' ? 'inspect' : 'edit',
              lines: cart.lines,
            }),
          ],
        ]
      : ociFields(cart.lines);
  const inputs = fields.map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`).join('\n');
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>正在返回采购系统</title></head>
<body><form id="back" method="post" action="${esc(s.returnUrl)}" target="${esc(s.target)}" accept-charset="UTF-8">
${inputs}
<p>正在把购物车（${cart.lines.length} 种商品）送回${esc(s.organisation.system)}…</p><button type="submit">返回采购系统</button></form>
<script>${SUBMIT}</script></body></html>`;
  const returnOrigin = new URL(s.returnUrl).origin;
  const csp = `default-src 'none'; script-src 'sha256-${sha256b64(SUBMIT)}'; form-action ${returnOrigin}; base-uri 'none'; frame-ancestors ${frameAncestors(s.organisation.origins)}`;
  return new Response(html, {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'private, no-store',
      'content-security-policy': csp,
      'referrer-policy': 'no-referrer',
    },
  });
}
