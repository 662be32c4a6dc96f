/**
 * The call copy on the visitor's clock, computed once per page by the main
 * script (src/ui/client/call-hours.ts) and read by the islands (src/ui/islands/use-call-hours.ts),
 * so the islands bundle no second copy of the working-hours code. The main script and the
 * islands are separate bundles: the copy lives on `window`, changes are announced with one
 * window event. Until the page is shown in another hour than it was rendered in, there is
 * nothing here and every call button keeps the server's copy.
 */
import type { CallHours } from '../shared/phone/call-hours';

export const CALL_HOURS_EVENT = 'quote:call-hours';

declare global {
  interface Window {
    quoteCallHours?: { language: string; hours: CallHours };
  }
}

/** The copy the main script computed for `language` on the visitor's clock; null: the server's still holds. */
export function shownCallHours(language: string): CallHours | null {
  const shown = window.quoteCallHours;
  return shown?.language === language ? shown.hours : null;
}

export function publishCallHours(language: string, hours: CallHours): void {
  window.quoteCallHours = { language, hours };
  window.dispatchEvent(new Event(CALL_HOURS_EVENT));
}

/** Calls `listener` whenever the copy changes; returns the unsubscribe. */
export function onCallHoursChange(listener: () => void): () => void {
  window.addEventListener(CALL_HOURS_EVENT, listener);
  return () => window.removeEventListener(CALL_HOURS_EVENT, listener);
}
