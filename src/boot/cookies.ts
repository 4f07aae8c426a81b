/** Names of the session cookies: the tokens live only in HttpOnly cookies set by the server (docs/architecture.md §5). */
export const ACCESS_COOKIE = 'gas_at';
export const REFRESH_COOKIE = 'gas_rt';
/** Readable display data (name, masked phone, uid): never a credential. */
export const PROFILE_COOKIE = 'gas_user';
/** Tokens of a login still waiting for the privacy notice to be confirmed (HttpOnly, 10 minutes): not a session yet. */
export const PENDING_COOKIE = 'gas_pending';
/**
 * A random id of this browser (HttpOnly, so no script can read or copy it; set at login, kept as long as the refresh cookie):
 * a refreshed pair is shared only with requests carrying it, not with anyone else presenting the same old refresh token.
 */
export const BROWSER_COOKIE = 'gas_bid';
/**
 * The punchout session's id (HttpOnly, docs/punchout.md): set at a punchout's start beside the organisation member's tokens.
 * Cleared with the session cookies, so a sign-out or another sign-in in that browser leaves no procurement-system bar or frame
 * policy on the next member's pages.
 */
export const PUNCHOUT_COOKIE = 'gas_po';
/**
 * The shop's own session put aside while a punchout runs in this browser (HttpOnly, docs/punchout.md "Two sessions, one
 * browser"): the member's token pair and display profile, taken back when the punchout returns, ends or expires.
 */
export const ASIDE_COOKIE = 'gas_aside';
