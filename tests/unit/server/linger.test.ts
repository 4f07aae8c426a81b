import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { lingerAfterEarlyAnswer } from '#server/linger.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** A server that refuses every body at once with 413, reading none of it, as the shop's endpoints do over their limit. */
async function refusing(lingerMs: number): Promise<number> {
  server = createServer((req, res) => {
    lingerAfterEarlyAnswer(req, res, lingerMs);
    res.writeHead(413, { 'content-type': 'text/plain' });
    res.end('too large');
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  return (server.address() as { port: number }).port;
}

/** Uploads without end (a megabyte a turn) and reports what the client saw: the answer, and whether the server hung up. */
function endlessUpload(port: number, declared: number | null): Promise<{ answer: string; closedAfterMs: number; sentMb: number }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let answeredAt = 0;
    socket.on('data', (b: Buffer) => {
      answer += b.toString('latin1');
      answeredAt ||= performance.now();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ answer, closedAfterMs: performance.now() - answeredAt, sentMb: sent }));
    socket.write(
      `POST / HTTP/1.1\r\nHost: x\r\n${declared === null ? 'Transfer-Encoding: chunked' : `Content-Length: ${declared}`}\r\n\r\n`,
    );
    const mb = Buffer.alloc(1024 * 1024, 0x61);
    const frame = declared === null ? Buffer.concat([Buffer.from('100000\r\n'), mb, Buffer.from('\r\n')]) : mb;
    const pump = () => {
      if (socket.destroyed || sent > 2000) return;
      sent++;
      socket.write(frame, () => setImmediate(pump));
    };
    pump();
  });
}

describe('lingering close after an early answer', () => {
  it('lets the client read the 413 and ends the connection shortly after, instead of draining an endless upload', async () => {
    const port = await refusing(150);
    for (const declared of [150 * 1024 * 1024, null]) {
      const seen = await endlessUpload(port, declared);
      expect(seen.answer).toMatch(/^HTTP\/1\.1 413/);
      expect(seen.closedAfterMs).toBeLessThan(1500);
      expect(seen.sentMb).toBeLessThan(2000);
    }
  });

  it('keeps a connection whose body was read whole (an ordinary POST) alive', async () => {
    server = createServer((req, res) => {
      lingerAfterEarlyAnswer(req, res, 50);
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as { port: number }).port;
    const agentRes = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: 'x'.repeat(1000) });
    expect(await agentRes.text()).toBe('ok');
    expect(agentRes.headers.get('connection')).not.toBe('close');
  });
});
