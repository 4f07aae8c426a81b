/**
 * One structured line per publish (a build, a fast publish, a failure), JSON on stdout prefixed `[publish:json]` so a log
 * shipper can pick it out of the server's other lines. Every publishing path calls `logPublish` (the node build here, the
 * fast path too) so a day's publishing can be read back as data: which events, what was rendered, where the seconds went.
 */
export interface PublishRecord {
  /** Webhook ids the publish made live. */
  events: string[];
  /** `astro-build`, `fast` (routes rendered one by one), ... */
  kind: string;
  ok: boolean;
  /** The release made live (the last one of the publish), or null when it failed. */
  release: string | null;
  /** Seconds per step, rounded to 0.1 s, in the order they ran. */
  steps: Record<string, number>;
  /** Seconds from the start of the publish to the release live. */
  seconds: number;
  /** Routes rendered, when the path knows them (the fast path); a full build says how many pages it wrote instead. */
  routes?: string[];
  pages?: number;
  /** Why it failed (the build's error line, already free of secrets). */
  message?: string;
}

export const PUBLISH_LOG_PREFIX = '[publish:json] ';

/** The line for `record`: one line, whatever the record holds. */
export function publishLine(record: PublishRecord, at: Date = new Date()): string {
  return PUBLISH_LOG_PREFIX + JSON.stringify({ event: 'publish', at: at.toISOString(), ...record });
}

export function logPublish(record: PublishRecord, write: (line: string) => void = (l) => console.log(l)): void {
  write(publishLine(record));
}
