/** The server's one site-status checker (cached), shared by the middleware and pages. */
import { SITE_STATUS_TTL_MS } from 'astro:env/server';
import { siteStatusChecker } from './status.ts';
import { api } from '../api/server.ts';

export const checkSiteStatus = siteStatusChecker(api, SITE_STATUS_TTL_MS);
