/**
 * The check character of the 统一社会信用代码 (unified social credit code), GB 32100-2015 法人和其他组织统一社会信用代码编码
 * 规则, as docs/invoices.md "统一社会信用代码" sets it out with its sources and worked example.
 *
 * 18 characters from a 31-character set (digits and capitals without I, O, S, V, Z); the 18th is the check character. A code
 * that fails the check is warned about, never refused: some early pilot codes are real and fail it (docs/invoices.md).
 */

/** The code's character set in value order: 0-9 are worth 0-9, A is worth 10 ... Y 30. */
const CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** Weight of position i (from 1): 3^(i-1) mod 31. */
const WEIGHTS = Array.from({ length: 17 }, (_, i) => 3 ** i % 31);

/** The check character the first 17 characters call for; null when one of them is outside the code's set. */
export function usccCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CHARS.indexOf(first17[i]);
    if (value < 0) return null;
    sum += value * WEIGHTS[i];
  }
  return CHARS[(31 - (sum % 31)) % 31];
}

/** What the check says about a tax number as typed (trimmed, capitalised); only an 18-character one is a credit code. */
export type UsccVerdict = { kind: 'not-a-credit-code' } | { kind: 'ok' } | { kind: 'bad-char' } | { kind: 'check-fails'; expected: string };

export function checkUscc(typed: string): UsccVerdict {
  const code = typed.trim().toUpperCase();
  if (code.length !== 18) return { kind: 'not-a-credit-code' };
  const expected = usccCheckChar(code.slice(0, 17));
  if (expected === null || !CHARS.includes(code[17])) return { kind: 'bad-char' };
  return expected === code[17] ? { kind: 'ok' } : { kind: 'check-fails', expected };
}

/** The warning a form shows under the tax number, or null when there is nothing to warn about. */
export function usccWarning(typed: string): string | null {
  const verdict = checkUscc(typed);
  if (verdict.kind === 'bad-char') return '统一社会信用代码不含字母 I、O、S、V、Z，请核对是否输错';
  if (verdict.kind === 'check-fails')
    return `统一社会信用代码校验位不符（按前 17 位第 18 位应为 ${verdict.expected}），请对照营业执照核对；确认无误可继续提交`;
  return null;
}
