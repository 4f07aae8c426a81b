/**
 * Account deletion (注销) rules: what stands in the way, the cooling-off period, and which records the law keeps after it.
 *
 * Sources: 《个人信息保护法》(PIPL, in force 2021-11-01) Art. 47 (delete when the service stops or on request; where a law
 * requires keeping, stop every processing but storage and security); GB/T 35273-2020 §8.5 (deletion offered online, no
 * unreasonable conditions, handled promptly); 《会计档案管理办法》(财政部 国家档案局令第79号, 2016) 第十四条 and its
 * 附表一 (会计凭证、会计账簿 kept 30 years); 《中华人民共和国发票管理办法》(2023 revision) 第二十九条 (issued invoices' stubs
 * and registers kept 5 years).
 */
import { chinaWallClock } from '#src/shared/formats/china-time.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The cooling-off period before a deletion request is carried out; signing in during it cancels the request. */
export const COOLING_OFF_DAYS = 15;
export const dueAt = (requestedAt: number): number => requestedAt + COOLING_OFF_DAYS * DAY_MS;

/** What the member still owes or holds, as the domains report it (amounts in fen). */
export interface ClosingFacts {
  /** Cylinders delivered and not yet collected back. */
  cylindersOnHand: number;
  /** Cylinder deposits paid and not refunded (fen). */
  depositsHeld: number;
  /** Order numbers not finished: waiting for payment, approval, shipment or receipt, or in after-sales. */
  openOrders: string[];
  /** After-sales applications still open (applied or accepted, not completed). */
  openAftersales: number;
  /** What the member's company orders still owe on the statement (fen). */
  statementUnpaid: number;
  /** Other members of the company this member administers (the admin role must pass to one of them first). */
  companyOthers: number;
}

export const NO_FACTS: ClosingFacts = {
  cylindersOnHand: 0,
  depositsHeld: 0,
  openOrders: [],
  openAftersales: 0,
  statementUnpaid: 0,
  companyOthers: 0,
};

export type BlockerKind = 'CYLINDERS' | 'DEPOSITS' | 'ORDERS' | 'AFTERSALES' | 'STATEMENT' | 'COMPANY_ADMIN';
export interface Blocker {
  kind: BlockerKind;
  message: string;
  /** Where the member settles it. */
  link: string;
  linkText: string;
}

const yuan = (fen: number): string => (fen / 100).toFixed(2);

/** Every blocker, in the order a member settles them; empty when the account can be deleted. */
export function deletionBlockers(f: ClosingFacts): Blocker[] {
  const out: Blocker[] = [];
  if (f.cylindersOnHand > 0)
    out.push({
      kind: 'CYLINDERS',
      message: `您还有 ${f.cylindersOnHand} 只钢瓶在用，请先申请回收`,
      link: '/member/my-cylinders',
      linkText: '去归还钢瓶',
    });
  if (f.depositsHeld > 0)
    out.push({
      kind: 'DEPOSITS',
      message: `您还有 ¥${yuan(f.depositsHeld)} 钢瓶押金未退还，钢瓶回收入库后退还`,
      link: '/member/my-cylinders/returns',
      linkText: '查看回收进度',
    });
  if (f.openOrders.length > 0) {
    const shown = f.openOrders.slice(0, 3).join('、');
    const more = f.openOrders.length > 3 ? ` 等 ${f.openOrders.length} 个` : '';
    out.push({
      kind: 'ORDERS',
      message: `您有未完成的订单（${shown}${more}），请完成或取消后再注销`,
      link: '/member/my-order',
      linkText: '查看订单',
    });
  }
  if (f.openAftersales > 0)
    out.push({
      kind: 'AFTERSALES',
      message: `您有 ${f.openAftersales} 个售后申请尚未处理完毕`,
      link: '/member/my-aftersales',
      linkText: '查看售后',
    });
  if (f.statementUnpaid > 0)
    out.push({
      kind: 'STATEMENT',
      message: `您的企业对账单还有 ¥${yuan(f.statementUnpaid)} 未结清`,
      link: '/member/my-statement',
      linkText: '查看对账单',
    });
  if (f.companyOthers > 0)
    out.push({
      kind: 'COMPANY_ADMIN',
      message: `您是企业账户的管理员，企业还有 ${f.companyOthers} 名成员，请先将管理员移交给其他成员`,
      link: '/member/my-company',
      linkText: '移交管理员',
    });
  return out;
}

/** Adds one domain's facts to the others' (each domain reports only its own part). */
export function mergeFacts(a: ClosingFacts, b: Partial<ClosingFacts>): ClosingFacts {
  return {
    cylindersOnHand: a.cylindersOnHand + (b.cylindersOnHand ?? 0),
    depositsHeld: a.depositsHeld + (b.depositsHeld ?? 0),
    openOrders: [...a.openOrders, ...(b.openOrders ?? [])],
    openAftersales: a.openAftersales + (b.openAftersales ?? 0),
    statementUnpaid: a.statementUnpaid + (b.statementUnpaid ?? 0),
    companyOthers: a.companyOthers + (b.companyOthers ?? 0),
  };
}

/** What the member loses, stated before they confirm. */
export const CONSEQUENCES: readonly string[] = [
  '账户注销后无法登录，手机号、姓名、收货地址、发票抬头、企业资料、上传的文件、登录记录和站内信将被删除或不可逆地去标识化。',
  '未使用的优惠券和积分将作废，质量证书（COA）的在线查阅权限同时失效。',
  '订单与发票记录依法保留（会计凭证 30 年、发票存根 5 年），但不再包含您的手机号、姓名和地址。',
  `提交后有 ${COOLING_OFF_DAYS} 天冷静期：期间重新登录即撤销注销申请；期满后注销不可恢复。`,
];

/** A record the law keeps after deletion: which, why, how long, and what of it is de-identified. */
export interface RetentionRule {
  record: string;
  tables: readonly string[];
  years: number;
  basis: string;
  kept: string;
}

export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    record: '订单（会计凭证的原始单据）及其金额、商品明细',
    tables: ['orders', 'order_lines', 'order_logs', 'company_orders', 'after_sales'],
    years: 30,
    // 《会计档案管理办法》第十四条 with 附表一: 原始凭证、记账凭证 30 年；总账、明细账、日记账 30 年.
    basis: '《会计档案管理办法》（财政部 国家档案局令第79号）第十四条及附表一：会计凭证、会计账簿保管期限 30 年',
    kept: '订单号、金额、商品、时间；收货人姓名、电话、地址改为“已注销”',
  },
  {
    record: '发票及开票记录',
    tables: ['invoices', 'company_invoices'],
    years: 5,
    basis: '《中华人民共和国发票管理办法》第二十九条：已经开具的发票存根联和发票登记簿应当保存 5 年',
    kept: '发票抬头、税号、金额（发票本身载明的内容）；不含手机号、姓名、地址',
  },
  {
    record: '钢瓶押金与租金台账（会计账簿的明细）',
    tables: ['cylinder_ledger', 'cylinder_holdings'],
    years: 30,
    basis: '《会计档案管理办法》第十四条及附表一：明细账保管期限 30 年',
    kept: '钢瓶号、金额、时间；不含个人身份信息',
  },
];

/** The day a kept record may be destroyed: `years` after the end of the year it was made in (会计档案管理办法第十五条: 保管期限从会计年度终了后的第一天算起). */
export function keptUntil(madeAt: number, years: number): string {
  const y = chinaWallClock(madeAt).getUTCFullYear();
  return `${y + years + 1}-01-01`;
}
