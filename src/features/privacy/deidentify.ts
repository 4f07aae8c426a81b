/**
 * De-identification of a deleted member's records (PIPL Art. 47, Art. 73(4): 去标识化 / 匿名化). Records the law keeps
 * (rules.ts RETENTION_RULES) stay, stripped of the phone, name and address; everything else is deleted by its domain. Pure
 * functions on a row's JSON, so every domain's scrubbing is unit-tested here and the domains only read and write rows.
 */

/** What stands where a name was. */
export const ERASED_NAME = '已注销用户';
/** What stands where a phone, an address or free text was. */
export const ERASED = '';

export interface Consignee {
  name: string;
  phone: string;
  regionText: string;
  detail: string;
}
export const erasedConsignee = (): Consignee => ({ name: ERASED_NAME, phone: ERASED, regionText: ERASED, detail: ERASED });

/**
 * An order kept as an accounting voucher: amounts, lines and times stay; the consignee, the remark and the bank-transfer
 * slip (a picture that may show a name or account) go. The invoice title and tax number stay: the invoice itself states them.
 */
export function scrubOrder<
  T extends { address: Consignee; remark: string; transfer?: { slipUrl: string; slipName: string; submittedAt: number } | null },
>(o: T): T {
  return {
    ...o,
    address: erasedConsignee(),
    remark: ERASED,
    ...(o.transfer ? { transfer: { slipUrl: ERASED, slipName: ERASED, submittedAt: o.transfer.submittedAt } } : {}),
  };
}

/** An after-sales record kept with its order: what was returned and refunded stays; the member's description and photos go. */
export function scrubAfterSale<T extends { description?: string; images: string[] }>(a: T): T {
  return { ...a, description: ERASED, images: [] };
}

/** A cylinder return kept for the deposit ledger: the pick-up address and remark go. */
export function scrubCylinderReturn<T extends { address: Consignee; remark: string }>(r: T): T {
  return { ...r, address: erasedConsignee(), remark: ERASED };
}

/** A quote request kept because an order may refer to it: contact, site address, messages' text go; the lines and prices stay. */
export function scrubQuote(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) out[k] = PERSONAL_KEYS.test(k) ? blank(v) : v;
  return out;
}

/** Keys of a JSON record that hold personal data whatever the domain calls them. */
export const PERSONAL_KEYS =
  /^(name|contact|contactName|contactPhone|phone|mobile|tel|email|address|detail|regionText|site|siteAddress|remark|note|description|content|attachments|images|idCard|legalPerson|avatar|birthday)$/i;

function blank(v: unknown): unknown {
  if (typeof v === 'string') return ERASED;
  if (typeof v === 'number') return 0;
  if (Array.isArray(v)) return [];
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).map((k) => [k, blank((v as Record<string, unknown>)[k])]));
  return v;
}

/**
 * The last net: every occurrence of the member's own literals (phone, e-mail, name) in a text is replaced, so a copy of them
 * that some record embedded in free text (a log note, a message) does not survive. Literals shorter than 4 characters are
 * left alone (they would hit unrelated text).
 */
export function scrubLiterals(text: string, literals: readonly string[]): string {
  let out = text;
  for (const l of literals) if (l.length >= 4) out = out.split(l).join(l === ERASED_NAME ? l : '***');
  return out;
}
