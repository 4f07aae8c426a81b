import { describe, expect, it } from 'vitest';
import { chromiumPath, e2ePrereqs, installCommand, type HostFacts } from '#scripts/lib/e2e-prereqs.ts';

const SHELL = '/usr/bin/chromium-headless-shell';
const FULL = '/usr/bin/chromium';

/** A host with these files, fonts and rights. */
function host(o: { files?: string[]; fonts?: boolean; root?: boolean; apt?: boolean; env?: Record<string, string> }): HostFacts {
  const files = new Set(o.files ?? []);
  return { env: o.env ?? {}, exists: (p) => files.has(p), cjkFonts: o.fonts ?? true, root: o.root ?? false, aptGet: o.apt ?? true };
}

describe('chromiumPath: the browser playwright.config.ts starts', () => {
  it('prefers the headless shell, then the full browser', () => {
    expect(chromiumPath({}, (p) => p === SHELL || p === FULL)).toBe(SHELL);
    expect(chromiumPath({}, (p) => p === FULL)).toBe(FULL);
    expect(chromiumPath({}, (p) => p === '/usr/bin/chromium-browser')).toBe('/usr/bin/chromium-browser');
    expect(chromiumPath({}, () => false)).toBeUndefined();
  });
  it('keeps the full browser with E2E_SHELL=0 and takes CHROMIUM_PATH as given', () => {
    expect(chromiumPath({ E2E_SHELL: '0' }, (p) => p === SHELL || p === FULL)).toBe(FULL);
    expect(chromiumPath({ CHROMIUM_PATH: '/opt/c/chrome' }, () => false)).toBe('/opt/c/chrome');
  });
});

describe('e2ePrereqs: what npm test needs before its first phase', () => {
  it('goes on when the shell and the fonts are there', () => {
    expect(e2ePrereqs(host({ files: [SHELL, FULL] }))).toEqual({ action: 'ok' });
  });

  it('on a fresh Debian machine as root: installs the three packages as .ci/run does', () => {
    const r = e2ePrereqs(host({ fonts: false, root: true }));
    expect(r).toMatchObject({ action: 'install', packages: ['chromium', 'chromium-headless-shell', 'fonts-noto-cjk'] });
  });

  it('installs only what is missing', () => {
    expect(e2ePrereqs(host({ files: [SHELL, FULL], fonts: false, root: true }))).toMatchObject({
      action: 'install',
      packages: ['fonts-noto-cjk'],
    });
    expect(e2ePrereqs(host({ files: [FULL], root: true }))).toMatchObject({ action: 'install', packages: ['chromium-headless-shell'] });
  });

  it('not root: stops at once, naming the one command with sudo', () => {
    const r = e2ePrereqs(host({ fonts: false }));
    expect(r.action).toBe('stop');
    if (r.action !== 'stop') return;
    expect(r.message).toContain('sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell fonts-noto-cjk');
    expect(r.message).toContain('a Chromium');
    expect(r.message).toContain('fonts-noto-cjk');
  });

  it('root without apt-get, or not Debian: stops and says to use the system package manager', () => {
    for (const root of [true, false]) {
      const r = e2ePrereqs(host({ files: [FULL], fonts: false, root, apt: false }));
      expect(r.action).toBe('stop');
      if (r.action === 'stop') expect(r.message).toMatch(/not a Debian system.*CHROMIUM_PATH/s);
    }
  });

  it('only the fonts missing and no rights: the command names only them', () => {
    const r = e2ePrereqs(host({ files: [SHELL], fonts: false }));
    expect(r.action).toBe('stop');
    if (r.action === 'stop') expect(r.message.endsWith('\n  sudo apt-get update && sudo apt-get install -y fonts-noto-cjk')).toBe(true);
  });

  it('the full browser without the shell and no rights: goes on with a note, since the e2e run works', () => {
    const r = e2ePrereqs(host({ files: [FULL] }));
    expect(r.action).toBe('ok');
    if (r.action === 'ok') expect(r.note).toContain('sudo apt-get install -y chromium-headless-shell');
  });

  it('E2E_SHELL=0 wants no shell', () => {
    expect(e2ePrereqs(host({ files: [FULL], env: { E2E_SHELL: '0' } }))).toEqual({ action: 'ok' });
    expect(e2ePrereqs(host({ env: { E2E_SHELL: '0' }, root: true }))).toMatchObject({ action: 'install', packages: ['chromium'] });
  });

  it('CHROMIUM_PATH: used when it exists, a stop naming it when it does not (apt cannot fix it)', () => {
    expect(e2ePrereqs(host({ files: ['/opt/c/chrome'], env: { CHROMIUM_PATH: '/opt/c/chrome' } }))).toEqual({ action: 'ok' });
    const r = e2ePrereqs(host({ env: { CHROMIUM_PATH: '/opt/c/chrome' }, root: true }));
    expect(r.action).toBe('stop');
    if (r.action === 'stop') expect(r.message).toContain('CHROMIUM_PATH=/opt/c/chrome does not exist');
  });

  it('installCommand: sudo only when not root', () => {
    expect(installCommand(['fonts-noto-cjk'], true)).toBe('apt-get update && apt-get install -y fonts-noto-cjk');
    expect(installCommand(['fonts-noto-cjk'], false)).toBe('sudo apt-get update && sudo apt-get install -y fonts-noto-cjk');
  });
});
