/** base64url (RFC 4648 section 5, no padding) for bytes and UTF-8 text; the same in the Worker and the browser. */
export function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return binaryToBase64Url(binary);
}

function binaryToBase64Url(binary: string): string {
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;
/**
 * A character that is not plain printable ASCII: text without one is its own UTF-8 (
 * cookie values are JSON of ids and plain parameters). Other ASCII controls take the byte path.
 */
const NOT_PLAIN_ASCII = /[^\x20-\x7e\t\n\r]/;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The decoded bytes as a binary string (one character a byte); undefined when it is not base64url. */
function base64UrlToBinary(value: string): string | undefined {
  if (!BASE64URL.test(value)) return undefined;
  try {
    return atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
}

/** Bytes of a base64url string; undefined when it is not base64url. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> | undefined {
  const binary = base64UrlToBinary(value);
  return binary === undefined ? undefined : binaryToBytes(binary);
}

function binaryToBytes(binary: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function textToBase64Url(text: string): string {
  // Plain ASCII text is its own UTF-8: no byte array in between.
  return !NOT_PLAIN_ASCII.test(text) ? binaryToBase64Url(text) : bytesToBase64Url(encoder.encode(text));
}

export function base64UrlToText(value: string): string | undefined {
  const binary = base64UrlToBinary(value);
  if (binary === undefined) return undefined;
  return !NOT_PLAIN_ASCII.test(binary) ? binary : decoder.decode(binaryToBytes(binary));
}
