/**
 * One number on the page. Every call button (header, form slot, listings,
 * the form's confirmation, the exit-intent dialog) reads this one source, so a lease arriving
 * after the last step, or running out, changes all of them at once.
 *
 * The main script and the islands are separate bundles, so the state lives on `window`
 * (one object per page) and changes are announced with one window event. Only the main script
 * bundles this module; the islands read the state and call showPhone through
 * src/ui/phone-state.ts (window.quoteShowPhone). Expiry is kept on the visitor's clock
 * from the lifetime the Worker sent (never from its ISO date: the visitor's clock may be
 * wrong), with a timer and a check whenever the page becomes visible again (background tabs
 * throttle timers).
 */
import type { PhoneDisplay } from '../shared/phone/lease';
import { PHONE_CHANGE_EVENT, type PhoneState } from './phone-state';

export interface PhoneSeed {
  /** The number the server rendered (the live lease for the page's product, or the default). */
  phone: PhoneDisplay;
  /** The brand's default number: shown once the lease runs out. */
  fallback: PhoneDisplay;
  /** Milliseconds until the rendered lease runs out; null when the page shows the default. */
  expiresInMs: number | null;
}

function isPhone(value: unknown): value is PhoneDisplay {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.digits === 'string' &&
    typeof v.display === 'string' &&
    typeof v.href === 'string' &&
    v.href.startsWith('tel:') &&
    typeof v.leased === 'boolean'
  );
}

/** The `phone` part of the page context (src/worker/pages.ts), checked for shape. */
export function readPhoneSeed(raw: unknown): PhoneSeed | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { phone, fallback, expiresInMs } = raw as Record<string, unknown>;
  if (!isPhone(phone) || !isPhone(fallback)) return null;
  return {
    phone,
    fallback,
    expiresInMs: typeof expiresInMs === 'number' && Number.isFinite(expiresInMs) ? Math.max(0, expiresInMs) : null,
  };
}

function announce(state: PhoneState): void {
  window.dispatchEvent(new CustomEvent(PHONE_CHANGE_EVENT, { detail: state.phone }));
}

/** Drops an expired lease for the default number; true when the shown number changed. */
function expireIfDue(state: PhoneState): boolean {
  if (state.expiresAt === null || Date.now() < state.expiresAt) return false;
  state.expiresAt = null;
  if (state.phone.digits === state.fallback.digits && !state.phone.leased) return false;
  state.phone = state.fallback;
  return true;
}

function schedule(state: PhoneState): void {
  if (state.timer !== undefined) clearTimeout(state.timer);
  state.timer = undefined;
  if (state.expiresAt === null) return;
  state.timer = setTimeout(
    () => {
      state.timer = undefined;
      if (expireIfDue(state)) announce(state);
    },
    Math.max(0, state.expiresAt - Date.now()),
  );
}

function install(seed: PhoneSeed): PhoneState {
  const state: PhoneState = {
    phone: seed.phone,
    fallback: seed.fallback,
    expiresAt: seed.expiresInMs === null || !seed.phone.leased ? null : Date.now() + seed.expiresInMs,
    timer: undefined,
  };
  window.quotePhoneSource = state;
  schedule(state);
  const recheck = () => {
    if (document.visibilityState === 'visible' && expireIfDue(state)) announce(state);
  };
  document.addEventListener('visibilitychange', recheck);
  window.addEventListener('pageshow', recheck);
  return state;
}

/** Seeds the page's source once (the first caller wins: the server's view of the lease). */
export function startPhoneSource(seed: PhoneSeed): void {
  if (window.quotePhoneSource) return;
  install(seed);
}

/**
 * The islands' showPhone (src/ui/phone-state.ts): it asks the main script's source below, so
 * an island importing it from here bundles nothing else of this module.
 */
export { showPhone } from './phone-state';

/**
 * A lease arrived (get-phone after the last step): every call button shows it until
 * `expiresInMs` has passed, then the default number. `fallback` seeds a page that had none.
 * The main script's own, installed as window.quoteShowPhone (src/ui/client/phone-links.ts).
 */
export function showPhoneHere(phone: PhoneDisplay, expiresInMs: number | null, fallback: PhoneDisplay = phone): void {
  const state = window.quotePhoneSource ?? install({ phone, fallback, expiresInMs: null });
  state.phone = phone;
  state.expiresAt = phone.leased && expiresInMs !== null ? Date.now() + Math.max(0, expiresInMs) : null;
  schedule(state);
  announce(state);
}
