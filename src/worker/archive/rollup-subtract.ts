/**
 * A privacy deletion's change to a hot day's rollups, without rolling the whole day up again
 * (one statement over a million-row day passes D1's 30 s, and this runs on a request). Every
 * measure of event_rollups and event_people_rollups is a sum or a count over sessions, and a
 * session's rows add to them independently of other sessions' (the chunked rollup rests on the
 * same: rollup-chunk-sql.ts). So the day's rollups without the erased rows are the stored ones,
 * minus the rollup of the erased visitors' sessions, plus the rollup of those sessions' rows that
 * stay (another visitor id in the same session, rare). Both are read before the rows are deleted,
 * in the caller's one batch, so a row that arrives meanwhile is either counted and deleted or
 * neither; rollup rows left with no event go, as a recompute would leave none.
 */
import { peopleSelect } from './people-select';
import { dayBounds, ROLLUP_DIMENSIONS, ROLLUP_MEASURES, rollupSelect } from './rollup-select';

const PEOPLE_DIMENSIONS = ['day', 'brand', 'page'];
const PEOPLE_MEASURES = ['visitors', 'paid_visitors', 'submitters', 'callers'];

/** The erased visitors' sessions (?1: their anonymous ids as JSON), and whether a row is one of theirs. */
const SESSIONS = `session_id IN (SELECT session_id FROM events WHERE anonymous_id IN (SELECT value FROM json_each(?)))`;
const OTHERS = `anonymous_id NOT IN (SELECT value FROM json_each(?))`;

function addTo(
  table: string,
  dimensions: readonly string[],
  measures: readonly string[],
  select: string,
  sign: 1 | -1,
): string {
  const columns = [...dimensions, ...measures];
  const values = [...dimensions, ...measures.map((m) => (sign < 0 ? `-${m}` : m))];
  return `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${values.join(', ')} FROM (${select}) WHERE true
    ON CONFLICT (${dimensions.join(', ')}) DO UPDATE SET ${measures.map((m) => `${m} = ${m} + excluded.${m}`).join(', ')}`;
}

/**
 * The statements that take `anonymousIds`' rows of `day` out of its stored rollups; the caller runs
 * them in the batch that deletes those rows, before the DELETE (they read the rows).
 */
export function subtractVisitorsFromDay(
  db: D1Database,
  day: string,
  anonymousIds: readonly string[],
): D1PreparedStatement[] {
  const [start, end] = dayBounds(day);
  const ids = JSON.stringify(anonymousIds);
  const inDay = `+received_at >= ? AND +received_at < ?`;
  const theirs = `${SESSIONS} AND ${inDay}`;
  const stays = `${SESSIONS} AND ${OTHERS} AND ${inDay}`;
  const rollup = (where: string, sign: 1 | -1) =>
    addTo('event_rollups', ROLLUP_DIMENSIONS, ROLLUP_MEASURES, rollupSelect('events', where), sign);
  const people = (where: string, sign: 1 | -1) =>
    addTo('event_people_rollups', PEOPLE_DIMENSIONS, PEOPLE_MEASURES, peopleSelect('events', where), sign);
  return [
    db.prepare(rollup(theirs, -1)).bind(ids, start, end),
    db.prepare(rollup(stays, 1)).bind(ids, ids, start, end),
    db.prepare(people(theirs, -1)).bind(ids, start, end, ids, start, end),
    db.prepare(people(stays, 1)).bind(ids, ids, start, end, ids, ids, start, end),
  ];
}

/** After the DELETE: rollup rows of the day that no event counts any more. */
export function dropEmptyRollups(db: D1Database, day: string): D1PreparedStatement[] {
  return [
    db.prepare(`DELETE FROM event_rollups WHERE day = ? AND events = 0`).bind(day),
    db
      .prepare(
        `DELETE FROM event_people_rollups WHERE day = ? AND visitors = 0 AND paid_visitors = 0 AND submitters = 0 AND callers = 0`,
      )
      .bind(day),
  ];
}
