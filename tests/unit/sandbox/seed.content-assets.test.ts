/** Every picture and video the sandbox seed content points at exists under public/, and no such SVG can run script or load from elsewhere. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as articles from '#sandbox/seed/articles.ts';
import * as cases from '#sandbox/seed/cases.ts';
import * as community from '#sandbox/seed/community.ts';
import * as gases from '#sandbox/seed/gases.ts';
import * as news from '#sandbox/seed/news.ts';
import { syntheticNews } from '#sandbox/seed/synthetic.ts';

// Vitest runs from the repository's root.
const PUBLIC = `${resolve('public')}/`;
/** Goods, category, banner, ad and shop pictures are made and checked with the catalogue, not here. */
const EXCLUDED = /^\/images\/(?:goods|categories|banners|ads|shops)\//;
const ASSET = /\/(?:images|videos)\/[\w./-]*[\w-]\.[a-z0-9]+/gi;

/** Walks exported data (records, arrays, nested objects) and collects every asset path found in its strings, HTML included. */
function collect(value: unknown, found: Set<string>, seen = new WeakSet<object>()): void {
  if (typeof value === 'string') {
    for (const m of value.matchAll(ASSET)) found.add(m[0]);
    return;
  }
  if (value === null || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  for (const v of Object.values(value)) collect(v, found, seen);
}

/** Every string in the exported data, for looking at the HTML they hold. */
function strings(value: unknown, out: string[] = [], seen = new WeakSet<object>()): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value !== null && typeof value === 'object' && !seen.has(value)) {
    seen.add(value);
    for (const v of Object.values(value)) strings(v, out, seen);
  }
  return out;
}

const seed: unknown[] = [gases, cases, news, articles, community, syntheticNews(3)];
const found = new Set<string>();
for (const mod of seed) collect(mod, found);
const assets = [...found].filter((p) => !EXCLUDED.test(p)).sort();
const svgs = assets.filter((p) => p.endsWith('.svg'));
const file = (p: string) => PUBLIC + p.slice(1);

const videoTags = seed.flatMap((mod) => strings(mod)).flatMap((s) => s.match(/<video\b[\s\S]*?<\/video>/gi) ?? []);
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

describe('seed content assets', () => {
  it('finds the pictures and videos of the encyclopedia, cases, news, articles and certificates', () => {
    for (const folder of ['/images/wiki/', '/images/cases/', '/images/news/', '/images/videos/', '/images/certificates/', '/videos/']) {
      expect(
        assets.some((p) => p.startsWith(folder)),
        folder,
      ).toBe(true);
    }
  });

  it.each(assets)('%s exists under public/', (p) => {
    expect(existsSync(file(p)), `public${p} is missing`).toBe(true);
    expect(statSync(file(p)).size).toBeGreaterThan(0);
  });

  it.each(svgs)('%s runs no script and loads nothing from elsewhere', (p) => {
    const text = readFileSync(file(p), 'utf8');
    expect(text).toMatch(/^\s*(?:<\?xml[^>]*>\s*)?<svg\b/);
    expect(text).not.toMatch(/<script/i);
    expect(text).not.toMatch(/href\s*=\s*["']?\s*https?:/i);
    expect(text).not.toMatch(/\son[a-z]+\s*=/i);
  });

  it.each(assets.filter((p) => p.endsWith('.mp4')))('%s is an MP4 file', (p) => {
    expect(readFileSync(file(p)).subarray(4, 8).toString('latin1')).toBe('ftyp');
  });

  it('gives every <video> an existing SVG poster and an existing MP4 source', () => {
    expect(videoTags.length).toBeGreaterThan(0);
    for (const tag of videoTags) {
      const poster = attr(tag, 'poster');
      const sources = [attr(tag, 'src'), ...[...tag.matchAll(/<source\b[^>]*\ssrc="([^"]*)"/gi)].map((m) => m[1])].filter(
        (s): s is string => !!s,
      );
      expect(poster, tag).toMatch(/^\/images\/videos\/[\w-]+\.svg$/);
      expect(existsSync(file(poster!)), `${poster} is missing`).toBe(true);
      expect(sources.length, tag).toBeGreaterThan(0);
      for (const src of sources) {
        expect(src).toMatch(/^\/videos\/[\w-]+\.mp4$/);
        expect(existsSync(file(src)), `${src} is missing`).toBe(true);
      }
    }
  });
});
