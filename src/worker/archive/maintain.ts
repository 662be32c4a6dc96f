import { z } from 'zod';
import type { QueuedEvent } from '../../shared/tracking/event-schema';
import { logJson } from '../observability/log';
import { reportError } from '../observability/report-error';
import { archiveKey, dayPrefix } from './archive-object';
import { replaceDayRollupsInChunks } from './rollup-chunks';
import { dayBounds } from './rollup-query';
import { archiveEvents, listKeys, type ArchiveBucket } from './write';

/**
 * The events part of the daily Cron Trigger. For each day of raw rows older than the hot window
 * (EVENTS_HOT_DAYS, default 30), in order, each step only if the one before succeeded:
 * 1. rollup: the day's rollups are recomputed from its raw rows (in chunks of sessions, swapped
 *    in by one transaction), then confirmed: they must count exactly the rows the day has;
 * 2. archive: rows without an archive object (written before the archive existed, or by hand)
 *    are archived now;
 * 3. confirm: every archive object the day's rows name is listed in R2;
 * 4. prune: the day is marked as being pruned (archive_confirmed_at), only if it still has the
 *    number of rows that was confirmed (a row that arrived meanwhile waits for tomorrow); then its
 *    archived rows are deleted in chunks of PRUNE_CHUNK, at most PRUNE_ROWS_PER_RUN a run, and
 *    the day is marked pruned once none is left. A million-row day is more than one D1 statement
 *    can delete within D1's 30 s a query, and more than one run should spend: a day larger than
 *    the run's budget goes on at the next run, where it stopped (its rollups are not recomputed
 *    again: the raw rows are partly gone, and the rollups already hold them).
 * A failure at any step leaves the day's rows where they are; the next run starts again.
 * A day already pruned that receives rows again (a dead-letter replay) keeps its rollups (the
 * consumer added the rows to them) and only has the new rows archived and pruned.
 */
export type MaintenanceEnv = {
  DB: D1Database;
  ARCHIVE: ArchiveBucket;
  EVENTS_HOT_DAYS?: string;
  /** Overrides of PRUNE_ROWS_PER_RUN and PRUNE_CHUNK (unset in wrangler.toml: tests make days of a few chunks). */
  EVENTS_PRUNE_ROWS_PER_RUN?: string;
  EVENTS_PRUNE_CHUNK?: string;
} & {
  SENTRY_DSN?: string;
  ENVIRONMENT?: string;
};

export type MaintenanceStep = 'rollup' | 'archive' | 'confirm' | 'prune';

export interface DayOutcome {
  day: string;
  rows: number;
  /** Rows archived by this run (step 2). */
  archived: number;
  pruned: number;
  /** Wall time of each step that ran, in ms (Workers Logs: how near a large day comes to D1's limits). */
  ms: Partial<Record<MaintenanceStep, number>>;
  /** The run's pruning budget ran out in this day: its other rows go at the next run. */
  continues?: boolean;
  failedAt?: MaintenanceStep;
  error?: string;
}

const DAY_MS = 86_400_000;
/** Rows archived per run and day; a larger backlog is archived over the next runs. */
const ARCHIVE_BACKFILL_LIMIT = 20_000;
const ARCHIVE_CHUNK = 500;
/**
 * Rows one DELETE removes: measured locally at about a second per 25,000 rows with the events
 * indexes (bench/events.ts), far inside D1's 30 s a statement.
 */
const PRUNE_CHUNK = 25_000;
/**
 * Rows a run deletes, all days together: twice the planned million events a day, so a nightly run
 * keeps up with a day's arrivals and clears a backlog (a smaller budget than a day's events would
 * let the hot window grow night after night). 80 chunks: well inside the 1,000 D1 queries of an
 * invocation, and at the measured ~1 s a chunk a few minutes of a scheduled run's 15.
 */
const PRUNE_ROWS_PER_RUN = 2_000_000;

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value ?? fallback);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** A run's pruning budget: PRUNE_ROWS_PER_RUN rows in chunks of PRUNE_CHUNK, unless the env overrides them. */
function pruneBudget(env: MaintenanceEnv): PruneBudget {
  return {
    rows: positive(env.EVENTS_PRUNE_ROWS_PER_RUN, PRUNE_ROWS_PER_RUN),
    chunk: positive(env.EVENTS_PRUNE_CHUNK, PRUNE_CHUNK),
  };
}

/** What is left of the run's pruning budget, shared by the days of a run. */
interface PruneBudget {
  rows: number;
  chunk: number;
}

export function hotDays(env: { EVENTS_HOT_DAYS?: string }): number {
  const days = Number(env.EVENTS_HOT_DAYS ?? '30');
  return Number.isInteger(days) && days >= 1 ? days : 30;
}

/** First day of the hot window: days before it are rolled up and pruned. */
export function hotWindowStart(env: { EVENTS_HOT_DAYS?: string }, now: Date): string {
  return new Date(now.getTime() - (hotDays(env) - 1) * DAY_MS).toISOString().slice(0, 10);
}

const dayRowsSchema = z.array(z.object({ day: z.string(), rows: z.number() }));
const ledgerSchema = z
  .object({ pruned_at: z.string().nullable(), archive_confirmed_at: z.string().nullable() })
  .nullable();
const countSchema = z.object({ n: z.number().nullable() });
const batchRowSchema = z.array(z.object({ hour: z.string(), archive_batch: z.string(), rows: z.number() }));
const rawRowSchema = z.object({
  id: z.string(),
  type: z.literal('track'),
  event: z.string(),
  timestamp: z.string(),
  received_at: z.string(),
  session_id: z.string(),
  anonymous_id: z.string(),
  brand: z.string(),
  page: z.string().nullable(),
  step_name: z.string().nullable(),
  step_number: z.number().nullable(),
  paid: z.number(),
  properties: z.string(),
});

class StepError extends Error {
  constructor(
    readonly step: MaintenanceStep,
    message: string,
  ) {
    super(message);
  }
}

async function step<T>(name: MaintenanceStep, run: () => Promise<T>, ms?: DayOutcome['ms']): Promise<T> {
  const started = Date.now();
  try {
    return await run();
  } catch (err) {
    if (err instanceof StepError) throw err;
    throw new StepError(name, err instanceof Error ? err.message : String(err));
  } finally {
    if (ms) ms[name] = (ms[name] ?? 0) + Date.now() - started;
  }
}

async function countRows(db: D1Database, day: string): Promise<number> {
  const [start, end] = dayBounds(day);
  const row = await db
    .prepare(`SELECT COUNT(*) AS n FROM events WHERE received_at >= ? AND received_at < ?`)
    .bind(start, end)
    .first();
  return countSchema.parse(row).n ?? 0;
}

async function rollUp(db: D1Database, day: string, now: string): Promise<void> {
  const [start, end] = dayBounds(day);
  // In chunks of sessions (rollup-chunks.ts): one statement over a million-row day passes D1's 30 s.
  await replaceDayRollupsInChunks(db, day, [
    db
      .prepare(
        `INSERT INTO event_days (day, rolled_up_at, rolled_up_events)
         VALUES (?1, ?2, (SELECT COUNT(*) FROM events WHERE received_at >= ?3 AND received_at < ?4))
         ON CONFLICT (day) DO UPDATE SET rolled_up_at = excluded.rolled_up_at, rolled_up_events = excluded.rolled_up_events`,
      )
      .bind(day, now, start, end),
  ]);
  const [rolled, raw] = await db.batch([
    db.prepare(`SELECT SUM(events) AS n FROM event_rollups WHERE day = ?`).bind(day),
    db.prepare(`SELECT COUNT(*) AS n FROM events WHERE received_at >= ? AND received_at < ?`).bind(start, end),
  ]);
  const counted = countSchema.parse(rolled?.results[0] ?? { n: null }).n ?? 0;
  const rows = countSchema.parse(raw?.results[0] ?? { n: null }).n ?? 0;
  if (counted !== rows) throw new StepError('rollup', `rollups count ${counted} events, the day has ${rows} rows`);
}

function asQueuedEvent(row: z.infer<typeof rawRowSchema>): QueuedEvent {
  return {
    id: row.id,
    type: row.type,
    event: row.event as QueuedEvent['event'],
    timestamp: row.timestamp,
    receivedAt: row.received_at,
    sessionId: row.session_id,
    anonymousId: row.anonymous_id,
    brand: row.brand,
    page: row.page,
    stepName: row.step_name,
    stepNumber: row.step_number,
    paid: row.paid === 1,
    properties: z.record(z.string(), z.unknown()).parse(JSON.parse(row.properties)),
  };
}

/** Archives the day's rows that have no archive object yet; answers how many it archived. */
async function archiveMissing(env: MaintenanceEnv, day: string): Promise<number> {
  const [start, end] = dayBounds(day);
  let archived = 0;
  while (archived < ARCHIVE_BACKFILL_LIMIT) {
    const result = await env.DB.prepare(
      `SELECT id, type, event, timestamp, received_at, session_id, anonymous_id, brand, page, step_name, step_number, paid, properties
       FROM events WHERE received_at >= ? AND received_at < ? AND archive_batch IS NULL ORDER BY received_at, id LIMIT ?`,
    )
      .bind(start, end, ARCHIVE_CHUNK)
      .all();
    const events = z.array(rawRowSchema).parse(result.results).map(asQueuedEvent);
    if (events.length === 0) return archived;
    const batchIds = await archiveEvents(env.ARCHIVE, events);
    const byBatch = new Map<string, string[]>();
    for (const [id, batchId] of batchIds) byBatch.set(batchId, [...(byBatch.get(batchId) ?? []), id]);
    await env.DB.batch(
      [...byBatch].map(([batchId, ids]) =>
        env.DB.prepare(
          `UPDATE events SET archive_batch = ? WHERE id IN (SELECT value FROM json_each(?)) AND archive_batch IS NULL`,
        ).bind(batchId, JSON.stringify(ids)),
      ),
    );
    archived += events.length;
  }
  throw new StepError('archive', `more than ${ARCHIVE_BACKFILL_LIMIT} rows of ${day} to archive; continued next run`);
}

/** Every object the day's rows name must be in R2; answers the rows so confirmed. */
async function confirmArchive(env: MaintenanceEnv, day: string): Promise<number> {
  const [start, end] = dayBounds(day);
  const listed = new Set(await listKeys(env.ARCHIVE, dayPrefix(day)));
  const result = await env.DB.prepare(
    `SELECT substr(received_at, 12, 2) AS hour, archive_batch, COUNT(*) AS rows FROM events
     WHERE received_at >= ? AND received_at < ? GROUP BY hour, archive_batch`,
  )
    .bind(start, end)
    .all();
  let rows = 0;
  for (const batch of batchRowSchema.parse(
    result.results.map((r) => ({ ...r, archive_batch: r.archive_batch ?? '' })),
  )) {
    const key = archiveKey({ day, hour: batch.hour }, batch.archive_batch);
    if (!batch.archive_batch || !listed.has(key))
      throw new StepError('confirm', `${batch.rows} rows of ${day} name an archive object that is not in R2`);
    rows += batch.rows;
  }
  return rows;
}

/**
 * Marks the day as being pruned, if it still has the `expected` rows that were confirmed; answers
 * whether it did (a day with rows that arrived meanwhile waits for the next run).
 */
async function startPruning(db: D1Database, day: string, expected: number, now: string): Promise<boolean> {
  const [start, end] = dayBounds(day);
  const marked = await db
    .prepare(
      `UPDATE event_days SET archive_confirmed_at = ?5
       WHERE day = ?4 AND rolled_up_at IS NOT NULL
         AND (SELECT COUNT(*) FROM events WHERE received_at >= ?1 AND received_at < ?2) = ?3`,
    )
    .bind(start, end, expected, day, now)
    .run();
  return marked.meta.changes > 0;
}

/**
 * Deletes the day's archived rows, a chunk a transaction, while the run's budget lasts; the day
 * is marked pruned when none is left. Each chunk adds what it deleted to pruned_events in the same
 * transaction (changes() is the DELETE's count), so a run stopped between chunks loses no count.
 * Only rows naming an archive object go: the consumer writes the object before the row, and the
 * run confirmed every object the rows named; a row written without one waits to be archived.
 */
async function prune(
  db: D1Database,
  day: string,
  now: string,
  budget: PruneBudget,
): Promise<{ pruned: number; done: boolean }> {
  const [start, end] = dayBounds(day);
  let pruned = 0;
  while (budget.rows > 0) {
    const limit = Math.min(budget.chunk, budget.rows);
    const [deleted] = await db.batch([
      db
        .prepare(
          `DELETE FROM events WHERE rowid IN (SELECT rowid FROM events
             WHERE received_at >= ?1 AND received_at < ?2 AND archive_batch IS NOT NULL LIMIT ?3)
           AND EXISTS (SELECT 1 FROM event_days WHERE day = ?4 AND archive_confirmed_at IS NOT NULL)`,
        )
        .bind(start, end, limit, day),
      db.prepare(`UPDATE event_days SET pruned_events = pruned_events + changes() WHERE day = ?`).bind(day),
    ]);
    const changes = deleted?.meta.changes ?? 0;
    pruned += changes;
    budget.rows -= changes;
    if (changes < limit) {
      await db
        .prepare(`UPDATE event_days SET pruned_at = ? WHERE day = ? AND archive_confirmed_at IS NOT NULL`)
        .bind(now, day)
        .run();
      return { pruned, done: true };
    }
  }
  return { pruned, done: false };
}

async function maintainDay(env: MaintenanceEnv, day: string, now: string, budget: PruneBudget): Promise<DayOutcome> {
  const outcome: DayOutcome = { day, rows: 0, archived: 0, pruned: 0, ms: {} };
  try {
    const ledger = ledgerSchema.parse(
      await env.DB.prepare(`SELECT pruned_at, archive_confirmed_at FROM event_days WHERE day = ?`).bind(day).first(),
    );
    // A pruned day's rollups already hold its late rows (the consumer added them); recomputing them from
    // the few raw rows left would lose the pruned ones. So would recomputing a day whose pruning began.
    const pruning = Boolean(ledger?.pruned_at ?? ledger?.archive_confirmed_at);
    if (!pruning) await step('rollup', () => rollUp(env.DB, day, now), outcome.ms);
    outcome.archived = await step('archive', () => archiveMissing(env, day), outcome.ms);
    outcome.rows = await step('confirm', () => confirmArchive(env, day), outcome.ms);
    if (outcome.rows !== (await step('confirm', () => countRows(env.DB, day), outcome.ms)))
      throw new StepError('confirm', `rows of ${day} changed while the archive was confirmed`);
    const started = await step('prune', () => startPruning(env.DB, day, outcome.rows, now), outcome.ms);
    if (!started && !pruning) return outcome;
    const result = await step('prune', () => prune(env.DB, day, now, budget), outcome.ms);
    outcome.pruned = result.pruned;
    if (!result.done) outcome.continues = true;
  } catch (err) {
    outcome.failedAt = err instanceof StepError ? err.step : 'prune';
    outcome.error = err instanceof Error ? err.message.slice(0, 300) : String(err);
    await reportError(env, err, { where: `events.maintain.${outcome.failedAt}`, day });
  }
  return outcome;
}

/**
 * Rolls up, archives and prunes the raw rows older than the hot window, oldest day first, at
 * most `maxDays` days a run. Never throws: each day's outcome says how far it got.
 */
export async function maintainEvents(env: MaintenanceEnv, now = new Date(), maxDays = 14): Promise<DayOutcome[]> {
  const budget = pruneBudget(env);
  const before = `${hotWindowStart(env, now)}T00:00:00.000Z`;
  const result = await env.DB.prepare(
    `SELECT substr(received_at, 1, 10) AS day, COUNT(*) AS rows FROM events WHERE received_at < ? GROUP BY day ORDER BY day LIMIT ?`,
  )
    .bind(before, maxDays)
    .all();
  const outcomes: DayOutcome[] = [];
  for (const { day } of dayRowsSchema.parse(result.results)) {
    // The budget is spent: the days left wait for the next run, untouched.
    if (budget.rows <= 0) break;
    outcomes.push(await maintainDay(env, day, now.toISOString(), budget));
  }
  logJson('info', 'events maintenance', {
    where: 'events.maintain',
    days: outcomes.length,
    pruned: outcomes.reduce((s, o) => s + o.pruned, 0),
    continues: outcomes.filter((o) => o.continues).map((o) => o.day),
    // Per day (dates are not personal): rows confirmed, rows pruned and each step's time.
    outcomes: outcomes.map((o) => ({ day: o.day, rows: o.rows, pruned: o.pruned, ms: o.ms })),
    failed: outcomes.filter((o) => o.failedAt).map((o) => `${o.day}:${o.failedAt}`),
  });
  return outcomes;
}
