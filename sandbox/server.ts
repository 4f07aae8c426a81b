/** Serves a sandbox over HTTP on loopback: node's http request in, the sandbox's fetch-style answer out. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Sandbox } from './app.ts';

/** An upload of 5 MB plus its multipart framing fits; larger bodies are answered 413 (the upload itself says 文件大小不能超过 5MB). */
const MAX_BODY = 6 * 1024 * 1024;

export function serve(sb: Sandbox, port: number, host = '127.0.0.1'): Promise<Server> {
  const server = createServer(async (req, res) => {
    try {
      const body = await readAll(req);
      const request = new Request(`http://${host}:${port}${req.url ?? '/'}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: body && req.method !== 'GET' && req.method !== 'HEAD' ? new Uint8Array(body) : undefined,
      });
      const response = await sb.handle(request);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (e) {
      const tooLarge = e instanceof Error && e.message === 'too large';
      res.writeHead(tooLarge ? 413 : 400, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ status: tooLarge ? 413 : 400, msg: tooLarge ? '请求体过大' : '请求格式错误', data: null }));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

function readAll(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // An oversized body is read to its end and dropped, so the client gets the 413 answer instead of a reset connection.
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => (size > MAX_BODY ? reject(new Error('too large')) : resolve(chunks.length ? Buffer.concat(chunks) : null)));
    req.on('error', reject);
  });
}
