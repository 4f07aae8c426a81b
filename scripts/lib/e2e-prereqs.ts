/**
 * What the e2e phase of `npm test` needs from the machine that npm cannot install: a Chromium (Playwright cannot download its
 * browsers here) and CJK fonts (without them every Chinese glyph is a box, and the layout and screenshot checks measure
 * boxes). `.ci/run` installed them before `npm test`, so a newcomer's `npm test` ran the checks and unit tests for minutes and
 * then failed in the e2e phase; scripts/test-all.ts now asks in its first second (`e2ePrereqs`) and installs them as .ci/run
 * does when it may, else stops naming the one command to run. The decision is pure (the facts are gathered by the caller), so
 * it is unit-tested; playwright.config.ts finds its browser with `chromiumPath`, the same list.
 */

/** The Debian packages of the e2e run: the browser, its lighter headless build the e2e run prefers, and the CJK fonts. */
export const E2E_PACKAGES = ['chromium', 'chromium-headless-shell', 'fonts-noto-cjk'] as const;
export const CHROMIUM_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM_FULL = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * Where the e2e run looks for its browser, in order: `CHROMIUM_PATH` alone when set; else Debian's `chromium-headless-shell`
 * (about a third less CPU for the same page loads: docs/testing.md, "The browser") unless `E2E_SHELL=0`, then the full one.
 */
export function chromiumCandidates(env: Record<string, string | undefined>): string[] {
  if (env.CHROMIUM_PATH) return [env.CHROMIUM_PATH];
  return [...(env.E2E_SHELL === '0' ? [] : [CHROMIUM_SHELL]), ...CHROMIUM_FULL];
}

/** The browser the e2e run starts: the first candidate that exists (`CHROMIUM_PATH` as given, even when it does not). */
export function chromiumPath(env: Record<string, string | undefined>, exists: (path: string) => boolean): string | undefined {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return chromiumCandidates(env).find(exists);
}

export interface HostFacts {
  env: Record<string, string | undefined>;
  /** Whether a file exists (the browser paths). */
  exists: (path: string) => boolean;
  /** fonts-noto-cjk installed (dpkg says so, or fontconfig knows a Chinese font where there is no dpkg). */
  cjkFonts: boolean;
  /** Running as root. */
  root: boolean;
  /** `apt-get` on the PATH (a Debian-like system). */
  aptGet: boolean;
}

export type Prereqs =
  /** Nothing is missing (`note`: the lighter browser is missing but the full one will do). */
  | { action: 'ok'; note?: string }
  /** Install these Debian packages (root, apt-get), then go on. */
  | { action: 'install'; packages: string[]; message: string }
  /** Stop before the first phase: the message names what is missing and the one command to run. */
  | { action: 'stop'; message: string };

/** The command that installs `packages`, as root or through sudo. */
export function installCommand(packages: readonly string[], root: boolean): string {
  return `${root ? '' : 'sudo '}apt-get update && ${root ? '' : 'sudo '}apt-get install -y ${packages.join(' ')}`;
}

/** What is missing for the e2e phase, whether this run may install it, and what to say. */
export function e2ePrereqs(host: HostFacts): Prereqs {
  const { env, exists } = host;
  if (env.CHROMIUM_PATH && !exists(env.CHROMIUM_PATH)) {
    return {
      action: 'stop',
      message: `npm test: CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist; point it at a Chromium, or unset it to use Debian's (/usr/bin/chromium-headless-shell, /usr/bin/chromium).`,
    };
  }
  const browser = chromiumPath(env, exists);
  // Missing and needed: any Chromium, and the fonts. Missing and wanted: the lighter shell, when the full browser will do.
  const needed: string[] = [];
  if (!browser) needed.push('chromium', ...(env.E2E_SHELL === '0' ? [] : ['chromium-headless-shell']));
  if (!host.cjkFonts) needed.push('fonts-noto-cjk');
  const wanted = browser && !env.CHROMIUM_PATH && env.E2E_SHELL !== '0' && !exists(CHROMIUM_SHELL) ? ['chromium-headless-shell'] : [];
  const packages = E2E_PACKAGES.filter((p) => needed.includes(p) || wanted.includes(p));
  if (packages.length === 0) return { action: 'ok' };
  const what = describe(packages);
  if (host.root && host.aptGet)
    return {
      action: 'install',
      packages,
      message: `npm test: the e2e phase needs ${what}; installing ${packages.join(' ')} from Debian, as .ci/run does`,
    };
  if (needed.length === 0) {
    return {
      action: 'ok',
      note: `npm test: the e2e run uses the full Chromium (${browser}); the lighter chromium-headless-shell takes about a third less CPU: ${installCommand(wanted, host.root)}`,
    };
  }
  if (!host.aptGet) {
    return {
      action: 'stop',
      message: `npm test: the e2e phase needs ${what}, and this is not a Debian system (no apt-get). Install a Chromium and the Noto CJK fonts with the system's package manager (CHROMIUM_PATH names the browser), then run npm test again.`,
    };
  }
  return {
    action: 'stop',
    message: `npm test: the e2e phase needs ${what}. Run this once, then npm test again:\n  ${installCommand(packages, host.root)}`,
  };
}

function describe(packages: readonly string[]): string {
  const parts: string[] = [];
  if (packages.includes('chromium')) parts.push('a Chromium (none at /usr/bin/chromium-headless-shell or /usr/bin/chromium)');
  else if (packages.includes('chromium-headless-shell')) parts.push('the lighter chromium-headless-shell');
  if (packages.includes('fonts-noto-cjk')) parts.push('the CJK fonts (fonts-noto-cjk)');
  return parts.join(' and ');
}
