// The sandbox as the back office: its edit hooks send a signed webhook the shop's verifier accepts (no msw here: a real socket).
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { notifyShop, setPublishing } from '#sandbox/publish-notify.ts';
import { readFileSync } from 'node:fs';
import { parseSecrets, verifyWebhook } from '#src/features/publish/webhook.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('notifyShop', () => {
  it("sends a Standard Webhooks call the shop's verifier accepts, and nothing without a URL", async () => {
    const got: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        got.push({ headers: req.headers, body });
        res.writeHead(202).end('{"accepted":true}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as { port: number };
    try {
      expect(notifyShop({ type: 'goods.changed', data: { ids: [1001] } }, {})).toBeNull();
      const id = notifyShop(
        { type: 'goods.changed', data: { ids: [1001] } },
        { SANDBOX_PUBLISH_URL: `http://127.0.0.1:${port}/api/publish`, PUBLISH_WEBHOOK_SECRETS: SECRET },
      );
      await expect.poll(() => got.length).toBe(1);
      const [call] = got;
      const verdict = verifyWebhook({
        header: (n) => call!.headers[n] as string,
        body: call!.body,
        keys: parseSecrets(SECRET),
        nowS: Math.floor(Date.now() / 1000),
      });
      expect(verdict).toMatchObject({ ok: true, id, event: { type: 'goods.changed', data: { ids: [1001] } } });
    } finally {
      server.close();
    }
  });

  it('sends the site opening or closing even while paused (it starts no build), other events not', async () => {
    const got: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        got.push(body);
        res.writeHead(202).end('{"accepted":true}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as { port: number };
    const env = { SANDBOX_PUBLISH_URL: `http://127.0.0.1:${port}/api/publish`, PUBLISH_WEBHOOK_SECRETS: SECRET };
    setPublishing(false);
    try {
      expect(notifyShop({ type: 'article.changed', data: { kind: 'news', ids: [1] } }, env)).toBeNull();
      expect(notifyShop({ type: 'site.changed', data: { siteon: 0, close_reson: '检修' } }, env, { evenPaused: true })).toMatch(/^msg_/);
      await expect.poll(() => got).toEqual([JSON.stringify({ type: 'site.changed', data: { siteon: 0, close_reson: '检修' } })]);
      // The site hook sends its status that way.
      expect(readFileSync('sandbox/domains/site.ts', 'utf8')).toContain(
        "notifyShop({ type: 'site.changed', data: { siteon, close_reson } }, process.env, { evenPaused: true })",
      );
    } finally {
      setPublishing(true);
      server.close();
    }
  });
});
