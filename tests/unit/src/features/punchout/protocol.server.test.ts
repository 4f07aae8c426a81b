import { beforeEach, describe, expect, it } from 'vitest';
import { handleCxml, ociSetup, returnPage, type ProtocolDeps } from '#src/features/punchout/protocol.server.ts';
import { parseXml, pick, textOf } from '#src/features/punchout/xml.ts';
import { punchout } from '#src/shared/api/contract/punchout.ts';
import { useSandbox } from '#tests/support/sandbox.ts';
import { orderMessageProblems } from '#tests/support/cxml-dtd.ts';

const START = Date.parse('2026-03-18T02:00:00Z');
let clock = START;
const { client, sandbox, hook } = useSandbox(() => clock);
let logged: string[] = [];
const deps = (): ProtocolDeps => ({ api: client(), origin: 'http://127.0.0.1:4321', now: () => clock, log: (l) => logged.push(l) });
beforeEach(() => {
  clock = START;
  logged = [];
  sandbox().authenticate((t) => ({ p: 6 })[t] ?? null);
});

const SECRET = 'punchout-demo-secret';
const doc = (body: string, secret = SECRET, mode = 'test') => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd">
<cXML payloadID="t-1@buyer" timestamp="2026-03-18T10:00:00+08:00"><Header>
<From><Credential domain="NetworkID"><Identity>AN01000000001</Identity></Credential></From>
<To><Credential domain="NetworkID"><Identity>HUAQI</Identity></Credential></To>
<Sender><Credential domain="NetworkID"><Identity>AN01000000001</Identity><SharedSecret>${secret}</SharedSecret></Credential><UserAgent>test</UserAgent></Sender>
</Header><Request deploymentMode="${mode}">${body}</Request></cXML>`;
const setup = (op = 'create', returnUrl = 'http://localhost:6000/__sandbox/punchout/return', items = '') =>
  `<PunchOutSetupRequest operation="${op}"><BuyerCookie>c-42</BuyerCookie><BrowserFormPost><URL>${returnUrl}</URL></BrowserFormPost>${items}</PunchOutSetupRequest>`;
const post = (xml: string, type = 'text/xml') =>
  new Request('http://127.0.0.1:4321/punchout/cxml', { method: 'POST', body: xml, headers: { 'content-type': type } });
async function status(xml: string, type?: string) {
  const res = await handleCxml(post(xml, type), deps());
  const answer = parseXml(await res.text());
  const s = pick(answer, 'Response/Status')!;
  return { http: res.status, code: Number(s.attrs.code), text: s.attrs.text ?? '', answer };
}

describe('POST /punchout/cxml', () => {
  it('answers a setup with a one-time StartPage, and a ProfileRequest with the transactions', async () => {
    const r = await status(doc(setup()));
    expect(r.code).toBe(200);
    expect(textOf(r.answer, 'Response/PunchOutSetupResponse/StartPage/URL')).toMatch(
      /^http:\/\/127\.0\.0\.1:4321\/punchout\/start\?key=[\w-]{40,}$/,
    );
    const p = await status(doc('<ProfileRequest/>'));
    expect(p.code).toBe(200);
    expect(pick(p.answer, 'Response/ProfileResponse')!.children.map((t) => t.attrs.requestName)).toEqual([
      'ProfileRequest',
      'PunchOutSetupRequest',
      'OrderRequest',
    ]);
  });

  it('takes the document as the cXML-urlencoded form field too', async () => {
    const r = await status(new URLSearchParams({ 'cXML-urlencoded': doc(setup()) }).toString(), 'application/x-www-form-urlencoded');
    expect(r.code).toBe(200);
  });

  it('refuses a wrong secret (401), another deployment mode and a return URL outside the allowed origins (403), and logs no secret', async () => {
    expect((await status(doc(setup(), 'wrong-secret-123'))).code).toBe(401);
    expect((await status(doc(setup(), SECRET, 'production'))).code).toBe(403);
    const far = await status(doc(setup('create', 'https://evil.example/steal')));
    expect(far).toMatchObject({ code: 403, text: '返回地址不在允许范围内' });
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('\n')).not.toContain(SECRET);
    expect(logged.join('\n')).not.toContain('wrong-secret-123');
  });

  it('refuses an XML bomb and an external entity with status 400, reading nothing they declare', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><cXML>&lol3;</cXML>`;
    const xxe = `<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><cXML payloadID="x" timestamp="t">&xxe;</cXML>`;
    const undeclared = `<?xml version="1.0"?><cXML payloadID="x" timestamp="t">&xxe;</cXML>`;
    for (const x of [bomb, xxe, undeclared]) {
      const r = await status(x);
      expect(r.code).toBe(400);
      expect(r.text).not.toContain('root:');
    }
    expect((await status('x'.repeat(300 * 1024))).code).toBe(413);
    expect((await status('<cXML><unclosed></cXML>')).code).toBe(400);
  });

  it('creates one order per orderID with the PO number, updates and deletes it', async () => {
    const order = (type: string, payload: string, qty = 2) =>
      doc(
        `<OrderRequest><OrderRequestHeader orderID="PO-77" orderDate="2026-03-18T10:00:00+08:00" type="${type}"><Total><Money currency="CNY">1</Money></Total><BillTo><Address><Name xml:lang="zh">X</Name></Address></BillTo></OrderRequestHeader>` +
          `<ItemOut quantity="${qty}" lineNumber="1"><ItemID><SupplierPartID>100101</SupplierPartID></ItemID></ItemOut></OrderRequest>`,
      ).replace('t-1@buyer', payload);
    expect((await status(order('new', 'o1'))).code).toBe(200);
    expect((await status(order('new', 'o1'))).text).toContain('未变化');
    expect((await status(order('update', 'o2', 3))).code).toBe(200);
    expect((await status(order('delete', 'o3'))).code).toBe(200);
    const n = sandbox().db.get<{ n: number }>("SELECT COUNT(*) AS n FROM company_orders WHERE po_number = 'PO-77'")!.n;
    expect(n).toBe(2);
  });
});

describe('the cart going back', () => {
  it('is a PunchOutOrderMessage that meets the DTD rules, with the BuyerCookie, agreed price, unit and UNSPSC, and no secret', async () => {
    const { key } = await client().call(punchout.setup, {
      input: {
        identity: 'AN01000000001',
        domain: 'NetworkID',
        secret: SECRET,
        deploymentMode: 'test',
        protocol: 'cxml',
        operation: 'edit',
        returnUrl: 'http://localhost:6000/r',
        buyerCookie: 'c-42',
        target: '_top',
        lines: [{ skuId: 100101, num: 2 }],
      },
    });
    const { session } = await client().call(punchout.start, { input: { key } });
    const cart = await client(() => 'p').call(punchout.cart, { input: { session: session.id } });
    const res = returnPage(cart, clock);
    expect(res.headers.get('content-security-policy')).toContain('form-action http://localhost:6000');
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors http://127.0.0.1:* http://localhost:*');
    const html = await res.text();
    const value = /name="cXML-urlencoded" value="([^"]*)"/
      .exec(html)![1]!
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
    expect(orderMessageProblems(value)).toEqual([]);
    const m = parseXml(value);
    expect(textOf(m, 'Message/PunchOutOrderMessage/BuyerCookie')).toBe('c-42');
    const item = pick(m, 'Message/PunchOutOrderMessage/ItemIn')!;
    expect(textOf(item, 'ItemID/SupplierPartID')).toBe('100101');
    expect(textOf(item, 'ItemDetail/UnitPrice/Money')).toBe('165.00');
    expect(textOf(item, 'ItemDetail/UnitOfMeasure')).toBe('EA');
    expect(textOf(item, 'ItemDetail/Classification')).toBe('12140000');
    expect(value).not.toContain(SECRET);
  });

  it('refuses to post to a return URL the organisation no longer allows', async () => {
    const res = returnPage(
      {
        session: {
          id: 'x',
          protocol: 'oci',
          operation: 'create',
          returnUrl: 'https://evil.example/',
          buyerCookie: '',
          target: '_top',
          expiresAt: 0,
          organisation: { id: 1, name: 'n', identity: 'i', domain: 'd', system: 's', mode: 'test', origins: ['http://localhost:*'] },
        },
        lines: [],
      },
      clock,
    );
    expect(res.status).toBe(403);
  });
});

describe('OCI call-in', () => {
  it('opens a session for the OCI user and refuses a wrong password or a foreign HOOK_URL, logging no password', async () => {
    const base = {
      HOOK_URL: 'http://localhost:6000/__sandbox/punchout/oci-return',
      '~OKCODE': 'ADDI',
      '~TARGET': '_top',
      '~CALLER': 'CTLG',
      USERNAME: 'oci-demo',
    };
    expect(await ociSetup({ ...base, PASSWORD: 'oci-demo-pass' }, deps())).toMatchObject({
      location: expect.stringMatching(/^\/punchout\/start\?key=/),
    });
    expect(await ociSetup({ ...base, PASSWORD: 'nope-nope' }, deps())).toMatchObject({ status: 401 });
    expect(await ociSetup({ ...base, PASSWORD: 'oci-demo-pass', HOOK_URL: 'https://evil.example/' }, deps())).toMatchObject({
      status: 403,
    });
    expect(logged.join('\n')).not.toMatch(/oci-demo-pass|nope-nope/);
  });

  it('answers 404 through the backend with punchout_part off', async () => {
    await hook('/view-control', { viewName: 'punchout_part', isShow: 0 });
    expect((await status(doc(setup()))).code).toBe(404);
  });
});
