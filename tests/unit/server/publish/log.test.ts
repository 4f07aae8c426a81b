// The one structured line a publish writes (server/publish/log.ts), and that the node build writes it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { logPublish, PUBLISH_LOG_PREFIX, publishLine } from '#server/publish/log.ts';

describe('logPublish', () => {
  it('writes one JSON line with the events, the kind of build, seconds per step and the release', () => {
    const lines: string[] = [];
    logPublish(
      {
        events: ['msg_a', 'msg_b'],
        kind: 'astro-build',
        ok: true,
        release: '12',
        steps: { 'astro build': 14.2, 'release folder': 0.8 },
        seconds: 16.1,
      },
      (l) => lines.push(l),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('\n');
    expect(lines[0]!.startsWith(PUBLISH_LOG_PREFIX)).toBe(true);
    expect(JSON.parse(lines[0]!.slice(PUBLISH_LOG_PREFIX.length))).toMatchObject({
      event: 'publish',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      events: ['msg_a', 'msg_b'],
      kind: 'astro-build',
      ok: true,
      release: '12',
      steps: { 'astro build': 14.2, 'release folder': 0.8 },
      seconds: 16.1,
    });
  });

  it('keeps a multi-line failure message on one line', () => {
    const line = publishLine({
      events: ['msg_x'],
      kind: 'fast',
      ok: false,
      release: null,
      steps: {},
      seconds: 1,
      message: 'first\nsecond',
      routes: ['/news/1/'],
    });
    expect(line.split('\n')).toHaveLength(1);
    expect(JSON.parse(line.slice(PUBLISH_LOG_PREFIX.length))).toMatchObject({ message: 'first\nsecond', routes: ['/news/1/'] });
  });

  it('is written by the node build for a success and a failure', () => {
    const source = readFileSync('server/publish/node-build.ts', 'utf8');
    expect(source.match(/logPublish\(\{/g)).toHaveLength(2);
  });
});
