/**
 * The revenue tables' windows (retention.ts has why), D1-free so the retention list and
 * `npm run capacity` read them on Node.
 */
/** The partners' window for a payout (designed for 30 days): what the windows below must cover. */
export const PARTNER_PAYOUT_WINDOW_DAYS = 30;
export const PHONE_LEASE_RETENTION_DAYS = 31;
export const VISIT_VALUE_RETENTION_DAYS = 45;
