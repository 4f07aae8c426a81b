/**
 * Resident memory of the shop's processes on this machine, from /proc (Linux): the server (server/serve.ts) and its warm
 * renderer (server/publish/warm-renderer.ts) of the shop listening on `port` (found by PORT= in their environment, so a
 * second shop on the machine is not counted). Used by the publishing benchmark and its soak.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface ShopRss {
  /** MiB; 0 when the process is not running. */
  server: number;
  renderer: number;
}

export function shopRss(port: number): ShopRss {
  const out = { server: 0, renderer: 0 };
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`PORT=${port}`)) continue;
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const mib = Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
      if (cmd.includes('server/serve.ts')) out.server = Math.max(out.server, mib);
      if (cmd.includes('warm-renderer.ts')) out.renderer = Math.max(out.renderer, mib);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return out;
}
