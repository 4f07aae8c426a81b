/** The `idempotency-key` header's value: one pattern for the shop that makes keys and the server that checks them. */

/** Letters, digits, `_` and `-`, 1 to 100 of them (a UUID fits; the server answers 400 幂等键格式错误 otherwise). */
export const IDEMPOTENCY_KEY = /^[\w-]{1,100}$/;

/** Whether `key` may be sent as an idempotency key. */
export const isIdempotencyKey = (key: string): boolean => IDEMPOTENCY_KEY.test(key);
