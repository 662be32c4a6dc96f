/**
 * Client navigation under the guards of spec sections 5 and 8. Browser-only, kept outside
 * src/ui/client so the islands (which also render on the server) and the main script share
 * one rule, as src/ui/scroll.ts does.
 */
/** Spec section 8: the messages of a refused navigation. */
export const EXTERNAL_NAVIGATION_ERROR = 'Navigating to an external URL is not allowed by default';
export const PROTOCOL_NAVIGATION_ERROR = 'Cannot navigate to a URL with protocol';

/** Protocols that run code or smuggle a document instead of loading a page (spec section 5). */
const SCRIPT_PROTOCOLS = new Set(['javascript:', 'data:', 'vbscript:', 'blob:']);

export interface NavigateOptions {
  /** Allows another origin (a partner's page); never allows a script protocol. */
  external?: boolean;
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
}

/**
 * The one way client code moves the browser to another document (spec sections 5 and 8).
 * The address is resolved against the page and checked before anything happens: a script
 * protocol (javascript:, data:, vbscript:, blob:) is refused whatever the options, and any
 * other origin is refused unless the caller says `external: true`. A refused navigation
 * throws and leaves the page where it is. The URL parser does the reading, so tricks such as
 * 'java\tscript:' or leading spaces are judged as the browser would judge them.
 */
export function navigateTo(
  to: string,
  options: NavigateOptions = {},
  loc: Pick<Location, 'href' | 'origin' | 'assign' | 'replace'> = location,
): URL {
  const url = new URL(to, loc.href);
  if (SCRIPT_PROTOCOLS.has(url.protocol)) throw new Error(`${PROTOCOL_NAVIGATION_ERROR} ${url.protocol}`);
  if (url.origin !== loc.origin && !options.external) {
    throw new Error(`${EXTERNAL_NAVIGATION_ERROR}. Use navigateTo(url, { external: true }).`);
  }
  if (options.replace) loc.replace(url.href);
  else loc.assign(url.href);
  return url;
}
