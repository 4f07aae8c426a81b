/**
 * The e2e sites: two servers of the same build, each with a sandbox, publisher data and releases of its own. The serial specs
 * (site closed, injected faults, view control, the demo members' company, a release switch: state every page sees) run against
 * the second one, so they no longer need the first to themselves and run beside the parallel pool. Shared by
 * playwright.config.ts (which starts the servers), tests/e2e/sandbox.ts (which finds a test's sandbox by its base URL) and
 * scripts/build-e2e-site.ts (which builds both sites ahead, beside the type checks, in `npm test`): here, since nothing outside
 * tests/ imports from tests/.
 */
export interface E2eSite {
  name: string;
  baseURL: string;
  sandboxUrl: string;
  env: Record<string, string>;
}

function site(name: string, port: number, sandboxPort: number, extra: Record<string, string> = {}): E2eSite {
  return {
    name,
    baseURL: `http://127.0.0.1:${port}`,
    sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    env: {
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_DATA: `.sandbox-data/${name}`,
      // A content store and build cache of its own, so the type checks' content sync beside the ahead-of-time build (and the
      // other site's build) never write the store this site's builds read.
      ASTRO_CACHE_DIR: `node_modules/.astro-${name}`,
      // The publisher's state and releases of the test server; edits are published after a 2 s quiet window.
      PUBLISH_DATA: `.publish-data/${name}`,
      PUBLISH_RELEASES: `.releases/${name}`,
      PUBLISH_QUIET_S: '2',
      // No warm renderer (on by default): its first full build and its 0.7 GB per site would only slow the suite, and
      // publish.spec.ts tests the full build's path. publish-fast.spec.ts serves a site of its own with the default.
      PUBLISH_FAST: '0',
      // The sandbox sends no publishing webhooks until publish.spec.ts asks it to, so other specs' edits start no builds.
      SANDBOX_PUBLISH_PAUSED: '1',
      // Tests switch the site on and off and expect the next page to know at once.
      SITE_STATUS_TTL_MS: '0',
      API_BASE_BUYER: '',
      API_BASE_BASE: '',
      API_BASE_MODEL: '',
      API_BASE_SELLER: '',
      API_BASE_ADMIN: '',
      ...extra,
    },
  };
}

const port = Number(process.env.E2E_PORT ?? 4322);
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 4011);

/** The site of the parallel pool (E2E_PORT, E2E_SANDBOX_PORT); its build in `dist`, its releases the Lighthouse gate and the engines' smoke run serve afterwards. */
export const MAIN_SITE = site('e2e', port, sandboxPort);
/** The serial specs' site, ten ports on; its build beside the first one's (the server bundle must resolve node_modules, so inside the project). */
export const SERIAL_SITE = site('e2e-serial', port + 10, sandboxPort + 10, { ASTRO_OUT_DIR: '.builds/e2e-serial/out' });
export const E2E_SITES = [MAIN_SITE, SERIAL_SITE];
