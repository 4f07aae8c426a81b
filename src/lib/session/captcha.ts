/** Where the login form gets its image code: the contract's `common.captcha` through the proxy, named apart so the dialog need not load the whole contract. */
import { proxyUrl } from '../api/proxy-path.ts';

export const CAPTCHA_URL = proxyUrl({ base: 'base', path: '/code' });
