/**
 * The e2e site's server: its ports and environment, shared by playwright.config.ts (which starts it) and
 * scripts/build-e2e-site.ts (which builds its site ahead, beside the type checks, in `npm test`).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4322);
export const E2E_SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4011);

export const e2eServerEnv: Record<string, string> = {
  PORT: String(E2E_PORT),
  SANDBOX_PORT: String(E2E_SANDBOX_PORT),
  SANDBOX_DATA: '.sandbox-data/e2e',
  // A content store and build cache of its own, so the type checks' content sync beside the ahead-of-time build (and any other
  // build of the project) never writes the store this site's builds read.
  ASTRO_CACHE_DIR: 'node_modules/.astro-e2e',
  // The publisher's state and releases of the test server; edits are published after a 2 s quiet window.
  PUBLISH_DATA: '.publish-data/e2e',
  PUBLISH_RELEASES: '.releases/e2e',
  PUBLISH_QUIET_S: '2',
  // The sandbox sends no publishing webhooks until publish.spec.ts asks it to, so other specs' edits start no builds.
  SANDBOX_PUBLISH_PAUSED: '1',
  // Tests switch the site on and off and expect the next page to know at once.
  SITE_STATUS_TTL_MS: '0',
  API_BASE_BUYER: '',
  API_BASE_BASE: '',
  API_BASE_MODEL: '',
  API_BASE_SELLER: '',
  API_BASE_ADMIN: '',
};
