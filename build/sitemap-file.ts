/** Build step: writes sitemap.xml (and robots.txt's target) from the HTML files the build actually produced, so every pre-rendered page is listed, restored ones included. */
import { writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathOfHtmlFile, sitemapFiles } from '#src/features/shell/seo.ts';
import { pageFiles } from './walk.ts';

/** Writes the sitemap file(s) of the pages under `dir` (the static output); returns how many URLs it lists. */
export async function writeSitemap(dir: string, origin: string): Promise<{ urls: number; files: string[] }> {
  const paths: string[] = [];
  for await (const file of pageFiles(dir)) paths.push(pathOfHtmlFile(relative(dir, file)));
  const files = sitemapFiles(paths, origin);
  await Promise.all(files.map((f) => writeFile(join(dir, f.name), f.xml)));
  const urls = files.reduce((n, f) => n + (f.xml.match(/<url>/g)?.length ?? 0), 0);
  return { urls, files: files.map((f) => f.name) };
}
