/** Spec section 9: reload-guard time-to-live 10,000 ms. */
export const RELOAD_GUARD_TTL_MS = 10_000;
const KEY = 'reload-guard';

/**
 * Reloads the target path once. A second failure within the guard window does not loop:
 * it stays on the page (the server-rendered markup still works without the island).
 */
export function reloadOnce(target: string, reason: string): boolean {
  try {
    const last = Number(sessionStorage.getItem(KEY) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_TTL_MS) return false;
    sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    // Storage blocked (private mode): reloading once without a guard is still better than a dead island.
  }
  window.dispatchEvent(new CustomEvent('client-error', { detail: { reason, target } }));
  location.assign(target);
  return true;
}
