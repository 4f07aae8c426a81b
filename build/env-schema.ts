/**
 * The environment's schema, the one place each variable's type, validation and default are written: astro.config.mjs hands
 * it to astro:env (which validates it at build and start, and types `astro:env/server` and `astro:env/client`), and the
 * Node-side programs (server/env.ts: the server, the publisher's warm renderer) read the same defaults and checks, so a default
 * never differs between the two. Every variable is described in .env.example.
 *
 * The fields are what astro/config's `envField.string(options)` and `envField.number(options)` return, `{ ...options, type }`
 * (tests/unit/build/env-schema.test.ts holds them equal), written here without importing astro/config: that import costs the
 * server's start about 1.7 s of modules it never uses.
 */

interface Access {
  context: 'server' | 'client';
  access: 'public' | 'secret';
  optional?: boolean;
}
interface StringField extends Access {
  type: 'string';
  default?: string;
  url?: boolean;
}
interface NumberField extends Access {
  type: 'number';
  default?: number;
  int?: boolean;
  gt?: number;
  gte?: number;
}
export type EnvField = StringField | NumberField;

const string = (options: Omit<StringField, 'type'>): StringField => ({ ...options, type: 'string' });
const number = (options: Omit<NumberField, 'type'>): NumberField => ({ ...options, type: 'number' });

/** Where `npm start` and `npm run dev` run the sandbox API; the default of every API base and embedded stand-in. */
export const SANDBOX_ORIGIN = 'http://127.0.0.1:4010';
/** Timeout of an API call, ms: the server's calls and its proxy's (API_TIMEOUT_MS), and the browser's default. */
export const API_TIMEOUT_DEFAULT_MS = 8000;

/** Sandbox public key; the real backend's key comes from PUBLIC_RSA_KEY. */
const SANDBOX_RSA_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAsB4yBnmHj3GFnSJZyoEmePEoD//Cbh9A8qJWpo8UCutDN4YgNm1eEKnv0ZWlOWV2Tu/0CsmRucMCRFl9zx+D07XFy4K8D/EJxoDmwd8exqcl3xhJ90uDAVebwMI3ZAnynNX4IfW4jZTd4jCYhICjTMvDsMoNwk80QxYXnN6fHlTt7c0KBHHZYV/p/VlnqzvQssAXlBuEeRkk1sU7tr4MghLFhruSXC7Z3aukEk6fGyHKa9PN9Rdw4F53pKuGf3vKLOKogD3k7iIiPIsUisHYfPQmo11BUL2wU6grmGny33x+u9Pt9CvF2o+WRdTmmIidmgLRMkQQsLvKqFK0d7PnSwIDAQAB';

/** Every API base defaults to the local sandbox; point them at the real backend to leave it. */
const apiBase = () => string({ context: 'server', access: 'public', url: true, default: SANDBOX_ORIGIN });

export const ENV_SCHEMA = {
  API_BASE_BUYER: apiBase(),
  API_BASE_BASE: apiBase(),
  API_BASE_MODEL: apiBase(),
  API_BASE_SELLER: apiBase(),
  API_BASE_ADMIN: apiBase(),
  SITE_STATUS_TTL_MS: number({ context: 'server', access: 'public', default: 5000, int: true, gte: 0 }),
  API_TIMEOUT_MS: number({ context: 'server', access: 'public', default: API_TIMEOUT_DEFAULT_MS, int: true, gt: 0 }),
  PUBLIC_RSA_KEY: string({ context: 'client', access: 'public', default: SANDBOX_RSA_PUBLIC_KEY }),
  // Where a member with a shop is sent after login (docs/storefront.md).
  SELLER_SITE_URL: string({ context: 'server', access: 'public', url: true, default: 'https://seller.example.cn/' }),
  PUBLIC_HOTLINE: string({ context: 'client', access: 'public', default: '400-820-6688' }),
  // External services embedded by the side bar and linked from the footer; the defaults are the sandbox's stand-ins.
  PUBLIC_CHAT_URL: string({ context: 'client', access: 'public', url: true, default: `${SANDBOX_ORIGIN}/__sandbox/embed/chat` }),
  PUBLIC_REQUIREMENT_FORM_URL: string({
    context: 'client',
    access: 'public',
    url: true,
    default: `${SANDBOX_ORIGIN}/__sandbox/embed/form`,
  }),
  PUBLIC_QUESTIONNAIRE_URL: string({ context: 'client', access: 'public', url: true, default: `${SANDBOX_ORIGIN}/__sandbox/embed/click` }),
  PUBLIC_INDUSTRIAL_SITE_URL: string({ context: 'client', access: 'public', url: true, default: 'https://industrial.example.com/' }),
  PUBLIC_GROUP_SITE_URL: string({ context: 'client', access: 'public', url: true, default: 'https://group.example.cn/' }),
  // Publishing (docs/publishing.md). Secret access for all of them: read from the process at run time, never inlined into a
  // bundle, so one build serves any deployment. Without the secrets the webhook answers 503 (publishing not configured).
  PUBLISH_WEBHOOK_SECRETS: string({ context: 'server', access: 'secret', optional: true }),
  PUBLISH_STATUS_TOKEN: string({ context: 'server', access: 'secret', optional: true }),
  NETLIFY_BUILD_HOOK_URL: string({ context: 'server', access: 'secret', optional: true }),
  NETLIFY_DEPLOY_NOTIFICATION_SECRET: string({ context: 'server', access: 'secret', optional: true }),
  // Set by Netlify itself in its functions (NETLIFY=true, SITE_ID): they say the endpoint runs there, with no publisher process.
  NETLIFY: string({ context: 'server', access: 'secret', optional: true }),
  SITE_ID: string({ context: 'server', access: 'secret', optional: true }),
  // Draft previews (docs/preview.md): the key the back office signs preview links with, shared with the shop; secret access
  // (read at run time, never in a bundle). Unset: the preview route answers 404.
  PREVIEW_SECRET: string({ context: 'server', access: 'secret', optional: true }),
} satisfies Record<string, EnvField>;

export type EnvName = keyof typeof ENV_SCHEMA;
