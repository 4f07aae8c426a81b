/** Where the login form gets its image code: the one place that names the path of the contract's `common.captcha`, so the dialog need not load the whole contract to reach it. */
import { proxyUrl } from '#src/boot/proxy-path.ts';

/** The captcha's base and path on the supplier's API (contract/common.ts builds its endpoint from it). */
export const CAPTCHA_PATH = { base: 'base', path: '/code' } as const;

export const CAPTCHA_URL = proxyUrl(CAPTCHA_PATH);
