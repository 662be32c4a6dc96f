/**
 * Hashes of a lead's contact values: what the certificate carries instead of the values, and
 * what privacy requests match on after retention cleared the values. Phone: the ten US digits
 * as E.164 (+1 and ten digits); email: trimmed and lower-cased. These are the normalisations ad
 * and lead platforms hash with, so a buyer can match their own copy of the lead.
 */
import { sha256Hex } from '../../shared/consent';
import { toHex } from '../../shared/hex';

export function normalisePhone(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^\d{10}$/.test(national) ? national : null;
}

export function normaliseEmail(email: string): string | null {
  const value = email.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+$/.test(value) ? value : null;
}

export async function phoneSha256(phone: unknown): Promise<string | null> {
  const normal = typeof phone === 'string' ? normalisePhone(phone) : null;
  return normal ? sha256Hex(`+1${normal}`) : null;
}

export async function emailSha256(email: unknown): Promise<string | null> {
  const normal = typeof email === 'string' ? normaliseEmail(email) : null;
  return normal ? sha256Hex(normal) : null;
}

const fingerprintKeys = new Map<string, Promise<CryptoKey>>();

/**
 * A contact's fingerprint: HMAC-SHA256 under the operator's secret (LEAD_HASH_SALT) of the
 * normalised value (`phone:+1XXXXXXXXXX`, `email:name@host`), as hex. Unlike a plain SHA-256 of a
 * phone number, which a laptop reverses by trying every number in seconds, a fingerprint can be
 * computed and compared only by someone holding the secret: the Worker, for duplicate leads,
 * do-not-sell requests, privacy requests and a buyer's match request. Null for a value that is
 * not a valid phone or email, or without a secret (an HMAC key cannot be empty).
 */
export async function contactFingerprint(
  secret: string,
  kind: 'phone' | 'email',
  value: unknown,
): Promise<string | null> {
  if (!secret || typeof value !== 'string') return null;
  const normal = kind === 'phone' ? normalisePhone(value) : normaliseEmail(value);
  if (!normal) return null;
  let key = fingerprintKeys.get(secret);
  if (!key) {
    if (fingerprintKeys.size >= 4) fingerprintKeys.clear();
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    fingerprintKeys.set(secret, key);
  }
  const message = kind === 'phone' ? `phone:+1${normal}` : `email:${normal}`;
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await key, new TextEncoder().encode(message)));
  return toHex(mac);
}

/** The contact fields of a lead's values, whichever form wrote them. */
export function leadContact(values: Record<string, unknown>): { phone: unknown; email: unknown } {
  return { phone: values.phone ?? values.driver1Phone, email: values.email ?? values.driver1Email };
}
