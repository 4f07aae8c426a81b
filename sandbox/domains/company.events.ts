/** The events the company domain (company.ts) emits; app.ts composes every domain's events into `SandboxEvents`. */
import type { Db } from '../db.ts';

export interface CompanyEvents {
  /**
   * A company's monthly statement is being drawn up (the company domain): a listener adds lines of its own for the month's
   * window [from, to) and the company's members (`uids`), e.g. the cylinder domain's rent and deposits (kinds CYLINDER_RENT,
   * CYLINDER_DEPOSIT; amounts in cents).
   */
  'statement.collecting': { db: Db; now: number; uids: number[]; from: number; to: number; lines: StatementLineRec[] };
}

/** A statement line as a listener adds it: like the contract's StatementLine, amount in cents. */
export interface StatementLineRec {
  kind: 'ORDER' | 'PAYMENT' | 'REFUND' | 'CYLINDER_RENT' | 'CYLINDER_DEPOSIT';
  time: number;
  sn: string;
  uid: number;
  poNumber: string;
  costCentre: string;
  amount: number;
  note: string;
}
