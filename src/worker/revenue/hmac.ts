/**
 * HMAC-SHA256 over text with WebCrypto, as lowercase hex (the one hex helper, shared/hex.ts), and
 * its constant-time check. Keys are imported once per isolate and secret: a postback burst must
 * not import the key per request. The revenue code (visit refs, postback signatures) uses this one
 * cache.
 */
import { toHex } from '../../shared/hex';

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    // A handful of secrets per deployment; the bound only guards against a misuse growing it.
    if (keys.size > 64) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return undefined;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export async function hmacHex(secret: string, text: string): Promise<string> {
  return toHex(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(text)));
}

/** Whether `hex` is the HMAC of `message`; crypto.subtle.verify compares in constant time. */
export async function verifyHmacHex(
  secret: string,
  message: Uint8Array<ArrayBuffer> | ArrayBuffer,
  hex: string,
): Promise<boolean> {
  const signature = fromHex(hex);
  if (!signature || signature.length !== 32) return false;
  return crypto.subtle.verify('HMAC', await hmacKey(secret), signature, message);
}
