/** Who an on-demand private page acts for: the member's access token from the HttpOnly cookie, and the private no-store rule (docs/architecture.md §4, §5). */
import type { AstroCookies } from 'astro';
import { ACCESS_COOKIE } from '#src/boot/cookies.ts';

/** Private pages are never stored by a browser or a CDN. */
export const PRIVATE_CACHE = 'private, no-store';

/** The member's access token, or null for a visitor (an empty cookie is no session, docs/product.md §6). */
export function memberToken(cookies: AstroCookies): string | null {
  const token = cookies.get(ACCESS_COOKIE)?.value?.trim();
  return token ? token : null;
}
