/**
 * Spec 4 and 7.1: entering a page, or a step of its form, whose config has the
 * `demandCheck` hook sends one demand check. The page asks the Worker
 * (POST /api/mediaalpha/demand-check) after load rather than the Worker calling the partner
 * while rendering, so the render never waits and crawlers that run no script cost no partner
 * call; the Worker reuses a visitor's answer for five minutes (a reload or the next step
 * costs no second partner call) and records lowBidResult itself for a bid below 10.
 * Failures are swallowed (spec section 8).
 */
import type { PageExtras } from './page-extras';

/** The window event the form island announces step entries with (quote-form/analytics.ts). */
const ISLAND_TRACK_EVENT = 'quote:track';

export function sendDemandCheck(extras: PageExtras): void {
  try {
    // A write, which the spec never retries, so clientFetch adds nothing; and it would be code
    // this chunk shares with main, which must stay one script (scripts/build-client.mjs).
    // eslint-disable-next-line no-restricted-globals
    void fetch('/api/mediaalpha/demand-check', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        page: extras.page,
        ...(extras.product ? { product: extras.product } : {}),
        localHour: new Date().getHours(),
      }),
    }).catch(() => undefined);
  } catch {
    // Swallowed: a failed demand check changes nothing for the visitor.
  }
}

export function startDemandCheck(extras: PageExtras): void {
  if (extras.onEnter !== 'demandCheck') return;
  sendDemandCheck(extras);
  // A step entered in the page (the island moves between steps without a page load).
  addEventListener(ISLAND_TRACK_EVENT, (event) => {
    const detail: unknown = (event as CustomEvent<unknown>).detail;
    if (typeof detail !== 'object' || detail === null) return;
    const { event: name, properties } = detail as { event?: unknown; properties?: { step?: unknown } };
    if (name === 'pageView' && typeof properties?.step === 'object' && properties.step !== null)
      sendDemandCheck(extras);
  });
}
