// The publishing webhook's verifier: the Standard Webhooks test vector, then each way a call can be wrong.
import { describe, expect, it } from 'vitest';
import { parseSecrets, sign, signedHeaders, verifyWebhook, TOLERANCE_S } from '#src/features/publish/webhook.ts';

/**
 * The example of the Standard Webhooks reference library's tests ("sign function works"), standard-webhooks/standard-webhooks,
 * libraries/javascript/src/webhook.test.ts:
 *   key = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", msgId = "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp = 1614265330,
 *   payload = '{"test": 2432232314}', expected = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
 */
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

const DEV = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const OTHER = `whsec_${Buffer.from('another secret of 32 bytes long!').toString('base64')}`;
const NOW = 1_800_000_000;
const event = JSON.stringify({ type: 'article.changed', data: { kind: 'article', ids: [172] } });

function call(
  o: { secrets?: string; signWith?: string[]; id?: string; ts?: number; body?: string; headers?: Record<string, string | undefined> } = {},
) {
  const body = o.body ?? event;
  const ts = o.ts ?? NOW;
  const headers: Record<string, string | undefined> = {
    ...signedHeaders(parseSecrets((o.signWith ?? [DEV]).join(',')), o.id ?? 'msg_1', ts, body),
    ...o.headers,
  };
  return verifyWebhook({ header: (n) => headers[n], body, keys: parseSecrets(o.secrets ?? DEV), nowS: NOW });
}

describe('Standard Webhooks signature', () => {
  it("reproduces the specification libraries' example signature exactly", () => {
    expect(sign(parseSecrets(VECTOR.secret)[0]!, VECTOR.id, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.signature);
  });

  it('verifies the example (signature among others) at its own time and rejects it five minutes and a second later', () => {
    const headers: Record<string, string> = {
      'webhook-id': VECTOR.id,
      'webhook-timestamp': String(VECTOR.timestamp),
      'webhook-signature': `v1,bm9wZQ== ${VECTOR.signature}`,
    };
    const verify = (nowS: number) =>
      verifyWebhook({ header: (n) => headers[n], body: VECTOR.body, keys: parseSecrets(VECTOR.secret), nowS });
    // The signature is right; the body is no event of ours, so 400, not 401.
    expect(verify(VECTOR.timestamp)).toMatchObject({ ok: false, status: 400 });
    expect(verify(VECTOR.timestamp + TOLERANCE_S + 1)).toMatchObject({ ok: false, status: 401 });
  });
});

describe('verifyWebhook', () => {
  it('accepts a call signed with the secret', () => {
    expect(call()).toMatchObject({ ok: true, id: 'msg_1', event: { type: 'article.changed', data: { kind: 'article', ids: [172] } } });
  });

  it('rejects an unsigned call with 401', () => {
    expect(call({ headers: { 'webhook-signature': undefined } })).toMatchObject({ ok: false, status: 401 });
    expect(call({ headers: { 'webhook-id': undefined } })).toMatchObject({ ok: false, status: 401 });
  });

  it('rejects a call signed with a wrong secret with 401', () => {
    expect(call({ signWith: [OTHER] })).toMatchObject({ ok: false, status: 401, error: 'no valid signature' });
  });

  it('accepts any secret of the rotation list, and a sender signing with old and new', () => {
    expect(call({ secrets: `${DEV},${OTHER}`, signWith: [OTHER] })).toMatchObject({ ok: true });
    expect(call({ secrets: OTHER, signWith: [DEV, OTHER] })).toMatchObject({ ok: true });
  });

  it('rejects a timestamp 301 s old or 301 s ahead with 401; 300 s either way passes', () => {
    expect(call({ ts: NOW - 301 })).toMatchObject({ ok: false, status: 401 });
    expect(call({ ts: NOW + 301 })).toMatchObject({ ok: false, status: 401 });
    expect(call({ ts: NOW - 300 })).toMatchObject({ ok: true });
    expect(call({ ts: NOW + 300 })).toMatchObject({ ok: true });
  });

  it('rejects a body changed after signing (a re-serialised body) with 401', () => {
    const headers = signedHeaders(parseSecrets(DEV), 'msg_1', NOW, event);
    const reserialised = JSON.stringify(JSON.parse(event), null, 1);
    expect(verifyWebhook({ header: (n) => headers[n], body: reserialised, keys: parseSecrets(DEV), nowS: NOW })).toMatchObject({
      ok: false,
      status: 401,
    });
  });

  it('answers malformed JSON and an unknown type with 400 and a message', () => {
    expect(call({ body: '{"type": "article.changed", ' })).toMatchObject({ ok: false, status: 400, error: 'body is not valid JSON' });
    expect(call({ body: '{"type":"order.paid","data":{}}' })).toMatchObject({
      ok: false,
      status: 400,
      error: expect.stringContaining('unknown event type'),
    });
    expect(call({ body: '{"type":"article.changed","data":{"kind":"blog","ids":[1]}}' })).toMatchObject({
      ok: false,
      status: 400,
      error: expect.stringContaining('data.kind'),
    });
  });

  it('rejects an id with a dot (it would move the boundary of the signed text)', () => {
    expect(call({ id: 'msg.1' })).toMatchObject({ ok: false, status: 401 });
  });

  it('refuses a secret list with a value that is not whsec_<base64>', () => {
    expect(() => parseSecrets(`${DEV},whsec_not base64!`)).toThrow(/value 2/);
    expect(parseSecrets(' ')).toEqual([]);
  });
});
