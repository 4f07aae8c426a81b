/**
 * Request bodies read with a ceiling: a declared Content-Length above the limit is refused before a byte is read, and a
 * chunked (or understated) body stops being read as soon as it passes the limit. Reading first and measuring after
 * (`arrayBuffer()`, `text()`) let one 150 MB POST to a session endpoint grow the shop from 278 to 659 MB (docs/security.md).
 */
import { UPLOAD_MAX_BYTES } from '#src/shared/api/contract/common.ts';

/** Each endpoint's ceiling, sized to the largest honest body it takes. */
export const BODY_LIMITS = {
  /** Login, SMS login, the privacy notice, refresh: a few encrypted fields (RSA-2048 base64 is 344 characters each). */
  session: 8 * 1024,
  /** The same-origin proxy: the largest call is an upload of UPLOAD_MAX_BYTES sent as base64 JSON, plus its envelope. */
  proxy: Math.ceil(UPLOAD_MAX_BYTES / 3) * 4 + 64 * 1024,
  /**
   * Pages that take a form post (the community question form): its 5,000 characters, URL-encoded at 9 bytes a Chinese
   * character, are 45 KB; twice that still gets the field's own message (内容不能超过5000字) rather than a 413.
   */
  form: 128 * 1024,
  /** Netlify's deploy notification: a deploy's JSON summary. */
  notification: 256 * 1024,
} as const;

/** True when the request declares a body longer than `limit` (then nothing need be read). */
export function declaresTooMuch(request: Request, limit: number): boolean {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  return Number.isFinite(declared) && declared > limit;
}

/**
 * The body's bytes, or null when it is longer than `limit`: refused at once by its declared length, else the stream is
 * cancelled at the first chunk past the limit (so at most one chunk, 64 KB from Node's socket, is held beyond it).
 */
export async function readCapped(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (declaresTooMuch(request, limit)) return null;
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** `readCapped` as UTF-8 text. */
export async function readCappedText(request: Request, limit: number): Promise<string | null> {
  const bytes = await readCapped(request, limit);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}

/** A form post's fields (urlencoded or multipart, as its Content-Type says), or null when the body is over `limit`. */
export async function readCappedForm(request: Request, limit: number): Promise<FormData | null> {
  const bytes = await readCapped(request, limit);
  if (bytes === null) return null;
  return new Response(bytes, {
    headers: { 'content-type': request.headers.get('content-type') ?? 'application/x-www-form-urlencoded' },
  }).formData();
}

/**
 * The 413 answer in the shop's envelope. Not `Connection: close`: closing a socket with the unread upload still arriving
 * sends a reset that can destroy the answer before the client reads it; the Node server ends such a connection a moment
 * after the answer instead (server/linger.ts).
 */
export const tooLarge = (): Response =>
  new Response(JSON.stringify({ status: 413, msg: '请求体过大', data: null }), {
    status: 413,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'private, no-store' },
  });
