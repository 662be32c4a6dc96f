/**
 * The visitor's key and its public twin (issue 11, item 2).
 *
 * - The **visitor key** names the visitor's Durable Object: whoever holds it reads the
 *   visitor's stored answers. It lives only in the `qf_aid` cookie: HttpOnly, Secure,
 *   SameSite=Lax, host-only (no Domain), signed with HMAC-SHA256 under the
 *   VISITOR_COOKIE_SECRET secret (hono/cookie signed cookies). A value the Worker did not sign
 *   is refused and replaced. It is never put in a page, an event, a URL, a log line or D1.
 * - The **anonymous id** is what pages, the tracker, events, quote tokens and `leads.visitor_id`
 *   carry: HMAC(secret, key) shaped as a UUID. It is stable for the key, and knowing it gives
 *   no way back to the key.
 *
 * Plain Web Crypto and hono's cookie helpers: the browser tests import this from Node to find
 * a browser context's anonymous id.
 */
import { serialize } from 'hono/utils/cookie';
import { BoundedMap } from '../../shared/memo';

export const VISITOR_COOKIE = 'qf_aid';
/** A returning visitor within 30 days finds their answers; after that the key is dropped by the browser. */
export const VISITOR_COOKIE_MAX_AGE = 60 * 60 * 24 * 30;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** One secret, separate keys per use: a value signed as one cookie is never valid as another. */
export type SigningPurpose = 'visitor' | 'session' | 'anonymous' | 'ops' | 'visit';

export function purposeSecret(secret: string, purpose: SigningPurpose): string {
  return `${secret}\u0000${purpose}`;
}

const HMAC = { name: 'HMAC', hash: 'SHA-256' } as const;
const encoder = new TextEncoder();
/** Imported HMAC keys per secret and purpose: one import per isolate instead of one per cookie. */
const hmacKeys = new Map<string, Promise<CryptoKey>>();

/** The same keys once imported, for use without waiting on their promise (issue 16: one await less per HMAC). */
const importedKeys = new Map<string, CryptoKey>();

/** The HMAC-SHA256 key of a secret and purpose, imported once per isolate. */
export function hmacKey(secret: string, purpose: SigningPurpose): Promise<CryptoKey> {
  const material = purposeSecret(secret, purpose);
  let key = hmacKeys.get(material);
  if (key === undefined) {
    // A handful of secrets at most (one per deployment, a few in tests); bounded all the same.
    if (hmacKeys.size >= 64) {
      hmacKeys.clear();
      importedKeys.clear();
    }
    key = crypto.subtle.importKey('raw', encoder.encode(material), HMAC, false, ['sign', 'verify']);
    void key.then((imported) => importedKeys.set(material, imported)).catch(() => undefined);
    hmacKeys.set(material, key);
  }
  return key;
}

/** The key, or its promise while the first import is still under way. */
function hmacKeyNow(secret: string, purpose: SigningPurpose): CryptoKey | Promise<CryptoKey> {
  return importedKeys.get(purposeSecret(secret, purpose)) ?? hmacKey(secret, purpose);
}

/**
 * Signatures this isolate made or checked (issue 16). HMAC is deterministic, so a value signed
 * once has that signature forever: re-issuing a cookie whose value did not change (a returning
 * visitor's session, and visit record on a page they saw last) needs no new HMAC, nor does their
 * key's anonymous id, and a cookie the isolate signed or verified before needs no new check (a
 * visitor's next request sends back what their last one was given). Keyed by signing key and
 * exact value; only signatures made with this isolate's secrets are ever held. A first visit
 * adds seven entries (three cookies both ways, the anonymous id), so the memo holds a few
 * thousand visitors (docs/decisions.md, "Speed, third pass" and "ninth pass").
 */
const known = new BoundedMap<string, string>(8192);
function remember(entry: string, value: string): void {
  known.set(entry, value);
}
/** `s` + key + value → base64 signature (for signing); `v` + key + value.signature → value (for verifying); `a` + key + visitor key → anonymous id. */
const signedEntry = (material: string, value: string) => `s\u0000${material}\u0000${value}`;
const verifiedEntry = (material: string, signed: string) => `v\u0000${material}\u0000${signed}`;

/**
 * The base64 HMAC-SHA256 of a value under a secret and purpose; a signature this isolate made or
 * verified is reused. A new one is kept both ways: for signing the same value again, and as
 * verified for when the cookie comes back (a page's cookies come back with its own events, and
 * the visit record of a new page with the visitor's next page).
 */
async function signature(secret: string, purpose: SigningPurpose, value: string): Promise<string> {
  const material = purposeSecret(secret, purpose);
  const entry = signedEntry(material, value);
  const hit = known.get(entry);
  if (hit !== undefined) return hit;
  const signed = bytesToBase64(await hmacBytes(secret, purpose, value));
  remember(entry, signed);
  remember(verifiedEntry(material, `${value}.${signed}`), value);
  return signed;
}

/** The raw HMAC-SHA256 of a value under a secret and purpose. */
async function hmacBytes(secret: string, purpose: SigningPurpose, value: string): Promise<Uint8Array> {
  const key = hmacKeyNow(secret, purpose);
  return new Uint8Array(
    await crypto.subtle.sign('HMAC', key instanceof CryptoKey ? key : await key, encoder.encode(value)),
  );
}

/** Standard base64 of a few bytes (a signature), without spreading them into an argument list. */
function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The attributes every signed cookie of this Worker carries, serialized once per lifetime. */
const attributeCache = new Map<number, string>();
function cookieAttributes(maxAge: number): string {
  let attributes = attributeCache.get(maxAge);
  if (attributes === undefined) {
    // hono's own serializer, so the attributes are exactly what generateSignedCookie wrote.
    attributes = serialize('n', '', { path: '/', maxAge, httpOnly: true, secure: true, sameSite: 'Lax' }).slice(2);
    attributeCache.set(maxAge, attributes);
  }
  return attributes;
}

/**
 * A Set-Cookie value signed as hono/cookie's generateSignedCookie writes it (`name=`
 * encodeURIComponent(value + '.' + base64 HMAC), Path=/, Max-Age, HttpOnly, Secure,
 * SameSite=Lax), byte for byte, but with the key imported once per isolate.
 */
export async function signedCookie(
  name: string,
  value: string,
  secret: string,
  purpose: SigningPurpose,
  maxAge: number,
): Promise<string> {
  return `${name}=${encodeURIComponent(`${value}.${await signature(secret, purpose, value)}`)}${cookieAttributes(maxAge)}`;
}

/** An unsigned cookie with the same attributes (HttpOnly, Secure, SameSite=Lax, Path=/); Max-Age 0 deletes it. */
export function plainCookie(name: string, value: string, maxAge: number): string {
  return `${name}=${encodeURIComponent(value)}${cookieAttributes(maxAge)}`;
}

let ephemeral: string | undefined;

/**
 * The signing secret. A deployment without `wrangler secret put VISITOR_COOKIE_SECRET` gets a
 * random per-isolate secret: cookies stay unforgeable, but visitors lose their answers when
 * the isolate changes (the log says so, once per isolate).
 */
export function cookieSecret(
  env: { VISITOR_COOKIE_SECRET?: string },
  warn: (message: string) => void = () => {},
): string {
  const configured = env.VISITOR_COOKIE_SECRET?.trim();
  if (configured) return configured;
  if (ephemeral === undefined) {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    ephemeral = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
    warn('VISITOR_COOKIE_SECRET is not set; visitor cookies are signed with a per-isolate secret');
  }
  return ephemeral;
}

/** The Set-Cookie value for a visitor key. */
export function visitorCookieHeader(key: string, secret: string): Promise<string> {
  return signedCookie(VISITOR_COOKIE, key, secret, 'visitor', VISITOR_COOKIE_MAX_AGE);
}

/** The first value of cookie `name` in a Cookie header, as sent (still URL-encoded). */
export function rawCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The value of a cookie signed by hono/cookie (`encodeURIComponent(value + '.' + base64 HMAC)`),
 * or undefined when it is missing, malformed or not signed with this secret and purpose.
 */
export async function verifySignedValue(
  raw: string | undefined,
  secret: string,
  purpose: SigningPurpose,
): Promise<string | undefined> {
  if (!raw || raw.length > 4096) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw.replace(/^"|"$/g, ''));
  } catch {
    return undefined;
  }
  const dot = decoded.lastIndexOf('.');
  if (dot < 0) return undefined;
  const value = decoded.slice(0, dot);
  const signed = decoded.slice(dot + 1);
  if (signed.length !== 44 || !signed.endsWith('=')) return undefined;
  const material = purposeSecret(secret, purpose);
  // Exactly a value and signature this isolate made or checked before (a map lookup, not a comparison of signatures).
  const seen = known.get(verifiedEntry(material, decoded));
  if (seen !== undefined) return seen;
  try {
    const bytes = Uint8Array.from(atob(signed), (ch) => ch.charCodeAt(0));
    // crypto.subtle.verify compares in constant time.
    const key = hmacKeyNow(secret, purpose);
    if (!(await crypto.subtle.verify('HMAC', key instanceof CryptoKey ? key : await key, bytes, encoder.encode(value))))
      return undefined;
  } catch {
    return undefined;
  }
  remember(verifiedEntry(material, decoded), value);
  remember(signedEntry(material, value), signed);
  return value;
}

/** The visitor key of a Cookie header: only a v4 UUID this Worker signed; anything else is undefined. */
export async function visitorKeyFromCookies(
  cookieHeader: string | null | undefined,
  secret: string,
): Promise<string | undefined> {
  const value = await verifySignedValue(rawCookie(cookieHeader, VISITOR_COOKIE), secret, 'visitor');
  return value !== undefined && UUID.test(value) ? value : undefined;
}

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

function hex(bytes: Uint8Array, from: number, to: number): string {
  let out = '';
  for (let i = from; i < to; i++) out += HEX[bytes[i] ?? 0];
  return out;
}

/**
 * The public anonymous id of a visitor key: HMAC-SHA256, first 16 bytes, formatted as a v4 UUID.
 * Kept per isolate (issue 16): a returning visitor's id costs a map lookup, a new one one HMAC.
 */
export async function anonymousIdFor(key: string, secret: string): Promise<string> {
  const entry = `a\u0000${purposeSecret(secret, 'anonymous')}\u0000${key}`;
  const hit = known.get(entry);
  if (hit !== undefined) return hit;
  const bytes = await hmacBytes(secret, 'anonymous', key);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const id = `${hex(bytes, 0, 4)}-${hex(bytes, 4, 6)}-${hex(bytes, 6, 8)}-${hex(bytes, 8, 10)}-${hex(bytes, 10, 16)}`;
  remember(entry, id);
  return id;
}
