/**
 * What a buyer types for a gas, brought to one form: CAS numbers (with their check digit), UN numbers, formulas with or
 * without subscripts, full-width characters. Used by the quick-order pad, the goods search's query rewrite and the sandbox.
 *
 * Sources: docs/quick-order.md "Codes": the CAS check digit (cas.org, Check Digit Verification of CAS Registry Numbers:
 * Σ digit × position counted from the right starting at 1 with the digit before the check digit, mod 10; worked example
 * 7732-18-5, water, gives 5), the UN number as four digits after "UN" (the encyclopedia's UN1066 for nitrogen), and
 * formulas as the encyclopedia writes them with Unicode subscripts (N₂, C₂H₂, SF₆).
 */

/** NFKC folds full-width letters, digits and punctuation (Ｎ２，１０) and subscripts (N₂) to ASCII; then one space at most. */
export function foldText(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

/** The check digit a CAS number's leading digits call for (the digits without dashes and without the check digit). */
export function casCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i + 1);
  return sum % 10;
}

/**
 * A CAS registry number in its written form (7727-37-9) when `text` is one, with or without dashes and with a right check
 * digit; else null. The form is 2-7 digits, 2 digits, 1 check digit.
 */
export function normalizeCas(text: string): string | null {
  const t = foldText(text).replace(/^cas\s*(no\.?|号)?\s*[:：]?\s*/i, '');
  const m = /^(\d{2,7})-(\d{2})-(\d)$/.exec(t) ?? /^(\d{2,7})(\d{2})(\d)$/.exec(t);
  if (!m) return null;
  const [, a, b, check] = m as unknown as [string, string, string, string];
  return casCheckDigit(a + b) === Number(check) ? `${a}-${b}-${check}` : null;
}

/** Whether `text` looks like a CAS number (dashes in place) but fails its check digit: a mistyped number, worth saying so. */
export function casMistyped(text: string): boolean {
  const t = foldText(text);
  return /^\d{2,7}-\d{2}-\d$/.test(t) && normalizeCas(t) === null;
}

/**
 * A UN number as UN1066 when `text` is one: "UN1066", "un 1066", "UN-1066"; a bare "1066" only when `bare` allows it (the
 * search does; the quick-order pad reads bare numbers as goods or SKU codes first).
 */
export function normalizeUn(text: string, bare = false): string | null {
  const t = foldText(text);
  const m = /^un\s*-?\s*(\d{4})$/i.exec(t) ?? (bare ? /^(\d{4})$/.exec(t) : null);
  return m ? `UN${m[1]}` : null;
}

/** A formula as typed on a keyboard: N₂ → N2, Ｃ２Ｈ２ → C2H2, "C2 H2" → C2H2; case kept (CO is not Co). */
export function normalizeFormula(text: string): string {
  return foldText(text).replace(/\s+/g, '');
}

/** Whether `text` is shaped like a formula of element symbols and counts (N2, CO2, SiH4, SF6), case kept. */
export const formulaShaped = (text: string): boolean => /^(?:[A-Z][a-z]?\d*){1,6}$/.test(normalizeFormula(text));
