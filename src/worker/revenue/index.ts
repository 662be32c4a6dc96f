/**
 * Revenue per visitor: what each visit is expected to earn (the demand check's ev, the best bid
 * of the offers it was shown) and what partners paid for it (signed postbacks, attributed through
 * the lease history or the ref in click URLs and lead deliveries), kept in D1 with their rollups
 * for the report (migrations/0030_revenue.sql, docs/decisions/0160-payout-postbacks.md).
 */
export { postbackApi } from './postback-routes';
export { acceptPostback } from './postback';
export { noteLeaseMade } from './lease-history';
export { noteVisitValue, recordVisitValue, visitDimensions, visitRef } from './visit-value';
export { withRef } from './click-ref';
