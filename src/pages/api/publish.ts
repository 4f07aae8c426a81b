/** POST /api/publish: the back office's publishing webhook (docs/publishing.md); rules in src/features/publish/endpoint.ts. */
import type { APIRoute } from 'astro';
import { NETLIFY, NETLIFY_BUILD_HOOK_URL, PUBLISH_WEBHOOK_SECRETS, SITE_ID } from 'astro:env/server';
import { forgetCatalogAnswers } from '#src/features/catalog/catalog.server.ts';
import { registeredSink } from '#src/features/publish/effects.ts';
import { handlePublish } from '#src/features/publish/endpoint.ts';
import { netlifySink } from '#src/features/publish/netlify.ts';
import { checkSiteStatus } from '#src/features/shell/status.server.ts';
import { purgeResponses } from '#src/shared/http/cache.ts';

export const prerender = false;

/**
 * On the Node server, server/serve.ts registers its publisher. Elsewhere (Netlify, where no server process runs) the endpoint
 * purges and calls the build hook itself, one sink per function instance.
 */
let netlify: ReturnType<typeof netlifySink> | undefined;
const sink = () =>
  registeredSink() ??
  (NETLIFY || SITE_ID || NETLIFY_BUILD_HOOK_URL ? (netlify ??= netlifySink({ buildHookUrl: NETLIFY_BUILD_HOOK_URL })) : undefined);

export const POST: APIRoute = (context) =>
  handlePublish(context.request, {
    secrets: PUBLISH_WEBHOOK_SECRETS,
    sink: sink(),
    invalidate: async (tags) => {
      // The server's few-second memo of catalogue answers first, then the page cache (in-process on Node, the CDN on Netlify),
      // then the Node server's response cache in front of it, after the page cache so it cannot take a purged version again.
      forgetCatalogAnswers();
      if (context.cache?.enabled) await context.cache.invalidate({ tags });
      purgeResponses();
    },
    // The process's memo (server/serve.ts's on the Node server): the static pages' check and every release see it at once.
    applySite: (status) => checkSiteStatus.set(status),
    later: (work) =>
      (context.locals as { netlify?: { context?: { waitUntil?: (p: Promise<unknown>) => void } } }).netlify?.context?.waitUntil?.(work),
  });
