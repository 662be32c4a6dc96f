/**
 * The quote token on the page (spec section 4): while the form is mounted and the tab is
 * visible, every 4 s ask the Worker for a new token when the page has none or its token
 * expires within 20 s; an edit of a watched field pulls the expiry to 10 s from now, so a
 * token is minted after the last edit. The rules are the pure functions of renewal.ts;
 * this module only schedules them. Clock, timers, visibility and the network come in as
 * dependencies, so tests drive it without a browser or fake timers.
 */
import {
  afterWatchedFieldChange,
  needsRenewal,
  QUOTE_TOKEN_POLL_MS,
  type QuoteTokenState,
} from '../../../partners/quote-token/renewal';

export interface IssuedQuoteToken {
  token: string;
  /** Expiry on this page's clock, in ms since the epoch. */
  expiresAt: number;
}

export interface QuoteTokenDeps {
  now(): number;
  /** Asks the Worker for a token, sending the previous one; null on any failure. */
  renew(previous: string | null): Promise<IssuedQuoteToken | null>;
  /** Calls tick every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): () => void;
  /** Resolves after `ms`. */
  wait(ms: number): Promise<void>;
  isVisible(): boolean;
  /** Calls listener on each visibility change until the returned function is called. */
  onVisibilityChange(listener: () => void): () => void;
}

export interface QuoteTokenKeeper {
  /** Begins polling (the form mounted); safe to call again after stop. */
  start(): void;
  stop(): void;
  /** The token to send with a step submit, as it is now. */
  current(): string | null;
  /** A token that is not due for renewal: renews first when due, waiting at most maxWaitMs. */
  fresh(maxWaitMs: number): Promise<string | null>;
  /** A form field changed (watched fields pull the expiry in). */
  fieldChanged(name: string): void;
  snapshot(): QuoteTokenState;
}

export function createQuoteTokenKeeper(deps: QuoteTokenDeps): QuoteTokenKeeper {
  let state: QuoteTokenState = { token: null, expiresAt: 0 };
  let inFlight: Promise<void> | null = null;
  // Watched edits so far: a token asked for before an edit must not undo its pull-in.
  let edits = 0;
  let running = false;
  let stopTimer: (() => void) | null = null;
  let stopWatching: (() => void) | null = null;

  const renew = (): Promise<void> => {
    if (inFlight) return inFlight;
    const editsBefore = edits;
    inFlight = deps
      .renew(state.token)
      .catch(() => null)
      .then((issued) => {
        // A failure keeps what the page has; the next poll asks again.
        if (!issued) return;
        state =
          edits === editsBefore
            ? issued
            : { token: issued.token, expiresAt: Math.min(issued.expiresAt, state.expiresAt) };
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  const tick = () => {
    if (running && deps.isVisible() && needsRenewal(state, deps.now())) void renew();
  };

  // Visible: check now (the tab may have slept past the expiry), then every 4 s. Hidden: no timer.
  const schedule = () => {
    stopTimer?.();
    stopTimer = null;
    if (!running || !deps.isVisible()) return;
    tick();
    stopTimer = deps.every(QUOTE_TOKEN_POLL_MS, tick);
  };

  return {
    start() {
      if (running) return;
      running = true;
      stopWatching = deps.onVisibilityChange(schedule);
      schedule();
    },
    stop() {
      running = false;
      stopTimer?.();
      stopWatching?.();
      stopTimer = null;
      stopWatching = null;
    },
    current: () => state.token,
    async fresh(maxWaitMs) {
      if (needsRenewal(state, deps.now())) await Promise.race([renew(), deps.wait(maxWaitMs)]);
      return state.token;
    },
    fieldChanged(name) {
      const next = afterWatchedFieldChange(state, name, deps.now());
      if (next === state) return;
      edits += 1;
      state = next;
    },
    snapshot: () => state,
  };
}
