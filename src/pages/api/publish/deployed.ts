/** POST /api/publish/deployed: Netlify's "deploy succeeded" notification; purges the tagged on-demand pages the new deploy does not clear. */
import type { APIRoute } from 'astro';
import { NETLIFY_DEPLOY_NOTIFICATION_SECRET } from 'astro:env/server';
import { AFTER_DEPLOY_TAGS } from '#src/features/publish/effects.ts';
import { verifyNetlifySignature } from '#src/features/publish/netlify.ts';
import { BODY_LIMITS, readCappedText, tooLarge } from '#src/shared/http/body.ts';
import { purgeResponses } from '#src/shared/http/cache.ts';

export const prerender = false;

export const POST: APIRoute = async (context) => {
  const body = await readCappedText(context.request, BODY_LIMITS.notification);
  if (body === null) return tooLarge();
  if (!verifyNetlifySignature(context.request.headers.get('x-webhook-signature'), body, NETLIFY_DEPLOY_NOTIFICATION_SECRET)) {
    console.warn('[publish] deploy notification rejected: bad or missing X-Webhook-Signature');
    return new Response(JSON.stringify({ error: 'bad signature' }), { status: 401, headers: { 'content-type': 'application/json' } });
  }
  if (context.cache?.enabled) await context.cache.invalidate({ tags: AFTER_DEPLOY_TAGS });
  purgeResponses();
  return new Response(JSON.stringify({ purged: AFTER_DEPLOY_TAGS }), { status: 200, headers: { 'content-type': 'application/json' } });
};
