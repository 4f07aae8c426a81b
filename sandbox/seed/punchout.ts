/**
 * Seed of punchout (docs/punchout.md): the demo company's buyer organisation, as its procurement system is set up in
 * development. Secrets are in clear here because they are documented demo credentials; the seed stores only their hashes.
 */

/** The member the organisation's sessions and orders act as, made on first use: a buyer of the demo company (13800138000's), signing in by punchout only. */
export const PUNCHOUT_MEMBER = { phone: '13600000060', username: '苏州华芯采购系统（punchout）' } as const;

export const demoOrganisation = {
  id: 1,
  name: '苏州华芯微电子材料有限公司',
  system: 'SAP Ariba（演示）',
  identity: 'AN01000000001',
  domain: 'NetworkID',
  cxmlSecret: 'punchout-demo-secret',
  ociUser: 'oci-demo',
  ociPassword: 'oci-demo-pass',
  ownerUid: 1,
  mode: 'test' as const,
  // Development only: the tester in the sandbox and a local procurement system, on any port.
  origins: ['http://127.0.0.1:*', 'http://localhost:*'],
  /** Where the seeded member's orders go unless the OrderRequest names a ShipTo. */
  address: { name: '王工', regionText: '江苏省 苏州市 工业园区', detail: '星湖街 328 号 华芯微电子 3 号门仓库' },
};
