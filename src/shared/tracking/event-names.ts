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
] as const;

export type EventName = (typeof EVENT_NAMES)[number];

export function isEventName(value: string): value is EventName {
  return (EVENT_NAMES as readonly string[]).includes(value);
}
