/**
 * Cookies by RFC 6265 (spec sections 3 and 5): names and values are checked against the
 * allowed characters and a bad one is an error, never silently mangled; the options are the
 * spec's cookie options.
 */

/** RFC 6265 4.1.1 cookie-name = token: visible ASCII except separators ()<>@,;:\"/[]?={}. */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** RFC 6265 4.1.1 cookie-octet: visible ASCII except DQUOTE, comma, semicolon, backslash; optionally DQUOTE-wrapped. */
const COOKIE_VALUE = /^(?:[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*|"[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*")$/;
/** Path and domain attribute values: no control characters and no ';' (RFC 6265 4.1.1 av-octet). */
const ATTRIBUTE_VALUE = /^[\x20-\x3A\x3C-\x7E]+$/;
const DOMAIN = /^\.?[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/;

export class CookieError extends Error {
  override readonly name = 'CookieError';
}

/** Spec section 3, cookie options. */
export interface CookieOptions {
  path?: string;
  /** Seconds; 0 or less deletes the cookie. */
  maxAge?: number;
  expires?: Date;
  domain?: string;
  secure?: boolean;
  httpOnly?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
  priority?: 'Low' | 'Medium' | 'High';
}

function printable(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

export function assertCookieName(name: string): void {
  if (!COOKIE_NAME.test(name)) {
    throw new CookieError(
      `Cookie name ${printable(name)} has characters RFC 6265 does not allow (letters, digits and !#$%&'*+-.^_\`|~ only)`,
    );
  }
}

export function assertCookieValue(name: string, value: string): void {
  if (!COOKIE_VALUE.test(value)) {
    throw new CookieError(
      `Value of cookie ${printable(name)} has characters RFC 6265 does not allow (no spaces, quotes, commas, semicolons, backslashes or control characters); encode it first`,
    );
  }
}

/** The Set-Cookie header value. Throws CookieError on a bad name, value or option. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  assertCookieName(name);
  assertCookieValue(name, value);
  const parts = [`${name}=${value}`];
  if (options.maxAge !== undefined) {
    if (!Number.isFinite(options.maxAge))
      throw new CookieError(`maxAge of cookie ${printable(name)} must be a finite number of seconds`);
    parts.push(`Max-Age=${Math.floor(options.maxAge)}`);
  }
  if (options.expires !== undefined) {
    if (Number.isNaN(options.expires.getTime()))
      throw new CookieError(`expires of cookie ${printable(name)} is not a valid date`);
    parts.push(`Expires=${options.expires.toUTCString()}`);
  }
  if (options.domain !== undefined) {
    if (!DOMAIN.test(options.domain))
      throw new CookieError(`domain of cookie ${printable(name)} is not a host name: ${printable(options.domain)}`);
    parts.push(`Domain=${options.domain}`);
  }
  if (options.path !== undefined) {
    if (!ATTRIBUTE_VALUE.test(options.path))
      throw new CookieError(`path of cookie ${printable(name)} has characters a cookie path may not contain`);
    parts.push(`Path=${options.path}`);
  }
  if (options.sameSite === 'None' && options.secure !== true) {
    // Browsers reject SameSite=None without Secure; failing here beats a cookie that silently never sticks.
    throw new CookieError(`cookie ${printable(name)} with sameSite None must also be secure`);
  }
  if (options.secure) parts.push('Secure');
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.sameSite !== undefined) parts.push(`SameSite=${options.sameSite}`);
  if (options.priority !== undefined) parts.push(`Priority=${options.priority}`);
  return parts.join('; ');
}

/** Cookies of a Cookie header; pairs with a malformed name or value are skipped (they are the visitor's, not ours). */
export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    let value = pair.slice(eq + 1).trim();
    if (!COOKIE_NAME.test(name) || !COOKIE_VALUE.test(value) || cookies.has(name)) continue;
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    cookies.set(name, value);
  }
  return cookies;
}
