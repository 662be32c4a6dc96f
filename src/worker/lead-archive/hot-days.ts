/**
 * Days a lead stays in D1 after its own day (LEADS_HOT_DAYS; wrangler.toml says why two): the
 * default where the variable is unset or not a whole number. Its own file so the retention list
 * (archive/table-retention.ts) and `npm run capacity` read it without the move's imports.
 */
export const DEFAULT_LEADS_HOT_DAYS = 2;
