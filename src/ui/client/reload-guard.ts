import { navigateTo } from '../navigate';

/** Spec section 9: reload-guard time-to-live 10,000 ms. */
export const RELOAD_GUARD_TTL_MS = 10_000;
const KEY = 'reload-guard';
/** The window event that reports the failure (the tracker forwards it to error reporting). */
export const CLIENT_ERROR_EVENT = 'client-error';

/**
 * Reloads the target path once, with its query and #hash (spec section 8: a failed page
 * chunk is a full reload of the target path). A second failure within the guard window does
 * not loop: it stays on the page (the server-rendered markup still works without the island).
 */
export function reloadOnce(target: string, reason: string): boolean {
  try {
    const last = Number(sessionStorage.getItem(KEY) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_TTL_MS) return false;
    sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    // Storage blocked (private mode): reloading once without a guard is still better than a dead island.
  }
  window.dispatchEvent(new CustomEvent(CLIENT_ERROR_EVENT, { detail: { reason } }));
  const url = new URL(target, location.href);
  const here = new URL(location.href);
  if (url.origin === here.origin && url.pathname === here.pathname && url.search === here.search) {
    // Same document but for the hash: assign() would only scroll to the anchor, not load
    // anything. Put the target's hash in the address, then reload the document.
    if (url.hash !== here.hash) history.replaceState(history.state, '', url.href);
    location.reload();
  } else {
    navigateTo(url.href);
  }
  return true;
}
