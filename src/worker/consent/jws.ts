/**
 * Compact JWS (RFC 7515) with EdDSA over Ed25519 (RFC 8037), by WebCrypto: the Worker signs,
 * and anyone verifies against the published JWKS (the certificate page does it in the browser).
 */
import { base64UrlToBytes, base64UrlToText, bytesToBase64Url, textToBase64Url } from '../../shared/base64url';
import type { PublicJwk, SigningKey } from './signing-key';

export async function signJws(key: SigningKey, payload: unknown): Promise<string> {
  const header = textToBase64Url(JSON.stringify({ alg: 'EdDSA', typ: 'lead-certificate+jwt', kid: key.kid }));
  const body = textToBase64Url(JSON.stringify(payload));
  const signature = await crypto.subtle.sign('Ed25519', key.privateKey, new TextEncoder().encode(`${header}.${body}`));
  return `${header}.${body}.${bytesToBase64Url(new Uint8Array(signature))}`;
}

export type JwsCheck =
  { valid: true; kid: string; payload: unknown } | { valid: false; reason: 'malformed' | 'unknown-key' | 'signature' };

/** Verifies a compact JWS against a key set: the key is chosen by kid, and only EdDSA is accepted. */
export async function verifyJws(jws: string, keys: readonly PublicJwk[]): Promise<JwsCheck> {
  const parts = jws.split('.');
  if (parts.length !== 3) return { valid: false, reason: 'malformed' };
  const [header64, body64, signature64] = parts as [string, string, string];
  let header: { alg?: unknown; kid?: unknown };
  let payload: unknown;
  try {
    header = JSON.parse(base64UrlToText(header64) ?? '') as typeof header;
    payload = JSON.parse(base64UrlToText(body64) ?? '');
  } catch {
    return { valid: false, reason: 'malformed' };
  }
  const signature = base64UrlToBytes(signature64);
  if (header.alg !== 'EdDSA' || typeof header.kid !== 'string' || !signature)
    return { valid: false, reason: 'malformed' };
  const jwk = keys.find((k) => k.kid === header.kid);
  if (!jwk) return { valid: false, reason: 'unknown-key' };
  const key = await crypto.subtle.importKey(
    'jwk',
    { kty: jwk.kty, crv: jwk.crv, x: jwk.x },
    { name: 'Ed25519' },
    false,
    ['verify'],
  );
  const ok = await crypto.subtle.verify('Ed25519', key, signature, new TextEncoder().encode(`${header64}.${body64}`));
  return ok ? { valid: true, kid: header.kid, payload } : { valid: false, reason: 'signature' };
}
