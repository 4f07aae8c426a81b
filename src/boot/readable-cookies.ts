/** Reading and writing readable (non-credential) cookies from a `document.cookie` string. */
export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) return rest.join('=');
  }
  return null;
}

export interface CookieOptions {
  expires?: Date;
  maxAgeSeconds?: number;
  path?: string;
}

/** A `document.cookie` assignment; SameSite=Lax always, Secure when the page is https. */
export function cookieString(name: string, value: string, opts: CookieOptions = {}, secure = false): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `path=${opts.path ?? '/'}`, 'SameSite=Lax'];
  if (opts.expires) parts.push(`expires=${opts.expires.toUTCString()}`);
  if (opts.maxAgeSeconds !== undefined) parts.push(`max-age=${opts.maxAgeSeconds}`);
  if (secure) parts.push('Secure');
  return parts.join('; ');
}
