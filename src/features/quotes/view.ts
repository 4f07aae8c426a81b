/** How the member centre shows a quote's state: the badge tone of each status (the member acts on 已报价, waits on 已提交/报价中). */
import type { QuoteStatus } from '#src/shared/api/contract/quotes.ts';
import type { Tone } from '#src/features/member/format.ts';

export const QUOTE_TONE: Record<QuoteStatus, Tone> = {
  SUBMITTED: 'info',
  QUOTING: 'info',
  QUOTED: 'warn',
  ACCEPTED: 'ok',
  CLOSED: 'muted',
  EXPIRED: 'danger',
};
