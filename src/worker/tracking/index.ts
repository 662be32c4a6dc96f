/**
 * Server side of tracking: the session cookie (__Host-qf_sid), what the page context carries for
 * the tracker, edge experiments, and the queue producer for events the Worker observes.
 */
export { buildPageTracking } from './page-tracking';
export { sessionFromRequest, sessionFromCookie, SESSION_COOKIE, SESSION_IDLE_SECONDS } from './session';
export { applyExperiment, assignVariant, type ExperimentAssignment } from './experiments';
export { enqueueEvent, serverEvent, trackFromServer, type ServerEventOptions } from './enqueue';
export { ipLookupFromRequest } from './ip-lookup';
