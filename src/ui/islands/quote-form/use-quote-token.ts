/**
 * The form island's quote token (spec sections 4 and 7.7): one keeper per mounted form,
 * polling POST /api/quote-token while the tab is visible. The island sends the token with
 * each step submit; the Worker verifies it when the final step writes the lead.
 */
import { useEffect, useRef } from 'react';
import { clientFetch } from '../../../shared/fetch-client';
import {
  createQuoteTokenKeeper,
  type IssuedQuoteToken,
  type QuoteTokenDeps,
  type QuoteTokenKeeper,
} from './quote-token-keeper';

/** The longest wait for a renewal before the final submit goes out with the token it has. */
export const QUOTE_TOKEN_SUBMIT_WAIT_MS = 1_500;

const TOKEN_SHAPE = /^v1\.[\w-]+\.[\w-]+$/;
// Accept lifetimes up to an hour; anything else is not a reply of this Worker.
const MAX_LIFETIME_MS = 3_600_000;

/**
 * The Worker's reply `{ token, expiresInMs }` (the browser bundle carries no zod: checked by
 * hand). The expiry is placed on this page's clock from when the request was sent, so a
 * visitor's wrong clock cannot make the page keep a token past its life.
 */
export function readIssuedToken(data: unknown, sentAt: number): IssuedQuoteToken | null {
  if (typeof data !== 'object' || data === null) return null;
  const token: unknown = Reflect.get(data, 'token');
  const expiresInMs: unknown = Reflect.get(data, 'expiresInMs');
  if (typeof token !== 'string' || token.length > 1024 || !TOKEN_SHAPE.test(token)) return null;
  if (
    typeof expiresInMs !== 'number' ||
    !Number.isFinite(expiresInMs) ||
    expiresInMs <= 0 ||
    expiresInMs > MAX_LIFETIME_MS
  )
    return null;
  return { token, expiresAt: sentAt + expiresInMs };
}

async function requestToken(previous: string | null): Promise<IssuedQuoteToken | null> {
  const sentAt = Date.now();
  try {
    const response = await clientFetch('/api/quote-token', {
      method: 'POST',
      body: previous ? { token: previous } : {},
    });
    return response.ok ? readIssuedToken(await response.json(), sentAt) : null;
  } catch {
    return null;
  }
}

const browserDeps: QuoteTokenDeps = {
  now: () => Date.now(),
  renew: requestToken,
  every(ms, tick) {
    const id = setInterval(tick, ms);
    return () => clearInterval(id);
  },
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  isVisible: () => document.visibilityState === 'visible',
  onVisibilityChange(listener) {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

/** The keeper lives as long as the form; it polls only between mount and unmount. */
export function useQuoteToken(): QuoteTokenKeeper {
  const ref = useRef<QuoteTokenKeeper | null>(null);
  const keeper = ref.current ?? (ref.current = createQuoteTokenKeeper(browserDeps));
  useEffect(() => {
    keeper.start();
    return () => keeper.stop();
  }, [keeper]);
  return keeper;
}
