/** The member's display data kept in a readable cookie (name, masked phone, uid): what the shortcut bar greets with. */
export interface Profile {
  uid: number;
  /** Masked, e.g. 138****8000. */
  phone: string;
  username: string;
}

/** Parses the cookie value; anything unparsable is no profile (docs/product.md §4: an unparsable user becomes empty). */
export function parseProfile(raw: string | undefined | null): Profile | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(decodeURIComponent(raw)) as Partial<Profile>;
    if (typeof v.uid !== 'number' || typeof v.phone !== 'string') return null;
    return { uid: v.uid, phone: v.phone, username: typeof v.username === 'string' ? v.username : '' };
  } catch {
    return null;
  }
}

/** The cookie value of a profile (URI-encoded JSON), the inverse of parseProfile. */
export const profileCookieValue = (p: Profile): string =>
  encodeURIComponent(JSON.stringify({ uid: p.uid, phone: p.phone, username: p.username }));

/** The greeting name: user name, else the masked phone (docs/product.md §2 top bar). */
export const greetingName = (p: Profile): string => p.username || p.phone;
