/** The cylinder serial (钢印号) as the shop, its URLs and the sandbox write it: one pattern for the trace page, return requests and certificates. */

/**
 * Two capital letters for the filling plant or owner mark, then eight digits (year, month and a running number), e.g.
 * `SH24050137`. Serials stamped on cylinders vary by maker; the supplier re-marks its fleet to this form, which is also what
 * the cylinder's code (QR or barcode) carries, so one strict pattern keeps guessing and injection out of the URLs.
 */
export const SERIAL_PATTERN = /^[A-Z]{2}[0-9]{8}$/;
export const SERIAL_LENGTH = 10;

/** Whether a string is a well-formed serial; input is trimmed and upper-cased first by `normalizeSerial`. */
export const isSerial = (s: string): boolean => SERIAL_PATTERN.test(s);

/** What a buyer types or a scanner reads (spaces, lower case, a URL ending in the serial) as a serial, or null when it is none. */
export function normalizeSerial(input: string): string | null {
  const tail =
    input
      .trim()
      .split(/[/?#=]/)
      .filter(Boolean)
      .at(-1) ?? '';
  const s = tail.replace(/[\s-]/g, '').toUpperCase();
  return isSerial(s) ? s : null;
}
