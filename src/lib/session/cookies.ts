/** Names of the session cookies: the tokens live only in HttpOnly cookies set by the server (DESIGN §5). */
export const ACCESS_COOKIE = 'gas_at';
export const REFRESH_COOKIE = 'gas_rt';
/** Readable display data (name, masked phone, uid): never a credential. */
export const PROFILE_COOKIE = 'gas_user';
