/** CSV files buyers open in Excel: UTF-8 with a byte-order mark (so Excel on Chinese Windows reads the Chinese), RFC 4180 quoting, CRLF lines, formula cells defused. One place for the cylinder export and the company statement. */

export const BOM = '\uFEFF';

/** Quotes a field when it holds a comma, quote or line break; a leading =, +, - or @ is prefixed with ' so a spreadsheet never runs it as a formula. */
export function csvField(value: string | number): string {
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Rows as one CSV document, BOM first. */
export const csvDocument = (rows: readonly (readonly (string | number)[])[]): string =>
  BOM + rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
