/** Environment that points the shop at a sandbox: every API base and the sandbox's stand-ins for the external chat, form and questionnaire. */
import { readFileSync } from 'node:fs';

export const API_BASE_VARS = ['API_BASE_BUYER', 'API_BASE_BASE', 'API_BASE_MODEL', 'API_BASE_SELLER', 'API_BASE_ADMIN'] as const;

/** True when the environment names a real backend, so no sandbox is started. */
export const backendConfigured = (env: NodeJS.ProcessEnv): boolean => API_BASE_VARS.some((k) => env[k]);

export function sandboxEnv(sandboxUrl: string, env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = Object.fromEntries(API_BASE_VARS.map((k) => [k, sandboxUrl]));
  const embeds: Record<string, string> = {
    PUBLIC_CHAT_URL: `${sandboxUrl}/__sandbox/embed/chat`,
    PUBLIC_REQUIREMENT_FORM_URL: `${sandboxUrl}/__sandbox/embed/form`,
    PUBLIC_QUESTIONNAIRE_URL: `${sandboxUrl}/__sandbox/embed/click`,
  };
  for (const [k, v] of Object.entries(embeds)) if (!env[k]) out[k] = v;
  return out;
}

/** Variables of publishing whose development values `.env.example` carries (commented out, so a copied .env never holds them). */
// PREVIEW_SECRET: the draft-preview links' key (docs/preview.md), which the sandbox signs with as the back office would.
const DEV_PUBLISH_VARS = ['PUBLISH_WEBHOOK_SECRETS', 'PUBLISH_STATUS_TOKEN', 'PREVIEW_SECRET'] as const;

/**
 * Sets the development webhook secret and status token of `.env.example` where unset (only when the sandbox backs the
 * shop: a real backend must bring its own); returns the names it set.
 */
export function devPublishDefaults(env: NodeJS.ProcessEnv, examplePath = '.env.example'): string[] {
  let text = '';
  try {
    text = readFileSync(examplePath, 'utf8');
  } catch {
    return [];
  }
  const set: string[] = [];
  for (const name of DEV_PUBLISH_VARS) {
    const value = new RegExp(`^#\\s*${name}=(\\S+)\\s*$`, 'm').exec(text)?.[1];
    if (!env[name] && value) {
      env[name] = value;
      set.push(name);
    }
  }
  return set;
}

/** Reads `.env` into the environment (existing variables win), so start and dev see the same configuration as Astro. */
export function loadDotEnv(path = '.env'): void {
  try {
    process.loadEnvFile(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}
