/** Runs the daily rollup of a day in chunks (rollup-chunk-sql.ts has the statements and why). */
import {
  chunkStatements,
  chunksFor,
  clearChunkStatements,
  swapStatements,
  type ChunkStatement,
  type RollupSource,
} from './rollup-chunk-sql';
import { dayBounds } from './rollup-select';

const bind = (db: D1Database, s: ChunkStatement) => db.prepare(s.sql).bind(...s.params);

/**
 * Recomputes the day's rollups from its raw rows in chunks (`chunkCount`, or as many as its rows need), then swaps them in together
 * with `alongside` (statements to commit in the same transaction, e.g. the day's ledger row).
 * The rows are the hot `events`, or (`source`) the day the rebuild read back from R2.
 * Answers each chunk's wall time in ms.
 */
export async function replaceDayRollupsInChunks(
  db: D1Database,
  day: string,
  alongside: D1PreparedStatement[] = [],
  chunkCount?: number,
  source: RollupSource = 'events',
): Promise<number[]> {
  const [start, end] = dayBounds(day);
  const counted = await db
    .prepare(`SELECT COUNT(*) AS n FROM ${source} WHERE received_at >= ? AND received_at < ?`)
    .bind(start, end)
    .first<{ n: number }>();
  const chunks = chunkCount ?? chunksFor(counted?.n ?? 0);
  await db.batch(clearChunkStatements(day).map((s) => bind(db, s)));
  const ms: number[] = [];
  for (let k = 0; k < chunks; k++) {
    const started = Date.now();
    for (const s of chunkStatements(day, k, chunks, source)) await bind(db, s).run();
    ms.push(Date.now() - started);
  }
  await db.batch([...swapStatements(day).map((s) => bind(db, s)), ...alongside]);
  return ms;
}
