/**
 * Compact JWS (RFC 7515) with EdDSA over Ed25519 (RFC 8037), by WebCrypto: the Worker signs,
 * and anyone verifies against the published JWKS: the certificate page does it in the browser, so
 * the Worker itself never verifies.
 */
import { bytesToBase64Url, textToBase64Url } from '../../shared/base64url';
import type { SigningKey } from './signing-key';

/** `typ` names what is signed: a lead certificate, or a signed tree head of the lead log. */
export async function signJws(key: SigningKey, payload: unknown, typ = 'lead-certificate+jwt'): Promise<string> {
  const header = textToBase64Url(JSON.stringify({ alg: 'EdDSA', typ, kid: key.kid }));
  const body = textToBase64Url(JSON.stringify(payload));
  const signature = await crypto.subtle.sign('Ed25519', key.privateKey, new TextEncoder().encode(`${header}.${body}`));
  return `${header}.${body}.${bytesToBase64Url(new Uint8Array(signature))}`;
}
