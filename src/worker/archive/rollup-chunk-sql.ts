/**
 * The daily rollup of a day in chunks (docs/decisions/0266-daily-rollup-in-chunks.md). One
 * statement over a million-row day was measured at 33 s, past D1's 30 s a query. A chunk is the
 * day's rows of the sessions whose id falls in one of ROLLUP_CHUNKS ranges (sessionRange):
 * every measure of a rollup row is a count or a sum (adds across chunks) or a count of distinct
 * sessions, or a session's first page view; and a session lies in exactly one chunk, so the
 * distinct counts and the entries add up across chunks too. Chunks by hour or by rowid would split
 * a session and count it twice.
 *
 * Each chunk adds its rows to the staging tables (migration 0115); the day is then swapped into
 * event_rollups and event_people_rollups in one transaction, so the report reads the old numbers or
 * the new, never half of them. A run that stops between chunks leaves staging rows that the next
 * run deletes before it starts the day again.
 */
import { peopleSelect } from './people-select';
import { dayBounds, ROLLUP_COLUMNS, ROLLUP_DIMENSIONS, ROLLUP_MEASURES, rollupSelect } from './rollup-select';

/**
 * Rows a chunk aims at: a million-row day goes in the 16 chunks (one a hex digit, the most there
 * are) that `npm run capacity -- --rollup` times; a small day in one, as before.
 */
export const ROWS_PER_CHUNK = 62_500;
export const MAX_CHUNKS = 16;

/** Chunks for a day of `rows` rows. */
export function chunksFor(rows: number): number {
  return Math.min(MAX_CHUNKS, Math.max(1, Math.ceil(rows / ROWS_PER_CHUNK)));
}

const PEOPLE_COLUMNS = 'day, brand, page, visitors, paid_visitors, submitters, callers';
const PEOPLE_MEASURES = ['visitors', 'paid_visitors', 'submitters', 'callers'];

/**
 * The session ids of chunk `k` of `chunks`, as SQL over `session_id` (with ? for the bounds) and
 * its parameters: ranges cut at hex digits (session ids are UUIDs), the first open below and the
 * last open above, so every id, of any form, is in exactly one chunk. A range of the events_session
 * index reads only the chunk's sessions, not the whole day: the unary + keeps SQLite from reading
 * the day by received_at instead (each chunk would then read all of the day's rows).
 */
export function sessionRange(k: number, chunks: number): { sql: string; params: string[] } {
  if (!Number.isInteger(chunks) || chunks < 1 || chunks > 16 || !Number.isInteger(k) || k < 0 || k >= chunks)
    throw new Error(`chunk ${k} of ${chunks}: 1 to 16 chunks`);
  const bound = (i: number) => Math.floor((i * 16) / chunks).toString(16);
  const parts: string[] = [];
  const params: string[] = [];
  if (k > 0) {
    parts.push('session_id >= ?');
    params.push(bound(k));
  }
  if (k < chunks - 1) {
    parts.push('session_id < ?');
    params.push(bound(k + 1));
  }
  return { sql: parts.length ? parts.join(' AND ') : 'true', params };
}

export interface ChunkStatement {
  sql: string;
  params: string[];
}

/** The raw rows a day is rolled up from: the hot `events`, or a day read back from R2 by the rebuild. */
export type RollupSource = 'events' | 'events_rebuild';

/** The two statements of chunk `k` of `chunks`: add its rollup rows and its people rows to staging. */
export function chunkStatements(
  day: string,
  k: number,
  chunks: number,
  source: RollupSource = 'events',
): ChunkStatement[] {
  const [start, end] = dayBounds(day);
  const range = sessionRange(k, chunks);
  const where = `${range.sql} AND +received_at >= ? AND +received_at < ?`;
  const params = [...range.params, start, end];
  const sums = (measures: readonly string[]) => measures.map((m) => `${m} = ${m} + excluded.${m}`).join(', ');
  return [
    {
      sql: `INSERT INTO event_rollup_chunks (${ROLLUP_COLUMNS}) SELECT * FROM (${rollupSelect(source, where)}) WHERE true
        ON CONFLICT (${ROLLUP_DIMENSIONS.join(', ')}) DO UPDATE SET ${sums(ROLLUP_MEASURES)}`,
      params,
    },
    {
      sql: `INSERT INTO event_people_rollup_chunks (${PEOPLE_COLUMNS}) SELECT * FROM (${peopleSelect(source, where)}) WHERE true
        ON CONFLICT (day, brand, page) DO UPDATE SET ${sums(PEOPLE_MEASURES)}`,
      params: [...params, ...params],
    },
  ];
}

/** Empties the day's staging rows (a run stopped between chunks left them). */
export function clearChunkStatements(day: string): ChunkStatement[] {
  return [
    { sql: `DELETE FROM event_rollup_chunks WHERE day = ?`, params: [day] },
    { sql: `DELETE FROM event_people_rollup_chunks WHERE day = ?`, params: [day] },
  ];
}

/** Replaces the day's rollups with the staged sums, then empties staging: one transaction. */
export function swapStatements(day: string): ChunkStatement[] {
  return [
    { sql: `DELETE FROM event_people_rollups WHERE day = ?`, params: [day] },
    {
      sql: `INSERT INTO event_people_rollups (${PEOPLE_COLUMNS}) SELECT ${PEOPLE_COLUMNS} FROM event_people_rollup_chunks WHERE day = ?`,
      params: [day],
    },
    { sql: `DELETE FROM event_rollups WHERE day = ?`, params: [day] },
    {
      sql: `INSERT INTO event_rollups (${ROLLUP_COLUMNS}) SELECT ${ROLLUP_COLUMNS} FROM event_rollup_chunks WHERE day = ?`,
      params: [day],
    },
    ...clearChunkStatements(day),
  ];
}
