/** Walks every endpoint of the contract against the sandbox: each has a sample, and each sample's answer passes its schema. */
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '#src/shared/api/contract/registry.ts';
import type { Api } from '#src/shared/api/client.ts';
import { memberToken, DEMO_MEMBER, DEMO_MEMBER_NO_COMPANY } from '#tests/support/member.ts';
import { SANDBOX_ORIGIN, useSandbox } from '#tests/support/sandbox.ts';
import { fillPath } from '#src/shared/api/contract/core.ts';
import type { Harness, Sample } from '#tests/support/contract/harness.ts';
import { samples as auth } from '#tests/support/contract/samples/auth.ts';
import { samples as certificates } from '#tests/support/contract/samples/certificates.ts';
import { samples as company } from '#tests/support/contract/samples/company.ts';
import { samples as compliance } from '#tests/support/contract/samples/compliance.ts';
import { samples as cylinders } from '#tests/support/contract/samples/cylinders.ts';
import { samples as delivery } from '#tests/support/contract/samples/delivery.ts';
import { samples as cart } from '#tests/support/contract/samples/cart.ts';
import { samples as catalog } from '#tests/support/contract/samples/catalog.ts';
import { samples as common } from '#tests/support/contract/samples/common.ts';
import { samples as content } from '#tests/support/contract/samples/content.ts';
import { samples as credit } from '#tests/support/contract/samples/credit.ts';
import { samples as member } from '#tests/support/contract/samples/member.ts';
import { samples as order } from '#tests/support/contract/samples/order.ts';
import { samples as quotes } from '#tests/support/contract/samples/quotes.ts';
import { samples as site } from '#tests/support/contract/samples/site.ts';
import { samples as standing } from '#tests/support/contract/samples/standing.ts';
import { samples as tanks } from '#tests/support/contract/samples/tanks.ts';
import { samples as privacy } from '#tests/support/contract/samples/privacy.ts';
import { samples as preview } from '#tests/support/contract/samples/preview.ts';
import { samples as einvoice } from '#tests/support/contract/samples/einvoice.ts';
import { samples as prices } from '#tests/support/contract/samples/prices.ts';
import { samples as quick } from '#tests/support/contract/samples/quick.ts';
import { samples as punchout } from '#tests/support/contract/samples/punchout.ts';

const all: Sample[] = [
  ...site,
  ...catalog,
  ...common,
  ...auth,
  ...content,
  ...cart,
  ...order,
  ...member,
  ...quotes,
  ...cylinders,
  ...certificates,
  ...company,
  ...compliance,
  ...standing,
  ...tanks,
  ...delivery,
  ...credit,
  ...privacy,
  ...preview,
  ...einvoice,
  ...prices,
  ...quick,
  ...punchout,
];
const box = useSandbox();

const harness: Harness = {
  sandbox: box.sandbox,
  raw: box.raw,
  async client(who = 'guest'): Promise<Api> {
    if (who === 'guest') return box.client();
    const token = await tokenOf(who);
    return box.client(() => token);
  },
};

function tokenOf(who: 'member' | 'member2'): Promise<string> {
  const m = who === 'member' ? DEMO_MEMBER : DEMO_MEMBER_NO_COMPANY;
  return memberToken(box.client(), box.raw, m.phone, m.password);
}

/** Calls an endpoint that answers a file (not a JSON envelope) as the shop does: a plain GET with the member's bearer token. */
async function fetchFile(s: Sample, options: { params?: Record<string, string> }): Promise<Response> {
  const headers: Record<string, string> = s.as && s.as !== 'guest' ? { authorization: `Bearer ${await tokenOf(s.as)}` } : {};
  return fetch(`${SANDBOX_ORIGIN}${fillPath(s.endpoint.path, options.params ?? {})}`, { headers });
}

describe('contract', () => {
  it('has endpoints with unique names and unique method + path', () => {
    const names = allEndpoints.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    const routes = allEndpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('has a sample for every endpoint', () => {
    const covered = new Set(all.map((s) => s.endpoint.name));
    expect(allEndpoints.map((e) => e.name).filter((n) => !covered.has(n))).toEqual([]);
  });

  it.each(all.map((s, i) => [`${s.endpoint.name}#${i}`, s] as const))('%s answers per its schema', async (_, s) => {
    const api = await harness.client(s.as);
    const options = (await s.prepare?.(harness)) ?? {};
    const before = box.sandbox().calls.get(s.endpoint.name) ?? 0;
    if (s.file) {
      const res = await fetchFile(s, options as { params?: Record<string, string> });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(s.file);
      expect(box.sandbox().calls.get(s.endpoint.name)).toBe(before + 1);
      s.check?.((await res.arrayBuffer()) as never);
      return;
    }
    const data = await api.call(s.endpoint, options);
    expect(box.sandbox().calls.get(s.endpoint.name)).toBe(before + 1);
    s.check?.(data as never);
  });
});
