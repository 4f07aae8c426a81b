/** Runs for every on-demand response (and every route in dev): legacy redirects, the closed-site page, security headers. */
import { defineMiddleware } from 'astro:middleware';
import { legacyRedirect } from '#src/shared/http/legacy-redirects.ts';
import { applySecurityHeaders } from '#src/shared/http/security-headers.ts';
import { bypassesClosedCheck } from '#src/features/shell/status.ts';
import { checkSiteStatus } from '#src/features/shell/status.server.ts';
import { PROFILE_COOKIE } from '#src/boot/cookies.ts';
import { parseProfile } from '#src/boot/profile.ts';
import { currentAccessToken } from '#src/shared/session/session.server.ts';
import { secureCookiesOf } from '#src/shared/http/public-origin.ts';
import { crossSiteFormRefused } from '#src/shared/http/form-origin.ts';
import { PUNCHOUT_COOKIE } from '#src/boot/cookies.ts';
import { punchoutOf, restoreAfterPunchout } from '#src/features/punchout/session.server.ts';
import { frameAncestors } from '#src/features/punchout/rules.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  if (!context.isPrerendered && crossSiteFormRefused(context.request, context.url)) {
    const res = new Response(`Cross-site ${context.request.method} form submissions are forbidden`, { status: 403 });
    applySecurityHeaders(res.headers);
    return res;
  }
  const target = legacyRedirect(context.url);
  if (target) {
    const res = new Response(null, { status: 301, headers: { location: target } });
    applySecurityHeaders(res.headers);
    return res;
  }
  // A punchout that ended without 返回采购系统 gives the browser its own shop session back before anything reads the session.
  if (!context.isPrerendered) restoreAfterPunchout(context.cookies, secureCookiesOf(context));
  context.locals.profile = context.isPrerendered ? null : parseProfile(context.cookies.get(PROFILE_COOKIE)?.value);
  // A punchout session's pages (docs/punchout.md): the bar names the procurement system, and only its origins may frame them.
  context.locals.punchout = !context.isPrerendered && context.cookies.has(PUNCHOUT_COOKIE) ? await punchoutOf(context.cookies) : null;
  // The access cookie expires with its token; a page asked for after that renews it from the refresh cookie first.
  if (!context.isPrerendered && !context.url.pathname.startsWith('/api/'))
    await currentAccessToken(context.cookies, secureCookiesOf(context));

  let response: Response;
  if (!context.isPrerendered && !bypassesClosedCheck(context.url.pathname) && !(await checkSiteStatus()).open) {
    response = await context.rewrite('/503');
  } else {
    response = await next();
  }
  // Framing by the organisation's origins only on private answers: a publicly cached page keeps frame-ancestors 'none' for everyone.
  const privateAnswer = /private|no-store/.test(response.headers.get('cache-control') ?? '');
  applySecurityHeaders(
    response.headers,
    context.locals.punchout && privateAnswer ? frameAncestors(context.locals.punchout.origins) : undefined,
  );
  return response;
});
