/**
 * Seed of quick order's purchase lists (docs/quick-order.md): the second company (苏州启明激光科技有限公司, account 900 of
 * 13711110001) gains a lab member, 13711110002, who uses the company's lists without editing them, and one list its buyer
 * saved: a laser lab's monthly gases, one line of a goods the catalogue no longer sells.
 */
import { SECOND_COMPANY } from './prices.ts';

/** The lab member of the second company: a role that neither edits lists nor sees agreed prices. */
export const QUICK_MEMBER = { uid: 5, companyId: SECOND_COMPANY.accountId, roles: ['APPROVER'] } as const;

/** The second company's purchase list, saved by its buyer. */
export const listSeed = {
  ownerUid: SECOND_COMPANY.ownerUid,
  name: '激光实验室月度用气',
  lines: [
    { skuId: 100201, qty: 2 },
    { skuId: 103601, qty: 1 },
    // 钢瓶集装格 16 瓶组（旧款焊接框架）, delisted in the catalogue's seed: the list shows it as no longer sold.
    { skuId: 107101, qty: 1 },
  ],
};
