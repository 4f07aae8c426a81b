/** Return paths (`forward`) are same-origin paths only; anything else becomes `/` (docs/architecture.md §5, §7). */
export function safeForward(raw: string | null | undefined): string {
  if (!raw) return '/';
  let value = raw.trim();
  // Decode repeatedly so encoded forms (%2f%2f, %5c) are judged as what the browser would follow.
  for (let i = 0; i < 3; i++) {
    try {
      const decoded = decodeURIComponent(value);
      if (decoded === value) break;
      value = decoded;
    } catch {
      return '/';
    }
  }
  if (!value.startsWith('/') || value.startsWith('//')) return '/';
  // Backslashes, control characters and whitespace can turn a path into a host in some browsers.
  if (/[\\\u0000-\u001f\u007f\s]/.test(value)) return '/';
  // Fullwidth solidus and friends normalise to '/' in URL parsers.
  if (/[\uff0f\uff3c\u2215\u2044]/.test(value)) return '/';
  try {
    const base = new URL('http://same.origin');
    const url = new URL(value, base);
    if (url.origin !== base.origin) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
