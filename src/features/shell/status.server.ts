/**
 * The server's one site-status checker (cached), shared by the middleware and pages; on the Node server it is the memo
 * server/serve.ts made (one per process, so a `site.changed` event reaches every release), elsewhere this module's own.
 */
import { SITE_STATUS_TTL_MS } from 'astro:env/server';
import { sharedSiteStatus, siteStatusChecker } from './status.ts';
import { api } from '#src/shared/api/server.ts';

export const checkSiteStatus = sharedSiteStatus(() => siteStatusChecker(api, SITE_STATUS_TTL_MS));
