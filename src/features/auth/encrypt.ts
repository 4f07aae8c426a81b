/** RSA encryption of credentials with jsencrypt (PKCS#1 v1.5), loaded only when a credential form is used, never during SSR (docs/architecture.md §2). */

/** A credential could not be encrypted: nothing may be sent. */
export class EncryptError extends Error {
  constructor(message = '加密失败，请刷新页面后重试') {
    super(message);
    this.name = 'EncryptError';
  }
}

/** PKCS#1 v1.5 with a 2048-bit key holds at most 245 bytes; jsencrypt counts UTF-16 units, so the UTF-8 length is checked here. */
const MAX_BYTES = 245;

/** Loads jsencrypt now (e.g. on the form's first input), so the submit does not wait for it. */
export const preloadEncryptor = (): Promise<unknown> => import('jsencrypt');

/** Encrypts each value with the backend's public key; throws EncryptError when any fails (jsencrypt returns false). */
export async function encryptAll(publicKey: string, values: readonly string[]): Promise<string[]> {
  if (typeof window === 'undefined' || !publicKey) throw new EncryptError();
  const { JSEncrypt } = await import('jsencrypt');
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKey);
  return values.map((value) => {
    if (new TextEncoder().encode(value).length > MAX_BYTES) throw new EncryptError();
    const out = rsa.encrypt(value);
    if (out === false || !out) throw new EncryptError();
    return out;
  });
}

/** One credential, for forms that send a single encrypted value at a time (change password, change phone). */
export async function encryptCredential(text: string, publicKey: string): Promise<string> {
  const [out] = await encryptAll(publicKey, [text]);
  return out!;
}
