/** Where an `astro build` spends its time: the seconds of each step, read from when its log lines were printed. */

/** A line of the build's output with the seconds since the build started. */
export interface TimedLine {
  at: number;
  line: string;
}

/** The steps, each ended by the first line matching its pattern (after the previous step's end). */
const STEPS: [string, RegExp][] = [
  ['content', /\[content\] Synced content/],
  ['vite', /prerendering static routes/],
  ['pages', /✓ Completed in .*\.\s*$/],
  ['pruned+index', /\[pagefind-index\] pagefind:/],
  ['sitemap', /\[sitemap\]/],
  ['compressed', /\[precompress-static\]/],
];

/** `steps (s): content 2.1, vite 3.0, …, rest 0.4` for a build of `seconds` whose output was `timeline`. */
export function buildSteps(timeline: TimedLine[], seconds: number): string {
  let from = 0;
  const parts: string[] = [];
  for (const [name, re] of STEPS) {
    const at = timeline.find((l) => l.at >= from && re.test(l.line))?.at;
    if (at === undefined) continue;
    parts.push(`${name} ${(at - from).toFixed(1)}`);
    from = at;
  }
  return `steps (s): ${parts.join(', ')}, rest ${(seconds - from).toFixed(1)}`;
}

/** Collects an output stream's complete lines with their times (colour codes removed). */
export function lineTimer(started: number, now: () => number = () => performance.now()) {
  const timeline: TimedLine[] = [];
  let partial = '';
  return {
    timeline,
    take(text: string) {
      const at = (now() - started) / 1000;
      const lines = (partial + text).split('\n');
      partial = lines.pop()!;
      for (const line of lines) timeline.push({ at, line: line.replace(/\x1b\[[0-9;]*m/g, '') });
    },
  };
}

/** The build log's line naming the kinds whose search index was deferred (SEARCH_INDEX_DEFER=1): `search index deferred: news`. */
export const SEARCH_DEFERRED = 'search index deferred: ';
