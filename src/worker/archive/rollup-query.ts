/**
 * The statements that write the rollups (rollup-select.ts has their SQL, D1-free for the benches).
 */
import { replaceDayPeople } from './people-rollup';
import { dayBounds, ROLLUP_COLUMNS, ROLLUP_DIMENSIONS, ROLLUP_MEASURES, rollupSelect } from './rollup-select';

export { dayBounds, ROLLUP_COLUMNS, ROLLUP_DIMENSIONS, ROLLUP_MEASURES, rollupSelect } from './rollup-select';

/**
 * The statements that replace a day's rollups with the rollup of `table`'s rows of that day,
 * the report's people counts (distinct sessions, people-rollup.ts) included.
 */
export function replaceDayRollups(
  db: D1Database,
  table: 'events' | 'events_rebuild',
  day: string,
): D1PreparedStatement[] {
  const [start, end] = dayBounds(day);
  return [
    ...replaceDayPeople(db, table, [start, end], day),
    db.prepare(`DELETE FROM event_rollups WHERE day = ?`).bind(day),
    db
      .prepare(
        `INSERT INTO event_rollups (${ROLLUP_COLUMNS}) ${rollupSelect(table, 'received_at >= ? AND received_at < ?')}`,
      )
      .bind(start, end),
  ];
}

/**
 * The statement that adds the rows staged in events_incoming (new events only: the consumer
 * stages an event only when `events` does not hold its id) to the stored rollups, one upsert per
 * rollup row, before they move to `events`.
 */
export function addIncomingToRollups(db: D1Database): D1PreparedStatement {
  const sums = ROLLUP_MEASURES.map((m) => `${m} = ${m} + excluded.${m}`).join(', ');
  return db.prepare(
    `INSERT INTO event_rollups (${ROLLUP_COLUMNS}) SELECT * FROM (${rollupSelect('events_incoming', 'true')}) WHERE true
     ON CONFLICT (${ROLLUP_DIMENSIONS.join(', ')}) DO UPDATE SET ${sums}`,
  );
}
