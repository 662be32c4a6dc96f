import { z } from 'zod';
import { dayPrefix, decodeEvents, EVENT_ROW_COLUMNS, eventRowValues } from './archive-object';
import { replaceDayRollupsInChunks } from './rollup-chunks';
import { listKeys, type ArchiveBucket } from './write';

/**
 * Rebuilds the rollups of days from the R2 archive (npm run events:rebuild): each day's objects
 * are read, their events loaded (once per event id) into events_rebuild, and the day's rollups
 * replaced as the cron replaces them from raw rows: in chunks of sessions swapped in by one
 * transaction (rollup-chunks.ts), since one statement over a million-row day passes D1's 30 s.
 * Runs wherever it gets the two bindings: the Worker's tests, or Node through wrangler's local
 * platform proxy (scripts/events-rebuild.ts).
 */
export interface RebuildEnv {
  DB: D1Database;
  ARCHIVE: ArchiveBucket;
}

export interface RebuiltDay {
  day: string;
  objects: number;
  events: number;
  rollupRows: number;
}

/** D1 binds at most 100 values per statement: 7 rows of 13 columns a statement. */
const ROWS_PER_STATEMENT = 7;
const STATEMENTS_PER_BATCH = 50;
const ROW_PLACEHOLDERS = EVENT_ROW_COLUMNS.split(',')
  .map(() => '?')
  .join(', ');

export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** `chunks`: as many as the day's rows need unless given (tests split a small day). */
export async function rebuildDay(env: RebuildEnv, day: string, chunks?: number): Promise<RebuiltDay> {
  const keys = await listKeys(env.ARCHIVE, dayPrefix(day));
  await env.DB.prepare(`DELETE FROM events_rebuild`).run();
  // An event can sit in two objects (a batch delivered again in another grouping): loaded once.
  const seen = new Set<string>();
  for (const key of keys) {
    const object = await env.ARCHIVE.get(key);
    if (!object) throw new Error(`archive object ${key} was listed but cannot be read`);
    const batch = await decodeEvents(await object.arrayBuffer());
    const fresh = batch.filter((e) => !seen.has(e.id));
    for (const e of fresh) seen.add(e.id);
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < fresh.length; i += ROWS_PER_STATEMENT) {
      const rows = fresh.slice(i, i + ROWS_PER_STATEMENT);
      statements.push(
        env.DB.prepare(
          `INSERT INTO events_rebuild (${EVENT_ROW_COLUMNS}) VALUES ${rows.map(() => `(${ROW_PLACEHOLDERS})`).join(', ')}`,
        ).bind(...rows.flatMap(eventRowValues)),
      );
    }
    for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH)
      await env.DB.batch(statements.slice(i, i + STATEMENTS_PER_BATCH));
  }
  const count = z.object({ n: z.number() });
  const events = count.parse(await env.DB.prepare(`SELECT COUNT(*) AS n FROM events_rebuild`).first()).n;
  // An empty archive for the day leaves its rollups alone: nothing to rebuild them from.
  if (events > 0) await replaceDayRollupsInChunks(env.DB, day, [], chunks, 'events_rebuild');
  await env.DB.prepare(`DELETE FROM events_rebuild`).run();
  const rollupRows = count.parse(
    await env.DB.prepare(`SELECT COUNT(*) AS n FROM event_rollups WHERE day = ?`).bind(day).first(),
  ).n;
  return { day, objects: keys.length, events, rollupRows };
}

export async function rebuildRollups(env: RebuildEnv, from: string, to: string): Promise<RebuiltDay[]> {
  const out: RebuiltDay[] = [];
  for (const day of daysBetween(from, to)) out.push(await rebuildDay(env, day));
  return out;
}
