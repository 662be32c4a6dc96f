import type { Context } from 'hono';
import { isPersonalQueryField, withoutPersonalFields } from '../../shared/personal-fields';
import type { AppEnv } from '../env';
import { plainCookie, rawCookie, requestCookies } from '../visitor/visitor-key';

/**
 * Spec section 2: personal fields are removed from the visible address. A browser running the
 * page's script could rewrite the address itself, but one without JavaScript keeps whatever
 * the server answered for, so the server answers an address with personal fields by a 303 to
 * the same address without them, after storing their values for prefill. The clean page tells
 * the browser's kept pages that the answers changed (the page context's answersFromAddress),
 * so the redirect leaves a one-minute note for it.
 */
const FROM_ADDRESS_COOKIE = 'qf_from_address';

export function hasPersonalFields(url: URL): boolean {
  for (const key of url.searchParams.keys()) if (isPersonalQueryField(key)) return true;
  return false;
}

/** The 303 to the address without its personal fields (path, other parameters and order kept). */
export function redirectToCleanAddress(c: Context<AppEnv>, url: URL, storedAnswers: boolean): Response {
  const clean = withoutPersonalFields(url);
  const response = c.redirect(`${clean.pathname}${clean.search}`, 303);
  response.headers.set('cache-control', 'no-store');
  if (storedAnswers) response.headers.append('set-cookie', plainCookie(FROM_ADDRESS_COOKIE, '1', 60));
  return response;
}

/** The clean page after the redirect: true when the redirect stored answers from the address. */
export function answersCameFromAddress(c: Context<AppEnv>): boolean {
  return rawCookie(requestCookies(c.req.raw), FROM_ADDRESS_COOKIE) === '1';
}

/** The Set-Cookie that clears the note, once the clean page has read it. */
export const CLEAR_FROM_ADDRESS = plainCookie(FROM_ADDRESS_COOKIE, '', 0);
