/**
 * e2e access to the sandbox API started by the web server: its data through the API, its test hooks, and a member's login.
 * The calls are scripts/lib/sandbox-client.ts's (the benchmarks use them too); here they go to the sandbox of the running
 * test's site.
 */
import { test, type BrowserContext } from './fixtures.ts';
import { E2E_SITES, MAIN_SITE } from '#scripts/lib/e2e-sites.ts';
import * as client from '#scripts/lib/sandbox-client.ts';

/** The sandbox behind the site the running test's project serves (the serial specs have a site of their own); outside a test, the main e2e site's. */
export function sandboxUrl(): string {
  let baseURL: string | undefined;
  try {
    baseURL = test.info().project.use.baseURL;
  } catch {
    return MAIN_SITE.sandboxUrl;
  }
  return (E2E_SITES.find((s) => s.baseURL === baseURL) ?? MAIN_SITE).sandboxUrl;
}

export const sandboxGet = <T>(path: string, token?: string): Promise<T> => client.sandboxGet<T>(sandboxUrl(), path, token);

export const sandboxPost = <T>(path: string, data: unknown, token?: string): Promise<T> =>
  client.sandboxPost<T>(sandboxUrl(), path, data, token);

/** Opens or closes the site through the sandbox hook. */
export const setSite = (siteon: 0 | 1, close_reson = '') => sandboxPost('/__sandbox/site', { siteon, close_reson });

/** Logs a member in against the sandbox the way the shop's login does: image captcha and RSA-encrypted credentials. */
export const loginToken = (phone?: string, password?: string): Promise<string> => client.loginToken(sandboxUrl(), phone, password);

/** Puts a logged-in member's cookies into the browser, as the shop's login endpoint would. */
export const signIn = (context: BrowserContext, baseURL: string, phone?: string): Promise<string> =>
  client.signIn(sandboxUrl(), context, baseURL, phone);
