/**
 * The report's people counts (migration 0070, `event_people_rollups`): per UTC day, brand and
 * page, how many distinct sessions viewed it (visitors, and of them paid ones), submitted a
 * step of it (submitters) and clicked to call (callers); page `*` counts a session once for the
 * whole brand that day, whatever pages it saw. One session adds at most one to each figure of a
 * row, however many events it sends: 50 forged call clicks are one caller, a form of five
 * steps is one visit of its page.
 *
 * Kept like event_rollups, by the same writers: the queue consumer adds each batch, counting a
 * session only when `events` holds no earlier row of it for that row and action; the cron, a
 * privacy deletion and the archive rebuild replace a day with the distinct counts of its raw
 * rows (replaceDayRollups), so a day rolled up and pruned keeps exactly these numbers.
 */

/** The events that make people counts; everything else is not a person doing something. */
const ACTIONS = `('pageView', 'formStepSubmitted', 'ctcClicked')`;
/** The brand-wide row of a day: not a page name (page names are [a-z0-9-]). */
export const ALL_PAGES = '*';

const MEASURES = `
    COUNT(DISTINCT CASE WHEN event = 'pageView' AND NOT seen THEN session_id END) AS visitors,
    COUNT(DISTINCT CASE WHEN event = 'pageView' AND paid = 1 AND NOT seen_paid THEN session_id END) AS paid_visitors,
    COUNT(DISTINCT CASE WHEN event = 'formStepSubmitted' AND NOT seen THEN session_id END) AS submitters,
    COUNT(DISTINCT CASE WHEN event = 'ctcClicked' AND NOT seen THEN session_id END) AS callers`;

/**
 * For a row staged in events_incoming: 1 when `events` already holds the same session doing
 * the same thing (same event, brand, day; same page unless brand-wide) so this batch does not
 * count it again; `paidOnly`: an earlier paid page view (a session's later paid view is a paid
 * visitor even when an unpaid view came first).
 */
function seen(pageMatch: boolean, paidOnly: boolean): string {
  return `EXISTS (SELECT 1 FROM events e WHERE e.session_id = r.session_id AND e.event = r.event AND e.brand = r.brand
      AND substr(e.received_at, 1, 10) = substr(r.received_at, 1, 10)${pageMatch ? ' AND e.page = r.page' : ''}${
        paidOnly ? ' AND e.paid = 1' : ''
      })`;
}

/** The people counts of `table`'s rows under `where` (fixed SQL with ? placeholders, bound twice). */
export function peopleSelect(table: 'events' | 'events_rebuild' | 'events_incoming', where: string): string {
  const delta = table === 'events_incoming';
  const rows = (page: string, pageMatch: boolean) =>
    `SELECT substr(received_at, 1, 10) AS day, brand, ${page} AS page, event, session_id, paid,
       ${delta ? seen(pageMatch, false) : '0'} AS seen, ${
         delta ? `(r.event = 'pageView' AND r.paid = 1 AND ${seen(pageMatch, true)})` : '0'
       } AS seen_paid
     FROM ${table} r WHERE event IN ${ACTIONS} AND (${where})${pageMatch ? ' AND page IS NOT NULL' : ''}`;
  return `SELECT day, brand, page, ${MEASURES}
    FROM (${rows('page', true)} UNION ALL ${rows(`'${ALL_PAGES}'`, false)})
    GROUP BY day, brand, page`;
}
