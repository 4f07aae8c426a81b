/**
 * The shop's one public origin, for the session cookies' Secure flag and for every origin check. Behind a proxy that
 * terminates TLS (nginx, a load balancer, Netlify's edge) the Node process sees `http:`, so `url.origin` is not what the
 * browser sees: the public origin is SITE_URL's when that is https, and the request's own (as Astro builds it, trusting
 * X-Forwarded-Proto/-Host only for the hosts astro.config.mjs lists in `security.allowedDomains`) otherwise.
 */

/** Hosts where plain http is development, not a deployment: a browser keeps Secure cookies there only over https. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export const isLocalHost = (hostname: string): boolean => LOCAL_HOSTS.has(hostname) || hostname.endsWith('.localhost');

/** The origin the browser is on: SITE_URL's when it is https, else the request's own. */
export function publicOrigin(url: URL, site: URL | undefined): string {
  return site?.protocol === 'https:' ? site.origin : url.origin;
}

/**
 * Whether session cookies carry Secure: whenever the public origin is https, and whenever SITE_URL names a deployment rather
 * than a local host (an http SITE_URL there is a mistake, and Secure makes it show at the first login instead of sending
 * tokens in the clear). Only the default, local SITE_URL serves plain http: development, including a phone on the LAN.
 */
export function secureCookies(url: URL, site: URL | undefined): boolean {
  if (publicOrigin(url, site).startsWith('https:')) return true;
  return site !== undefined && !isLocalHost(site.hostname);
}

/** What a route needs of Astro's context to know its public origin. */
export interface OriginContext {
  url: URL;
  site: URL | undefined;
}

export const publicOriginOf = (context: OriginContext): string => publicOrigin(context.url, context.site);
export const secureCookiesOf = (context: OriginContext): boolean => secureCookies(context.url, context.site);
