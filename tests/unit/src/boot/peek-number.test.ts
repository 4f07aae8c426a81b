import { describe, expect, it } from 'vitest';
import { peekNumber } from '#src/boot/peek-number.ts';
import { hasPendingAdds, PENDING_PREFIX } from '#src/boot/pending-key.ts';

const answer = (body: unknown, status = 200) => (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('peekNumber (the header badges without the API client)', () => {
  it('reads one number out of the envelope', async () => {
    expect(
      await peekNumber(
        '/api/buyer/cart/total',
        'cartNum',
        answer({ status: 200, msg: '', data: { cartTotal: 360, cartNum: 2, checkedNum: 1 } }),
      ),
    ).toBe(2);
    expect(await peekNumber('/api/buyer/message/unread', 'total', answer({ status: 200, data: { total: 3 } }))).toBe(3);
  });
  it('answers null for an error envelope, a failed response, a missing or non-numeric field, or a network error', async () => {
    expect(await peekNumber('/x', 'cartNum', answer({ status: 401, msg: '请先登录' }))).toBeNull();
    expect(await peekNumber('/x', 'cartNum', answer({ status: 200, data: {} }, 500))).toBeNull();
    expect(await peekNumber('/x', 'cartNum', answer({ status: 200, data: { cartNum: '2' } }))).toBeNull();
    expect(await peekNumber('/x', 'cartNum', answer({ status: 200, data: null }))).toBeNull();
    expect(
      await peekNumber('/x', 'cartNum', (async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch),
    ).toBeNull();
  });
});

describe('hasPendingAdds (the boot script asks it on every member page)', () => {
  it('sees a key under the prefix only', () => {
    const keys = (list: string[]) => ({ length: list.length, key: (i: number) => list[i] ?? null });
    expect(hasPendingAdds(keys(['flash', 'e2e:tapAt']))).toBe(false);
    expect(hasPendingAdds(keys(['flash', `${PENDING_PREFIX}100101`]))).toBe(true);
  });
});
