/** Image captchas: a 4-character SVG with noise, its answer kept 5 minutes and spent by the first check. */
import { randomInt, randomUUID } from 'node:crypto';
import type { Db } from './db.ts';

/** Letters and digits a reader cannot confuse: no 0/O, 1/I/L. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CAPTCHA_TTL_MS = 5 * 60 * 1000;
/** Bounds the store when a client asks for codes in a loop; the oldest go first. */
const MAX_PENDING = 5000;
const WIDTH = 120;
const HEIGHT = 40;

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;
const between = (min: number, max: number) => min + randomInt(max - min + 1);
const color = (min: number, max: number) => `rgb(${between(min, max)},${between(min, max)},${between(min, max)})`;

/** The SVG of an answer: rotated, shifted glyphs in dark colours over curves and dots in lighter ones. */
function drawCaptcha(answer: string): string {
  const parts: string[] = [`<rect width="${WIDTH}" height="${HEIGHT}" fill="${color(225, 250)}"/>`];
  for (let i = 0; i < 40; i++)
    parts.push(`<circle cx="${between(0, WIDTH)}" cy="${between(0, HEIGHT)}" r="${between(1, 2)}" fill="${color(120, 210)}"/>`);
  [...answer].forEach((ch, i) => {
    const x = 14 + i * 27 + between(-3, 3);
    const y = 29 + between(-4, 4);
    parts.push(
      `<text x="${x}" y="${y}" font-family="Verdana,Arial,sans-serif" font-size="${between(24, 30)}" font-weight="bold" fill="${color(20, 110)}" transform="rotate(${between(-28, 28)} ${x + 8} ${y - 10})">${ch}</text>`,
    );
  });
  for (let i = 0; i < 3; i++) {
    const d = `M${between(0, 20)} ${between(5, 35)} Q${between(30, 90)} ${between(-10, 50)} ${between(100, 120)} ${between(5, 35)}`;
    parts.push(`<path d="${d}" stroke="${color(60, 170)}" stroke-width="${between(1, 2)}" fill="none"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join('')}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** A new captcha; forgets expired ones so the store stays small. */
export function issueCaptcha(db: Db, now: number): { uuid: string; img: string } {
  db.run('DELETE FROM captchas WHERE expires_at <= ?', now);
  const live = db.get<{ n: number }>('SELECT COUNT(*) AS n FROM captchas')!.n;
  if (live >= MAX_PENDING)
    db.run('DELETE FROM captchas WHERE rowid IN (SELECT rowid FROM captchas ORDER BY rowid LIMIT ?)', live - MAX_PENDING + 1);
  const answer = Array.from({ length: 4 }, () => pick([...ALPHABET])).join('');
  const uuid = randomUUID();
  db.run('INSERT INTO captchas (uuid, answer, expires_at) VALUES (?, ?, ?)', uuid, answer, now + CAPTCHA_TTL_MS);
  return { uuid, img: drawCaptcha(answer) };
}

/** Checks an answer, case-insensitively, and spends the captcha whatever the outcome. */
export function takeCaptcha(db: Db, uuid: string, code: string, now: number): 'ok' | 'expired' | 'wrong' {
  const entry = db.get<{ answer: string; expires_at: number }>('DELETE FROM captchas WHERE uuid = ? RETURNING answer, expires_at', uuid);
  if (!entry) return 'expired';
  if (entry.expires_at <= now) return 'expired';
  return entry.answer === code.trim().toUpperCase() ? 'ok' : 'wrong';
}

/** The answer of a live captcha, for the test hook. */
export function captchaAnswer(db: Db, uuid: string, now: number): string | null {
  const entry = db.get<{ answer: string; expires_at: number }>('SELECT answer, expires_at FROM captchas WHERE uuid = ?', uuid);
  return entry && entry.expires_at > now ? entry.answer : null;
}
