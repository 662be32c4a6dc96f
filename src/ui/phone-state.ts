/**
 * The page's one number as the islands read it. The main script owns the
 * source (src/ui/phone-source.ts: the seed, the lease's expiry, its timer) and puts it on
 * `window`; the islands (a separate bundle) read it and ask it to show a new lease through
 * this module only, so they carry no second copy of the source.
 */
import type { PhoneDisplay } from '../shared/phone/lease';

export const PHONE_CHANGE_EVENT = 'quote:phone';

export interface PhoneState {
  phone: PhoneDisplay;
  fallback: PhoneDisplay;
  /** Visitor clock (Date.now()) at which `phone` gives way to `fallback`; null: never. */
  expiresAt: number | null;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** Shows a lease on every call button until `expiresInMs` has passed (src/ui/phone-source.ts showPhone). */
export type ShowPhone = (phone: PhoneDisplay, expiresInMs: number | null, fallback?: PhoneDisplay) => void;

declare global {
  interface Window {
    quotePhoneSource?: PhoneState;
    /** Set by the main script on every page it starts on. */
    quoteShowPhone?: ShowPhone;
  }
}

/** The number every call button should show now; `initial` until the source is seeded. */
export function currentPhone(initial: PhoneDisplay): PhoneDisplay {
  const state = window.quotePhoneSource;
  if (!state) return initial;
  // Pure (React reads it during render): a lease past its time shows the default even before the timer fires.
  return state.expiresAt !== null && Date.now() >= state.expiresAt ? state.fallback : state.phone;
}

/** Calls `listener` whenever the shown number changes; returns the unsubscribe. */
export function onPhoneChange(listener: () => void): () => void {
  window.addEventListener(PHONE_CHANGE_EVENT, listener);
  return () => window.removeEventListener(PHONE_CHANGE_EVENT, listener);
}

/**
 * A lease arrived (get-phone after the last step): the main script's source shows it
 * everywhere. Without the main script (it found the page out of date and is reloading it)
 * there is nothing to update.
 */
export const showPhone: ShowPhone = (phone, expiresInMs, fallback) =>
  window.quoteShowPhone?.(phone, expiresInMs, fallback);
