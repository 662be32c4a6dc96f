import type { EventName } from '../../../shared/tracking/event-names';
import { TRACK_EVENT } from '../quote-form/analytics';

/**
 * The listing's interface to tracking. Islands are built with the server's types and may
 * not import the browser tracker (src/ui/client/tracker) directly, so, like the quote form,
 * events go out as the `quote:track` window event that the tracker forwards with the page's
 * event context. The properties carry no personal data (ad refs, positions, counts).
 */
export function track(
  event: Extract<EventName, 'adsLoaded' | 'adClicked' | 'maAdClicked'>,
  properties: Record<string, unknown>,
): void {
  window.dispatchEvent(new CustomEvent(TRACK_EVENT, { detail: { event, properties } }));
}
