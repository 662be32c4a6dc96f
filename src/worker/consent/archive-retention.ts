/**
 * The R2 event archive forgets on schedule: the daily cron deletes every day of
 * `events/dt=YYYY-MM-DD/` whose first hour is older than ARCHIVE_RETENTION_DAYS, so no archived
 * event (ip, user agent, ip-derived city and zip) is kept longer than that. A day is deleted a
 * few hours early rather than late: retention is a ceiling. Chosen over R2 lifecycle rules,
 * which cannot run or be tested locally (docs/decisions/0200-archive-retention-by-cron.md).
 *
 * A day whose raw rows are still in D1 is left for the next run: the events cron confirms those
 * rows' objects in R2 before it prunes them (src/worker/archive/maintain.ts), and runs before
 * this sweep. The retention is never shorter than the hot window (EVENTS_HOT_DAYS) for the
 * same reason. Rollups hold no visitor and stay.
 */
import { ARCHIVE_PREFIX } from '../archive';
import { hotDays } from '../archive/maintain';
import { dayBounds } from '../archive/rollup-query';
import { listKeys } from '../archive/write';
import { logJson } from '../observability/log';

const DAY_MS = 86_400_000;

export type ArchiveRetentionEnv = {
  DB: D1Database;
  ARCHIVE: Pick<R2Bucket, 'list' | 'get' | 'put' | 'delete'>;
  ARCHIVE_RETENTION_DAYS?: string;
  EVENTS_HOT_DAYS?: string;
};

export function archiveRetentionDays(env: { ARCHIVE_RETENTION_DAYS?: string; EVENTS_HOT_DAYS?: string }): number {
  const days = Number(env.ARCHIVE_RETENTION_DAYS ?? '90');
  const wanted = Number.isInteger(days) && days >= 1 ? days : 90;
  return Math.max(wanted, hotDays(env));
}

/** The newest day the sweep deletes: every day up to and including it started before now - retention. */
export function lastExpiredDay(env: { ARCHIVE_RETENTION_DAYS?: string; EVENTS_HOT_DAYS?: string }, now: Date): string {
  return new Date(now.getTime() - archiveRetentionDays(env) * DAY_MS).toISOString().slice(0, 10);
}

/** The archive's day partitions (`YYYY-MM-DD`), oldest first. */
async function archivedDays(bucket: ArchiveRetentionEnv['ARCHIVE']): Promise<string[]> {
  const days: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: `${ARCHIVE_PREFIX}dt=`, delimiter: '/', ...(cursor ? { cursor } : {}) });
    for (const prefix of page.delimitedPrefixes) {
      const day = /dt=(\d{4}-\d{2}-\d{2})\/$/.exec(prefix)?.[1];
      if (day) days.push(day);
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return days.sort();
}

export interface ArchiveSweep {
  days: string[];
  objects: number;
  /** Expired days left for the next run (their raw rows are still in D1). */
  waiting: string[];
}

export async function sweepExpiredArchive(env: ArchiveRetentionEnv, now = new Date()): Promise<ArchiveSweep> {
  const last = lastExpiredDay(env, now);
  const sweep: ArchiveSweep = { days: [], objects: 0, waiting: [] };
  for (const day of await archivedDays(env.ARCHIVE)) {
    if (day > last) break;
    const [start, end] = dayBounds(day);
    const raw = await env.DB.prepare('SELECT 1 AS n FROM events WHERE received_at >= ? AND received_at < ? LIMIT 1')
      .bind(start, end)
      .first();
    if (raw) {
      sweep.waiting.push(day);
      continue;
    }
    const keys = await listKeys(env.ARCHIVE, `${ARCHIVE_PREFIX}dt=${day}/`);
    // R2 deletes up to 1,000 keys a call.
    for (let i = 0; i < keys.length; i += 1000) await env.ARCHIVE.delete(keys.slice(i, i + 1000));
    sweep.days.push(day);
    sweep.objects += keys.length;
  }
  logJson('info', 'archive retention', {
    where: 'privacy.archive-retention',
    retentionDays: archiveRetentionDays(env),
    days: sweep.days.length,
    objects: sweep.objects,
    waiting: sweep.waiting,
  });
  return sweep;
}
