/** Contract samples of the punchout calls (an extension of the supplier's API): credential-authenticated, the cart by the session's member. */
import { expect } from 'vitest';
import { punchout } from '#src/shared/api/contract/punchout.ts';
import { sample, type Harness, type Sample } from '../harness.ts';

const cred = { identity: 'AN01000000001', domain: 'NetworkID', secret: 'punchout-demo-secret', deploymentMode: 'test' as const };
const setupInput = {
  ...cred,
  protocol: 'cxml' as const,
  operation: 'edit' as const,
  returnUrl: 'http://localhost:4321/return',
  buyerCookie: 'contract-cookie',
  target: '_top',
  lines: [{ skuId: 100101, num: 2 }],
};
const keyOf = async (h: Harness) => (await (await h.client('guest')).call(punchout.setup, { input: setupInput })).key;

export const samples: Sample[] = [
  sample({ endpoint: punchout.verify, prepare: () => ({ input: cred }), check: (d) => expect(d.identity).toBe('AN01000000001') }),
  sample({ endpoint: punchout.setup, prepare: () => ({ input: setupInput }), check: (d) => expect(d.key.length).toBeGreaterThan(40) }),
  sample({
    endpoint: punchout.start,
    prepare: async (h) => ({ input: { key: await keyOf(h) } }),
    check: (d) => expect(d.session.buyerCookie).toBe('contract-cookie'),
  }),
  sample({
    endpoint: punchout.cart,
    as: 'member',
    // The demo member stands in for the organisation's member here, so the harness's member client may ask for the cart.
    prepare: async (h) => {
      h.sandbox().db.run('UPDATE punchout_orgs SET member_uid = 1 WHERE id = 1');
      const started = await (await h.client('guest')).call(punchout.start, { input: { key: await keyOf(h) } });
      return { input: { session: started.session.id } };
    },
    check: (d) => expect(d.lines).toEqual([expect.objectContaining({ skuId: 100101, num: 2, unitFen: 16_500 })]),
  }),
  sample({
    endpoint: punchout.order,
    prepare: () => ({
      input: {
        ...cred,
        type: 'new' as const,
        orderId: 'PO-C-1',
        payloadId: 'c1',
        poNumber: 'PO-C-1',
        lines: [{ skuId: 100101, num: 1 }],
        shipTo: null,
        comments: '',
      },
    }),
    check: (d) => expect(d.changed).toBe(true),
  }),
];
