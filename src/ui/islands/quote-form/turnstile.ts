/**
 * Turnstile on the form's last step: the widget script is loaded only when a form
 * reaches its final step, rendered invisibly ("interaction-only": people see it only when
 * Cloudflare wants a click), and its token goes with that step's submit. Nothing here blocks
 * the visitor: no script, no token or a slow challenge just means the submit goes without one
 * (the Worker verifies what it gets and never refuses the lead for it).
 */
import { useEffect, useRef } from 'react';

export interface TurnstileProps {
  siteKey: string;
  scriptUrl: string;
  /** The form's action: siteverify reports it and the Worker checks it. */
  action?: string;
}

/** Turnstile's loader: a chunk fetched one step before the last (prefetchTurnstile), not with the form. */
const script = () => import('./turnstile-script');
export const prefetchTurnstile = () => void script().catch(() => undefined);

/**
 * Renders the widget into the returned ref while `active` (the last step). `token(waitMs)`
 * gives the current token, waiting up to `waitMs` for one to arrive; null without one.
 */
export function useTurnstile(props: TurnstileProps | null | undefined, active: boolean) {
  const container = useRef<HTMLDivElement>(null);
  const state = useRef<{ token: string | null; waiters: Array<(token: string | null) => void> }>({
    token: null,
    waiters: [],
  });

  useEffect(() => {
    if (!props || !active || !container.current) return;
    let widget: string | undefined;
    let cancelled = false;
    const el = container.current;
    const settle = (token: string | null) => {
      state.current.token = token;
      for (const wake of state.current.waiters.splice(0)) wake(token);
    };
    void script()
      .then(
        (m) => m.loadTurnstile(props.scriptUrl),
        () => null,
      )
      .then((api) => {
        if (!api || cancelled) return;
        try {
          widget = api.render(el, {
            sitekey: props.siteKey,
            // The Worker checks siteverify's action against the form's, so a token is good for this form only.
            ...(props.action ? { action: props.action } : {}),
            appearance: 'interaction-only',
            'response-field': false,
            callback: (token: string) => settle(token),
            'expired-callback': () => settle(null),
            'error-callback': () => settle(null),
          });
        } catch {
          // A widget that cannot render leaves the submit without a token: the lead is kept, unverified.
        }
      });
    return () => {
      cancelled = true;
      if (widget && window.turnstile) window.turnstile.remove(widget);
      state.current.token = null;
    };
  }, [props, active]);

  const token = (waitMs: number): Promise<string | null> => {
    if (!props || !active) return Promise.resolve(null);
    if (state.current.token) return Promise.resolve(state.current.token);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        state.current.waiters = state.current.waiters.filter((w) => w !== wake);
        resolve(null);
      }, waitMs);
      const wake = (value: string | null) => {
        clearTimeout(timer);
        resolve(value);
      };
      state.current.waiters.push(wake);
    });
  };

  return { container, token };
}

/** How long the final submit waits for a token that has not arrived yet. */
export const TURNSTILE_SUBMIT_WAIT_MS = 2500;
