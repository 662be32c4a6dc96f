/**
 * The quote funnel on the Worker: step submits (JSON and plain form posts), the lead with
 * its consent proof, prefill from the address, and the funnel part of a page render.
 */
export { formSubmit, submitBodySchema } from './form-submit';
export { funnelProps, carriedSearch, ROUND_TRIP_PARAMS } from './form-page';
export { prefillFromQuery } from './prefill';
export { recordLead, type LeadRecord } from './leads';
