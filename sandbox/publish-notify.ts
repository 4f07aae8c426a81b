/**
 * The sandbox plays the back office's publishing: after an edit hook it signs the webhook (Standard Webhooks, the first key
 * of PUBLISH_WEBHOOK_SECRETS) and sends it to SANDBOX_PUBLISH_URL, retrying with backoff like a real sender. Without a URL
 * (unit tests, a sandbox on its own) it sends nothing; while paused (SANDBOX_PUBLISH_PAUSED=1, or the test hook) neither.
 */
import { randomUUID } from 'node:crypto';
import { parseSecrets, signedHeaders, type PublishEvent } from '#src/features/publish/webhook.ts';

/** Waits between attempts; a real sender keeps trying for days, the sandbox for about half a minute. */
const RETRY_MS = [500, 2000, 5000, 15000];

export interface Delivery {
  id: string;
  type: PublishEvent['type'];
  status: number | 'error';
  at: number;
}

/**
 * Whether edits are sent. The e2e server starts paused: its specs edit articles and open and close the site all the time,
 * and each edit would start a rebuild of the shop under test; the publishing spec switches sending on for its own run.
 */
let paused = process.env.SANDBOX_PUBLISH_PAUSED === '1';
export function setPublishing(on: boolean): void {
  paused = !on;
}

/** The last deliveries, newest last (GET /__sandbox/publish/deliveries). */
export const deliveries: Delivery[] = [];

async function deliver(url: string, keys: Buffer[], id: string, event: PublishEvent, attempt = 0): Promise<void> {
  const body = JSON.stringify(event);
  // Each attempt is signed anew with a fresh timestamp; the id stays, so the shop answers a repeat as a duplicate.
  const headers = { 'content-type': 'application/json', ...signedHeaders(keys, id, Math.floor(Date.now() / 1000), body) };
  let status: number | 'error';
  try {
    status = (await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(15_000) })).status;
  } catch {
    status = 'error';
  }
  deliveries.push({ id, type: event.type, status, at: Date.now() });
  if (deliveries.length > 200) deliveries.shift();
  // 2xx is done; 4xx other than 408/429 will not get better by trying again.
  const retry = status === 'error' || status === 408 || status === 429 || status >= 500;
  if (retry && attempt < RETRY_MS.length) {
    setTimeout(() => void deliver(url, keys, id, event, attempt + 1), RETRY_MS[attempt]).unref();
  } else if (retry || (typeof status === 'number' && status >= 300)) {
    console.warn(`[sandbox] publishing webhook ${id} (${event.type}) not delivered: ${status}`);
  }
}

/**
 * Sends `event` to the shop after the hook's answer is committed (the timer runs after the synchronous commit that follows
 * the hook), so the shop never rebuilds from data the sandbox has not stored yet. Returns the webhook id, or null when off.
 */
export function notifyShop(event: PublishEvent, env: NodeJS.ProcessEnv = process.env, o: { evenPaused?: boolean } = {}): string | null {
  const url = env.SANDBOX_PUBLISH_URL;
  // `evenPaused`: the site opened or closed, which starts no build (every spec that closes the site expects the shop to know).
  if (!url || (paused && !o.evenPaused)) return null;
  let keys: Buffer[];
  try {
    keys = parseSecrets(env.PUBLISH_WEBHOOK_SECRETS);
  } catch (e) {
    console.warn(`[sandbox] ${(e as Error).message}: no publishing webhook sent`);
    return null;
  }
  if (!keys.length) return null;
  const id = `msg_${randomUUID().replaceAll('-', '')}`;
  setTimeout(() => void deliver(url, keys.slice(0, 1), id, event), 0);
  return id;
}
