/** RSA-encrypts a credential (phone, password) for the backend as login does: jsencrypt, PKCS#1 v1.5, loaded only when a credential form is submitted, never during SSR. */

/** PKCS#1 v1.5 with a 2048-bit key carries at most 245 bytes. */
const MAX_BYTES = 245;

export class EncryptError extends Error {}

/** The base64 ciphertext; throws EncryptError instead of ever returning jsencrypt's `false`. */
export async function encryptCredential(text: string, publicKey: string): Promise<string> {
  if (typeof window === 'undefined') throw new EncryptError('credentials are encrypted in the browser only');
  if (new TextEncoder().encode(text).length > MAX_BYTES) throw new EncryptError('内容过长，无法加密');
  const { JSEncrypt } = await import('jsencrypt');
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKey);
  const out = rsa.encrypt(text);
  if (out === false) throw new EncryptError('加密失败，请刷新页面后重试');
  return out;
}
