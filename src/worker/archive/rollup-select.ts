/**
 * The rollup of raw event rows, as SQL: one row per UTC day, brand, page, step, traffic source,
 * paid flag and experiment variant (migration 0009 describes the columns). The cron stores it
 * for a day before pruning, the rebuild stores it from archived rows, and the report computes
 * it on the fly inside the hot window: one query, so the numbers are the same whichever way a
 * day is read. The queue consumer adds each batch's new rows to the stored rollups with the
 * same query over `events_incoming` (migration 0010), counting only what is new (rollupDelta).
 */

export const ROLLUP_DIMENSIONS = [
  'day',
  'brand',
  'page',
  'step_number',
  'step_name',
  'traffic_source',
  'paid',
  'variant',
] as const;

export const ROLLUP_MEASURES = [
  'events',
  'visits',
  'entries',
  'page_views',
  'step_submits',
  'submitters',
  'leads',
  'call_clicks',
  'low_bids',
  'suspect_leads',
  'bot_leads',
] as const;

export const ROLLUP_COLUMNS = [...ROLLUP_DIMENSIONS, ...ROLLUP_MEASURES].join(', ');

/** utm_source of the session as the lead trust stores it (lowercased, 64 characters), or "(direct)". */
const source = (properties: string) =>
  `COALESCE(NULLIF(substr(lower(trim(json_extract(${properties}, '$.session.urlParams.utm_source'))), 1, 64), ''), '(direct)')`;
const variant = (properties: string) =>
  `COALESCE(json_extract(${properties}, '$.experimentId') || ':' || json_extract(${properties}, '$.variantId'), '')`;

/**
 * For rows staged in events_incoming: 1 when `events` already holds a row of the same session,
 * event and rollup row (seen_key) or a pageView of the same session, brand and day (seen_day),
 * so a batch adds a visit, submitter or entry only for a session that is new to that row.
 */
const SEEN_KEY = `(event IN ('pageView', 'formStepSubmitted') AND EXISTS (
      SELECT 1 FROM events e WHERE e.session_id = r.session_id AND e.event = r.event AND e.brand = r.brand
        AND substr(e.received_at, 1, 10) = substr(r.received_at, 1, 10) AND e.page IS r.page
        AND e.step_number IS r.step_number AND e.step_name IS r.step_name AND e.paid = r.paid
        AND ${source('e.properties')} = ${source('r.properties')} AND ${variant('e.properties')} = ${variant('r.properties')}))`;
const SEEN_DAY = `(event = 'pageView' AND EXISTS (
      SELECT 1 FROM events e WHERE e.session_id = r.session_id AND e.event = 'pageView' AND e.brand = r.brand
        AND substr(e.received_at, 1, 10) = substr(r.received_at, 1, 10)))`;

/**
 * SELECT of the rollup rows of `table` (events, or events_rebuild) under `where` (fixed SQL
 * with ? placeholders over the raw columns). "entries" goes to the row of the session's first
 * pageView of the day, by received_at then id, so it is the same on every run.
 */
export function rollupSelect(table: 'events' | 'events_rebuild' | 'events_incoming', where: string): string {
  const delta = table === 'events_incoming';
  return `SELECT day, brand, page, step_number, step_name, traffic_source, paid, variant,
    COUNT(*) AS events,
    COUNT(DISTINCT CASE WHEN event = 'pageView' AND NOT seen_key THEN session_id END) AS visits,
    SUM(event = 'pageView' AND nth = 1 AND NOT seen_day) AS entries,
    SUM(event = 'pageView') AS page_views,
    SUM(event = 'formStepSubmitted') AS step_submits,
    COUNT(DISTINCT CASE WHEN event = 'formStepSubmitted' AND NOT seen_key THEN session_id END) AS submitters,
    SUM(event = 'leadCreated') AS leads,
    SUM(event = 'ctcClicked') AS call_clicks,
    SUM(event = 'lowBidResult') AS low_bids,
    SUM(event = 'leadCreated' AND verdict IS 'suspect') AS suspect_leads,
    SUM(event = 'leadCreated' AND verdict IS 'bot') AS bot_leads
  FROM (
    SELECT substr(received_at, 1, 10) AS day, brand, COALESCE(page, '') AS page, COALESCE(step_number, -1) AS step_number,
      COALESCE(step_name, '') AS step_name, ${source('properties')} AS traffic_source, paid, ${variant('properties')} AS variant,
      event, session_id, json_extract(properties, '$.verdict') AS verdict,
      row_number() OVER (PARTITION BY substr(received_at, 1, 10), brand, session_id, event ORDER BY received_at, id) AS nth,
      ${delta ? SEEN_KEY : '0'} AS seen_key, ${delta ? SEEN_DAY : '0'} AS seen_day
    FROM ${table} r WHERE ${where}
  )
  GROUP BY day, brand, page, step_number, step_name, traffic_source, paid, variant`;
}

/** received_at bounds of a UTC day, for an index range. */
export function dayBounds(day: string): [string, string] {
  const start = Date.parse(`${day}T00:00:00.000Z`);
  return [new Date(start).toISOString(), new Date(start + 86_400_000).toISOString()];
}
