import { describe, expect, it } from 'vitest';
import { BODY_LIMITS, declaresTooMuch, readCapped, readCappedForm, readCappedText } from '#src/shared/http/body.ts';
import { UPLOAD_MAX_BYTES } from '#src/shared/api/contract/common.ts';

/** A streamed (chunked) body of `chunks` pieces of `size` bytes that counts how many were pulled. */
function streamed(chunks: number, size: number, headers: Record<string, string> = {}) {
  let pulled = 0;
  // highWaterMark 0: the stream produces a chunk only when the reader asks, so `pulled` counts what was read.
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled === chunks) return controller.close();
        pulled++;
        controller.enqueue(new Uint8Array(size).fill(0x61));
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request('http://shop.test/api/session/login', {
    method: 'POST',
    body: stream,
    headers,
    duplex: 'half',
  } as RequestInit);
  return { request, pulled: () => pulled };
}

describe('request bodies with a ceiling', () => {
  it('refuses a declared Content-Length over the limit without reading a byte', async () => {
    const { request: declared, pulled } = streamed(10, 1024, { 'content-length': String(150 * 1024 * 1024) });
    expect(declaresTooMuch(declared, BODY_LIMITS.session)).toBe(true);
    expect(await readCapped(declared, BODY_LIMITS.session)).toBeNull();
    expect(pulled()).toBe(0);
  });

  it('stops reading a chunked body within one 64 KB chunk past the limit', async () => {
    const chunk = 64 * 1024;
    const { request, pulled } = streamed(150 * 16, chunk); // 150 MB if read to the end
    expect(await readCapped(request, BODY_LIMITS.session)).toBeNull();
    expect(pulled() * chunk).toBeLessThanOrEqual(BODY_LIMITS.session + chunk * 2);
  });

  it('reads a body up to its limit whole', async () => {
    const { request } = streamed(4, 1024);
    expect((await readCapped(request, 4096))?.byteLength).toBe(4096);
    const text = new Request('http://shop.test/', { method: 'POST', body: JSON.stringify({ a: '氢气' }) });
    expect(await readCappedText(text, BODY_LIMITS.session)).toBe('{"a":"氢气"}');
    expect(await readCappedText(new Request('http://shop.test/', { method: 'POST' }), 10)).toBe('');
  });

  it('parses a capped form post as the browser sent it', async () => {
    const form = new Request('http://shop.test/community/add', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ title: '氮气纯度', content: '请问 99.999% 的氮气...' }).toString(),
    });
    const fields = await readCappedForm(form, BODY_LIMITS.form);
    expect(fields?.get('title')).toBe('氮气纯度');
  });

  it('sizes each limit to its largest honest body', () => {
    // A login: two RSA-2048 ciphertexts in base64 (344 characters each), a UUID and a code.
    expect(BODY_LIMITS.session).toBeGreaterThan(2 * 344 + 200);
    expect(BODY_LIMITS.session).toBeLessThanOrEqual(16 * 1024);
    // The proxy takes the largest upload as base64 JSON.
    expect(BODY_LIMITS.proxy).toBeGreaterThanOrEqual(Math.ceil(UPLOAD_MAX_BYTES / 3) * 4);
    expect(BODY_LIMITS.proxy).toBeLessThan(8 * 1024 * 1024);
    // 5,000 Chinese characters URL-encoded (9 bytes each) fit the form limit.
    expect(BODY_LIMITS.form).toBeGreaterThan(5000 * 9);
  });
});
