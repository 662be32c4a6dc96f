/**
 * MediaAlpha: the demand check (is there a buyer for this visitor, and at what expected
 * value), the phone lease (a tracked number the visitor calls) and the ad listings of the
 * clicks pages. Request shapes follow spec section 7; replies are parsed with zod.
 */
export * from './attribution';
export * from './call-context';
export * from './client';
export * from './demand-check';
export * from './get-phone';
export * from './mapping';
export * from './schemas';
export * from './source';
