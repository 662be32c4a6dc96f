import { z } from 'zod';
import { base64UrlToBytes, bytesToBase64Url } from '../../shared/base64url';
import { toHex } from '../../shared/hex';

/**
 * The quote token (spec sections 4 and 7.7; design in docs/decisions/0013-quote-token.md): a short-lived
 * proof that a lead comes from a live page of this visitor on this connection. Format
 * `v1.{payload}.{signature}`, both base64url; the payload is JSON {vid, iph, exp, jti} where
 * vid is the visitor id, iph the first 16 hex chars of SHA-256(ip) (the browser sees the
 * token, so it carries no raw ip), exp the expiry in ms. Signed with HMAC-SHA256 under the
 * QUOTE_TOKEN_SECRET secret; verified in constant time by crypto.subtle.verify.
 */
export const QUOTE_TOKEN_TTL_MS = 60_000;

const payloadSchema = z.object({
  vid: z.string().min(1).max(64),
  iph: z.string().regex(/^[0-9a-f]{16}$/),
  exp: z.number().int().positive(),
  jti: z.string().min(8).max(64),
});
type Payload = z.infer<typeof payloadSchema>;

export interface QuoteToken {
  token: string;
  /** ISO expiry, for the browser's renewal loop. */
  expiresAt: string;
}

export type QuoteTokenCheck =
  { valid: true; expiresAt: Date } | { valid: false; reason: 'malformed' | 'signature' | 'expired' | 'visitor' | 'ip' };

const encoder = new TextEncoder();

async function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

export async function ipHash(ip: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(ip)));
  return toHex(digest, 8);
}

export async function issueQuoteToken(
  secret: string,
  binding: { visitorId: string; ip: string },
  now = new Date(),
  ttlMs = QUOTE_TOKEN_TTL_MS,
): Promise<QuoteToken> {
  const payload: Payload = {
    vid: binding.visitorId,
    iph: await ipHash(binding.ip),
    exp: now.getTime() + ttlMs,
    jti: crypto.randomUUID(),
  };
  const body = bytesToBase64Url(encoder.encode(JSON.stringify(payload)));
  const signed = `v1.${body}`;
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(signed)));
  return { token: `${signed}.${bytesToBase64Url(signature)}`, expiresAt: new Date(payload.exp).toISOString() };
}

export async function verifyQuoteToken(
  secret: string,
  token: string,
  binding: { visitorId: string; ip: string },
  now = new Date(),
): Promise<QuoteTokenCheck> {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== 'v1' || !parts[1] || !parts[2]) return { valid: false, reason: 'malformed' };
  const signature = base64UrlToBytes(parts[2]);
  const body = base64UrlToBytes(parts[1]);
  if (!signature || !body) return { valid: false, reason: 'malformed' };
  const ok = await crypto.subtle.verify('HMAC', await hmacKey(secret), signature, encoder.encode(`v1.${parts[1]}`));
  if (!ok) return { valid: false, reason: 'signature' };
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body)) as unknown;
  } catch {
    return { valid: false, reason: 'malformed' };
  }
  const payload = payloadSchema.safeParse(json);
  if (!payload.success) return { valid: false, reason: 'malformed' };
  if (payload.data.exp <= now.getTime()) return { valid: false, reason: 'expired' };
  if (payload.data.vid !== binding.visitorId) return { valid: false, reason: 'visitor' };
  if (payload.data.iph !== (await ipHash(binding.ip))) return { valid: false, reason: 'ip' };
  return { valid: true, expiresAt: new Date(payload.data.exp) };
}
