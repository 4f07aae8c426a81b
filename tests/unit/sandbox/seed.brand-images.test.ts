// The pictures the seed data points at (category icons, banners, ads, shop logos) plus the logo and favicon
// exist in public/ as plain, self-contained SVG files; they are drawn by scripts/seed-images.ts.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { categories } from '#sandbox/seed/categories.ts';
import { shopSeeds } from '#sandbox/seed/goods-data/shops.ts';
import { ads, banners } from '#sandbox/seed/site.ts';

// Vitest runs from the repository's root.
const PUBLIC = resolve('public');

const categoryPics = categories.flatMap((c) => [c.pic, ...c.children.map((s) => s.pic)]);
const bannerPics = banners.map((b) => b.pic);
const adPics = ads.map((a) => a.pic);
const shopLogos = shopSeeds.map((s) => s.logo);
const all = [...new Set(['/logo.svg', '/favicon.svg', ...categoryPics, ...bannerPics, ...adPics, ...shopLogos])];

const read = (path: string) => readFileSync(`${PUBLIC}${path}`, 'utf8');

describe('brand images', () => {
  it('covers every category, banner, ad and shop of the seed', () => {
    expect(categoryPics).toHaveLength(6 + 28);
    expect(new Set(categoryPics).size).toBe(categoryPics.length);
    expect(bannerPics).toEqual(['/images/banners/1.svg', '/images/banners/2.svg', '/images/banners/3.svg']);
    expect(adPics).toEqual(['/images/ads/1.svg', '/images/ads/2.svg']);
    expect(shopLogos).toEqual(['/images/shops/1.svg', '/images/shops/2.svg', '/images/shops/3.svg', '/images/shops/4.svg']);
  });

  it.each(all)('%s exists and is a self-contained SVG', (path) => {
    expect(path.startsWith('/')).toBe(true);
    expect(existsSync(`${PUBLIC}${path}`), `public${path} is missing`).toBe(true);
    const svg = read(path);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).not.toMatch(/<script/i);
    expect(svg).not.toContain('href="http');
    expect(svg).not.toMatch(/\s(?:xlink:)?href="(?!#)/);
    expect(svg).not.toMatch(/\son[a-z]+=/i);
  });

  it('keeps the files small', () => {
    for (const path of all) {
      const limit = bannerPics.includes(path) ? 25_000 : 12_000;
      expect(statSync(`${PUBLIC}${path}`).size, path).toBeLessThan(limit);
    }
  });

  it('draws the logo and favicon on a square canvas', () => {
    for (const path of ['/logo.svg', '/favicon.svg']) {
      const m = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(read(path));
      expect(m, path).not.toBeNull();
      expect(m![1]).toBe(m![2]);
    }
  });
});
