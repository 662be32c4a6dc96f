/** The statements that write the people counts (people-select.ts has their SQL and why). */
import { peopleSelect } from './people-select';

export { ALL_PAGES } from './people-select';

const COLUMNS = 'day, brand, page, visitors, paid_visitors, submitters, callers';

/** The statements that replace a day's people counts with the distinct counts of `table`'s rows of that day. */
export function replaceDayPeople(
  db: D1Database,
  table: 'events' | 'events_rebuild',
  [start, end]: [string, string],
  day: string,
): D1PreparedStatement[] {
  return [
    db.prepare(`DELETE FROM event_people_rollups WHERE day = ?`).bind(day),
    db
      .prepare(
        `INSERT INTO event_people_rollups (${COLUMNS}) ${peopleSelect(table, 'received_at >= ? AND received_at < ?')}`,
      )
      .bind(start, end, start, end),
  ];
}

/** The statement that adds the sessions new in events_incoming to the stored people counts (before they move to `events`). */
export function addIncomingToPeople(db: D1Database): D1PreparedStatement {
  return db.prepare(
    `INSERT INTO event_people_rollups (${COLUMNS}) SELECT * FROM (${peopleSelect('events_incoming', 'true')}) WHERE true
     ON CONFLICT (day, brand, page) DO UPDATE SET visitors = visitors + excluded.visitors,
       paid_visitors = paid_visitors + excluded.paid_visitors, submitters = submitters + excluded.submitters,
       callers = callers + excluded.callers`,
  );
}
