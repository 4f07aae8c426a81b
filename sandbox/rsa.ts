/** RSA credentials as the storefront sends them: base64 of PKCS#1 v1.5 ciphertext (jsencrypt), decrypted with the sandbox's private key. */
import { readFileSync } from 'node:fs';
import forge from 'node-forge';

// node:crypto refuses PKCS#1 v1.5 decryption (Marvin attack mitigation), so a JS implementation does it.
let keys: { priv: forge.pki.rsa.PrivateKey; pub: forge.pki.rsa.PublicKey } | null = null;
function keyPair() {
  keys ??= {
    priv: forge.pki.privateKeyFromPem(readFileSync(new URL('./keys/private.pem', import.meta.url), 'utf8')),
    pub: forge.pki.publicKeyFromPem(readFileSync(new URL('./keys/public.pem', import.meta.url), 'utf8')),
  };
  return keys;
}

/** The plain text of an encrypted credential, or null when it is not one of ours. */
export function decryptCredential(b64: string): string | null {
  try {
    const bytes = forge.util.decode64(b64.trim());
    // A 2048-bit key gives exactly 256 bytes; anything else is not a ciphertext of this key.
    if (bytes.length !== 256) return null;
    return forge.util.decodeUtf8(keyPair().priv.decrypt(bytes, 'RSAES-PKCS1-V1_5'));
  } catch {
    return null;
  }
}

/** Encrypts like jsencrypt does (UTF-8, PKCS#1 v1.5, base64); for tests and scripts that log in. */
export function encryptCredential(plain: string): string {
  return forge.util.encode64(keyPair().pub.encrypt(forge.util.encodeUtf8(plain), 'RSAES-PKCS1-V1_5'));
}
