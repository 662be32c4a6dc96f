/**
 * Tracking vocabulary shared by the Worker and the browser tracker: event names, session
 * parameters, the paid-traffic rule, cookies, personal-field stripping and the event context.
 * Everything here except event-schema.ts is dependency-free so the tracker bundle stays small.
 */
export * from './event-names';
export * from './session-params';
export * from './paid-traffic';
export * from './cookies';
export * from './strip-personal';
export * from './event-context';
export * from './page-tracking';
