/**
 * Seed of quick order's purchase lists (docs/quick-order.md): the second company (苏州启明激光科技有限公司, account 900 of
 * 13711110001) gains a lab member, 13711110002, who uses the company's lists without editing them, and one list its buyer
 * saved: a laser lab's monthly gases (SKUs of the catalogue, one of them of a goods the e2e delists).
 */
import { SECOND_COMPANY } from './prices.ts';

/** The lab member of the second company: a role that neither edits lists nor sees agreed prices. */
export const QUICK_MEMBER = { uid: 4, companyId: SECOND_COMPANY.accountId, roles: ['APPROVER'] } as const;

/** The second company's purchase list, saved by its buyer. */
export const listSeed = {
  ownerUid: SECOND_COMPANY.ownerUid,
  name: '激光实验室月度用气',
  lines: [
    { skuId: 100201, qty: 2 },
    { skuId: 100301, qty: 1 },
    { skuId: 100101, qty: 4 },
  ],
};
