/**
 * The visitor's key and its public twin.
 *
 * - The **visitor key** names the visitor's Durable Object: whoever holds it reads the
 *   visitor's stored answers. It lives only in the `__Host-qf_aid` cookie: HttpOnly, Secure,
 *   SameSite=Lax, Path=/, host-only (the `__Host-` prefix makes the browser refuse one set with
 *   a Domain, so a sibling subdomain cannot plant its own key: cookie tossing), signed with
 *   HMAC-SHA256 under the VISITOR_COOKIE_SECRET secret and the site's hostname (hono/cookie
 *   signed cookies). A value the Worker did not sign for this host is refused and replaced, so a
 *   key from one brand's site opens nothing on another's. It is never put in a page, an event,
 *   a URL, a log line or D1.
 * - Cookie names: every cookie the Worker sets host-only, Secure and Path=/ carries the
 *   `__Host-` prefix. Two cookies of one name (one planted beside ours) count as none. The
 *   names before the prefix are read once (currentCookie), re-issued under the new name and
 *   expired (legacyCookieUpdates).
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

/** The prefix the browser enforces: Secure, Path=/, no Domain (RFC 6265bis, "cookie prefixes"). */
export const HOST_PREFIX = '__Host-';
export const VISITOR_COOKIE = `${HOST_PREFIX}qf_aid`;
/** A returning visitor within 30 days finds their answers; after that the key is dropped by the browser. */
export const VISITOR_COOKIE_MAX_AGE = 60 * 60 * 24 * 30;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** One secret, separate keys per use: a value signed as one cookie is never valid as another. */
export type SigningPurpose = 'visitor' | 'session' | 'anonymous' | 'ops' | 'visit' | 'experiment';

/**
 * The HMAC secret of a purpose; `site` (a hostname) binds the signature to one site as well:
 * the visitor key is signed per host, so it verifies only on the host that issued it.
 */
export function purposeSecret(secret: string, purpose: SigningPurpose, site?: string): string {
  return site === undefined ? `${secret}\u0000${purpose}` : `${secret}\u0000${purpose}\u0000${site}`;
}

const HMAC = { name: 'HMAC', hash: 'SHA-256' } as const;
const encoder = new TextEncoder();

/**
 * Everything kept per isolate for one secret and purpose: its HMAC key, imported once
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
/**
 * secret → purpose (with its site, for a site-bound purpose) → its key and memos; a handful of
 * secrets at most (one per deployment, a few in tests). A deployment serves a few dozen
 * hostnames, each with its own visitor-key signing key; past SITE_KEYS_KEPT (a flood of made-up
 * Host headers) the site-bound keys start over, the unbound ones stay.
 */
const signingKeys = new Map<string, Map<string, SigningKey>>();
const SITE_KEYS_KEPT = 64;

function signingKey(secret: string, purpose: SigningPurpose, site?: string): SigningKey {
  let purposes = signingKeys.get(secret);
  if (purposes === undefined) {
    if (signingKeys.size >= 16) signingKeys.clear();
    purposes = new Map();
    signingKeys.set(secret, purposes);
  }
  const name = site === undefined ? purpose : `${purpose}\u0000${site}`;
  let key = purposes.get(name);
  if (key === undefined) {
    if (site !== undefined && purposes.size >= SITE_KEYS_KEPT)
      for (const known of purposes.keys()) if (known.includes('\u0000')) purposes.delete(known);
    const imported = crypto.subtle.importKey('raw', encoder.encode(purposeSecret(secret, purpose, site)), HMAC, false, [
      'sign',
      'verify',
    ]);
    const created: SigningKey = {
      imported,
      signed: new BoundedMap(SIGNATURES_KEPT),
      verified: new BoundedMap(SIGNATURES_KEPT),
    };
    void imported.then((ready) => (created.ready = ready)).catch(() => undefined);
    purposes.set(name, created);
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
  site?: string,
): Promise<string> {
  const key = signingKey(secret, purpose, site);
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

/**
 * The signing secret. There is no fallback: a deployment without `wrangler secret put
 * VISITOR_COOKIE_SECRET` is refused with 503 before any cookie is read (requireConfiguration in
 * src/worker/operations/configuration.ts), since a per-isolate random secret made every other
 * isolate refuse the visitor's cookies. Reaching this without one is a programming error.
 */
export function cookieSecret(env: { VISITOR_COOKIE_SECRET?: string }): string {
  const configured = env.VISITOR_COOKIE_SECRET?.trim();
  if (!configured) throw new Error('VISITOR_COOKIE_SECRET is not set');
  return configured;
}

/** The Set-Cookie value for a visitor key, signed for the site (hostname) it is issued on. */
export function visitorCookieHeader(key: string, secret: string, site: string, keep = true): Promise<string> {
  return signedCookie(VISITOR_COOKIE, key, secret, 'visitor', VISITOR_COOKIE_MAX_AGE, keep, site);
}

/** A cookie name's first value in a Cookie header (as sent, still URL-encoded) and how many times the name came. */
interface HeaderCookie {
  readonly value: string;
  readonly count: number;
}

/** The cookies of one Cookie header, by name (parseCookies). */
export type Cookies = ReadonlyMap<string, HeaderCookie>;

/** The cookies of a Cookie header by name: `name=value` pairs split at ';', name and value trimmed. */
export function parseCookies(cookieHeader: string | null | undefined): Cookies {
  const byName = new Map<string, { value: string; count: number }>();
  for (const pair of (cookieHeader ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    const seen = byName.get(name);
    if (seen !== undefined) seen.count++;
    else byName.set(name, { value: pair.slice(eq + 1).trim(), count: 1 });
  }
  return byName;
}

/**
 * The request's cookies, read from its Cookie header once per request: a page view looks up
 * about nine cookies, and reading the header and splitting it for each lookup was a sixth of
 * what a returning visitor's view allocated. Kept with the request only, never beyond it (the
 * header holds whatever else the site's scripts set).
 */
const cookiesByRequest = new WeakMap<Request, Cookies>();
export function requestCookies(request: Request): Cookies {
  let cookies = cookiesByRequest.get(request);
  if (cookies === undefined) {
    cookies = parseCookies(request.headers.get('cookie'));
    cookiesByRequest.set(request, cookies);
  }
  return cookies;
}

/**
 * The value of cookie `name`, as sent (still URL-encoded), when the header held exactly one
 * cookie of that name. Two or more count as none: the browser sends a cookie planted for a
 * parent domain (cookie tossing) beside ours, in an order we cannot trust, so picking either
 * could hand the visitor someone else's key.
 */
export function rawCookie(cookies: Cookies, name: string): string | undefined {
  const cookie = cookies.get(name);
  return cookie !== undefined && cookie.count === 1 ? cookie.value : undefined;
}

/** The name a `__Host-` cookie had before the prefix. */
export function legacyCookieName(name: string): string {
  return name.startsWith(HOST_PREFIX) ? name.slice(HOST_PREFIX.length) : name;
}

/**
 * A cookie under its `__Host-` name, or, when the browser sends none of that name, under its
 * name before the prefix (`legacy: true`: the caller re-issues it under the new name). A
 * duplicated name is none either way, and a duplicated new name never falls back to the old.
 */
export function currentCookie(cookies: Cookies, name: string): { raw: string | undefined; legacy: boolean } {
  if (cookies.has(name)) return { raw: rawCookie(cookies, name), legacy: false };
  const old = legacyCookieName(name);
  if (old === name) return { raw: undefined, legacy: false };
  const raw = rawCookie(cookies, old);
  return { raw, legacy: raw !== undefined };
}

/** A cookie the Worker used to set under its old name: how long the new one lives, and whether its old value is carried over. */
export interface LegacyCookie {
  name: string;
  maxAge: number;
  /** False for a cookie that must not outlive the old one (the nothing-stored hint): it is only expired. */
  carryOver: boolean;
}

/**
 * What a response does for the cookies a browser still holds under their old names: each one
 * sent under its old name is expired, and, when the response does not set the new one already
 * (`alreadySet`) and the browser holds none, its signed text is given back under the new name
 * (signed for the same purpose: only the visitor key's signature changed, and the visitor
 * middleware re-signs that one itself).
 */
export function legacyCookieUpdates(
  sent: Cookies,
  cookies: readonly LegacyCookie[],
  alreadySet: ReadonlySet<string>,
): string[] {
  const out: string[] = [];
  for (const { name, maxAge, carryOver } of cookies) {
    const old = legacyCookieName(name);
    if (old === name || !sent.has(old)) continue;
    out.push(plainCookie(old, '', 0));
    const raw = rawCookie(sent, old);
    if (carryOver && raw !== undefined && !alreadySet.has(name) && !sent.has(name))
      out.push(`${name}=${raw}${cookieAttributes(maxAge)}`);
  }
  return out;
}

/**
 * The value of a cookie signed by hono/cookie (`encodeURIComponent(value + '.' + base64 HMAC)`),
 * or undefined when it is missing, malformed or not signed with this secret and purpose.
 */
export async function verifySignedValue(
  raw: string | undefined,
  secret: string,
  purpose: SigningPurpose,
  site?: string,
): Promise<string | undefined> {
  if (!raw || raw.length > 4096) return undefined;
  const key = signingKey(secret, purpose, site);
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

/**
 * The visitor key of a request's cookies: only a v4 UUID this Worker signed for this site; anything
 * else is undefined. `legacy`: it came under the cookie's old name (`qf_aid`, signed before keys
 * were bound to a site), accepted once so a returning visitor keeps their answers: the caller
 * re-issues it under the new name, bound to this site, and expires the old one. The old name
 * was host-only too, so the browser sent it only to the site that set it.
 */
export async function visitorKeyFromCookies(
  cookies: Cookies,
  secret: string,
  site: string,
): Promise<{ key: string; legacy: boolean } | undefined> {
  const { raw, legacy } = currentCookie(cookies, VISITOR_COOKIE);
  const value = await verifySignedValue(raw, secret, 'visitor', legacy ? undefined : site);
  return value !== undefined && UUID.test(value) ? { key: value, legacy } : undefined;
}

/**
 * The public anonymous id of a visitor key: HMAC-SHA256, first 16 bytes, formatted as a v4 UUID.
 * Kept per isolate: a returning visitor's id costs a map lookup, a new one one HMAC
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
