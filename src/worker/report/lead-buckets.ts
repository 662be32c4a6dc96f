/**
 * The one place that says which report bucket a lead row falls in. The report counts each
 * bucket in distinct sessions (a session with three partial leads is one partial lead), so one
 * session adds at most one to each; the "Leads" figure is the `complete` bucket only: leads
 * that are neither partial, a duplicate, a bot nor left undelivered.
 *
 * Precedence, first match wins: `bot` (the trust verdict), `duplicate` and `partial` (the lead
 * status), `undelivered` (the lead's delivery was withheld, or its buyer refused or never took
 * it), `complete` (status complete; leads written before statuses existed have none and were
 * complete by construction). A status this list does not know is `other`, shown as such rather
 * than counted as complete.
 *
 * Written as SQL over the columns the leads table has (read with pragma_table_info), so it
 * reads `delivery` ('delivered' / 'withheld') and a `duplicate` status wherever the lead
 * engineer's migration has added them, and works without them meanwhile. Extend it here.
 */
export const LEAD_BUCKETS = ['complete', 'partial', 'duplicate', 'bot', 'undelivered', 'other'] as const;
export type LeadBucket = (typeof LEAD_BUCKETS)[number];

/** The SQL expression of a lead row's bucket, for a leads table with these columns. */
export function leadBucketSql(columns: ReadonlySet<string>): string {
  const has = (column: string) => columns.has(column);
  const cases: string[] = [];
  if (has('trust_verdict')) cases.push(`WHEN trust_verdict = 'bot' THEN 'bot'`);
  if (has('status')) cases.push(`WHEN status = 'duplicate' THEN 'duplicate'`, `WHEN status = 'partial' THEN 'partial'`);
  if (has('delivery')) cases.push(`WHEN delivery = 'withheld' THEN 'undelivered'`);
  if (has('quotewizard_status')) cases.push(`WHEN quotewizard_status IN ('rejected', 'failed') THEN 'undelivered'`);
  if (has('status')) cases.push(`WHEN status IS NULL OR status = 'complete' THEN 'complete'`);
  if (cases.length === 0) return `'complete'`;
  return `CASE ${cases.join(' ')} ${has('status') ? `ELSE 'other'` : `ELSE 'complete'`} END`;
}

/** Who a lead counts as: its session, or for a lead stored without one, its visitor. */
export const LEAD_PERSON_SQL = `COALESCE(session_id, 'visitor:' || visitor_id)`;
