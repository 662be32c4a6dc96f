/** Spec section 7: every tracked event. The queue, D1 and the report use these names verbatim. */
export const EVENT_NAMES = [
  'pageView',
  'formStepSubmitted',
  'ctcClicked',
  'ctcReturned',
  'maAdClicked',
  'learnMoreClicked',
  'lowBidResult',
  'enteredExperiment',
  'anonLink',
  'adsLoaded',
  'adClicked',
  'elementClicked',
  'botCheckCompleted',
  // Emitted by the Worker only (issue 12, src/worker/defence/): a request over a rate limit, a
  // partner skipped while its circuit breaker is open, and a stored lead with its trust verdict.
  'rateLimited',
  'partnerUnavailable',
  'leadCreated',
] as const;

export type EventName = (typeof EVENT_NAMES)[number];

export function isEventName(value: string): value is EventName {
  return (EVENT_NAMES as readonly string[]).includes(value);
}
