/**
 * A page without the visitor's values may be shown again from the browser's
 * back/forward cache (or, on a history navigation, its HTTP cache) without asking the Worker.
 * Whatever changes the visitor's stored state from this browser (a step stored, a lease, answers
 * from the address) writes a new stamp into local storage; each page remembers the stamp it
 * shows, and one shown again after the stamp moved is loaded afresh (src/ui/client/page-restore.ts).
 * The main script and the islands are separate bundles: the page's stamp lives on `window`.
 * (Not src/ui/client/tracker/storage.ts: islands also render in the Worker, which excludes src/ui/client.)
 */
const KEY = 'qf_state';

declare global {
  interface Window {
    /** The stamp this document shows (its own changes included). */
    quoteStateSeen?: string | null;
  }
}

/** The latest stamp of this browser; null before any change (or with storage blocked). */
export function latestStateStamp(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** This page changed the visitor's stored state: other pages kept by the browser are stale now, this one is not. */
export function noteStateChanged(): void {
  const stamp = `${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 10)}`;
  try {
    localStorage.setItem(KEY, stamp);
  } catch {
    // Storage blocked: nothing to compare against later, so restored pages stay as they are.
  }
  window.quoteStateSeen = stamp;
}
