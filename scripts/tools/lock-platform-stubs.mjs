// Adds lockfile entries for optional platform binaries the registry reachable here does not serve (darwin, win32, ...):
// npm ci then sees the lock in sync and skips them by os/cpu, as it would with full entries. Run after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const platform = (name) => {
  const os = /darwin/.test(name)
    ? 'darwin'
    : /win32|windows/.test(name)
      ? 'win32'
      : /freebsd/.test(name)
        ? 'freebsd'
        : /android/.test(name)
          ? 'android'
          : /linux/.test(name)
            ? 'linux'
            : null;
  const cpu = /arm64/.test(name) ? 'arm64' : /x64/.test(name) ? 'x64' : /wasm32/.test(name) ? 'wasm32' : null;
  return {
    ...(os ? { os: [os] } : {}),
    ...(cpu ? { cpu: [cpu] } : {}),
    ...(/musl/.test(name) ? { libc: ['musl'] } : /gnu/.test(name) ? { libc: ['glibc'] } : {}),
  };
};
let added = 0;
for (const [path, pkg] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    if (lock.packages[key] || lock.packages[`${path}/node_modules/${dep}`]) continue;
    lock.packages[key] = { version, optional: true, ...platform(dep) };
    added++;
  }
}
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform stub entries`);
