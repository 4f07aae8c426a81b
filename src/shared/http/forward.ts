/** Return paths (`forward`) are same-origin paths only; anything else becomes `/` (docs/architecture.md §5, §7). */
export function safeForward(raw: string | null | undefined): string {
  if (!raw) return '/';
  let value = raw.trim();
  // Decode repeatedly so encoded forms (%2f%2f, %5c) are judged as what the browser would follow.
  for (let i = 0; ; i++) {
    try {
      const decoded = decodeURIComponent(value);
      if (decoded === value) break;
      // Encoded more deeply than any real link: whatever is left would decode into slashes on the next reading.
      if (i === 3) return '/';
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
    // Judge the normalised value, which is what the caller navigates to: dot segments (`/.//x`, `/a/..//x`, `/%2e%2e//x`)
    // collapse into a leading `//`, which a browser then reads as another host.
    const out = `${url.pathname}${url.search}${url.hash}`;
    if (/^[/\\]{2}/.test(out)) return '/';
    // And it must read back as itself: a path that normalises again to something else is not trusted either.
    const again = new URL(out, base);
    return again.origin === base.origin && `${again.pathname}${again.search}${again.hash}` === out ? out : '/';
  } catch {
    return '/';
  }
}
