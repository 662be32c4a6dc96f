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
import { toHex } from '../../shared/hex';

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

/**
 * Everything kept per isolate for one secret and purpose (issue 16): its HMAC key, imported once
 * (and, once imported, used without waiting on its promise), and the signatures it made or
 * checked. HMAC is deterministic, so a value signed once has that signature forever:
 * re-issuing a cookie whose value did not change (a returning visitor's session, and visit
 * record on a page they saw last) needs no new HMAC, nor does their key's anonymous id, and a
 * cookie the isolate signed or verified before needs no new check (a visitor's next request
 * sends back what their last one was given). The memos are keyed by the strings the request
 * already holds (the value; the cookie as sent, still URL-encoded), so a lookup builds no key,
 * decodes nothing and hashes each string once; only signatures made with this isolate's
 * secrets are ever held. A visitor's first request keeps nothing: its signatures are kept when
 * its cookies first come back (verified once, then known), so visitors who never return (most
 * of an ad's) neither fill the memos nor leave seven entries each for the garbage collector to
 * carry through the next thousand first visits; a returning visitor pays one check of each
 * cookie on their second request (docs/decisions/0041-visitor-state-on-the-page-path-the-nothing.md, its third, ninth, tenth and twelfth
 * passes).
 */
interface SigningKey {
  imported: Promise<CryptoKey>;
  /** The same key once imported. */
  ready?: CryptoKey;
  /** value → its signed cookie text, `encodeURIComponent(value + '.' + signature)` (for the anonymous purpose, key → anonymous id). */
  signed: BoundedMap<string, string>;
  /** signed cookie text as sent → value (for verifying again). */
  verified: BoundedMap<string, string>;
}

/** Memo entries a purpose keeps for signing and, as many again, for verifying. */
const SIGNATURES_KEPT = 1024;
/** secret → purpose → its key and memos; a handful of secrets at most (one per deployment, a few in tests). */
const signingKeys = new Map<string, Map<SigningPurpose, SigningKey>>();

function signingKey(secret: string, purpose: SigningPurpose): SigningKey {
  let purposes = signingKeys.get(secret);
  if (purposes === undefined) {
    if (signingKeys.size >= 16) signingKeys.clear();
    purposes = new Map();
    signingKeys.set(secret, purposes);
  }
  let key = purposes.get(purpose);
  if (key === undefined) {
    const imported = crypto.subtle.importKey('raw', encoder.encode(purposeSecret(secret, purpose)), HMAC, false, [
      'sign',
      'verify',
    ]);
    const created: SigningKey = {
      imported,
      signed: new BoundedMap(SIGNATURES_KEPT),
      verified: new BoundedMap(SIGNATURES_KEPT),
    };
    void imported.then((ready) => (created.ready = ready)).catch(() => undefined);
    purposes.set(purpose, created);
    key = created;
  }
  return key;
}

/** The raw HMAC-SHA256 of a value under a signing key. */
async function hmacBytes(key: SigningKey, value: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign('HMAC', key.ready ?? (await key.imported), encoder.encode(value)));
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
 * SameSite=Lax), byte for byte, but with the key imported once per isolate. A value this isolate
 * signed or verified before is not signed again; a new one is kept both ways: for signing the
 * same value again, and as verified for when the cookie comes back (a page's cookies come back
 * with its own events, and the visit record of a new page with the visitor's next page).
 * `keep: false` (a first visit's cookies) signs without keeping.
 */
export async function signedCookie(
  name: string,
  value: string,
  secret: string,
  purpose: SigningPurpose,
  maxAge: number,
  keep = true,
): Promise<string> {
  const key = signingKey(secret, purpose);
  let text = key.signed.get(value);
  if (text === undefined) {
    text = encodeURIComponent(`${value}.${bytesToBase64(await hmacBytes(key, value))}`);
    if (keep) {
      key.signed.set(value, text);
      key.verified.set(text, value);
    }
  }
  return `${name}=${text}${cookieAttributes(maxAge)}`;
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
    ephemeral = toHex(bytes);
    warn('VISITOR_COOKIE_SECRET is not set; visitor cookies are signed with a per-isolate secret');
  }
  return ephemeral;
}

/** The Set-Cookie value for a visitor key. */
export function visitorCookieHeader(key: string, secret: string, keep = true): Promise<string> {
  return signedCookie(VISITOR_COOKIE, key, secret, 'visitor', VISITOR_COOKIE_MAX_AGE, keep);
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
  const key = signingKey(secret, purpose);
  // Exactly the text of a cookie this isolate signed or checked before (a map lookup, not a comparison of signatures).
  const seen = key.verified.get(raw);
  if (seen !== undefined) return seen;
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
  try {
    const bytes = Uint8Array.from(atob(signed), (ch) => ch.charCodeAt(0));
    // crypto.subtle.verify compares in constant time.
    if (!(await crypto.subtle.verify('HMAC', key.ready ?? (await key.imported), bytes, encoder.encode(value))))
      return undefined;
  } catch {
    return undefined;
  }
  key.verified.set(raw, value);
  key.signed.set(value, encodeURIComponent(decoded));
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

/**
 * The public anonymous id of a visitor key: HMAC-SHA256, first 16 bytes, formatted as a v4 UUID.
 * Kept per isolate (issue 16): a returning visitor's id costs a map lookup, a new one one HMAC
 * (not kept with `keep: false`, for a key this request minted).
 */
export async function anonymousIdFor(key: string, secret: string, keep = true): Promise<string> {
  const anonymous = signingKey(secret, 'anonymous');
  const hit = anonymous.signed.get(key);
  if (hit !== undefined) return hit;
  const bytes = await hmacBytes(anonymous, key);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = toHex(bytes, 16);
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  if (keep) anonymous.signed.set(key, id);
  return id;
}
