/**
 * Leads leave the hot D1 database after their delivery window (docs/decisions/0126-lead-move-built.md):
 * the daily cron moves what fits one invocation and hands the rest of a day to a Workflow step by
 * step; lead retention deletes the moved leads' personal objects by day; privacy requests, the
 * certificate page and the duplicate check read what was moved (read.ts, erase.ts).
 */
import { startJob } from '../long-jobs/jobs';
import { retentionDays } from '../consent/retention';
import { daysToMove, leadMoveCutoff, moveLeadDay, type MoveEnv } from './move';
import { PERSONAL_PREFIX } from './store';

/**
 * Leads one cron invocation moves itself before the rest goes to Workflows. A lead is about a dozen
 * R2 calls (a head and a put per object), and they count against the invocation's subrequest
 * limit, shared with every other daily task; a Workflow step (25 leads, ~300 calls) has its own.
 */
const INLINE_BUDGET = 100;

export interface MoveSummary {
  moved: number;
  written: number;
  days: number;
  /** Days handed to a Workflow because the inline budget ran out. */
  handedOver: string[];
}

export async function moveOldLeads(
  env: MoveEnv & { ARCHIVE_JOBS: Env['ARCHIVE_JOBS'] },
  now: Date,
  budget = INLINE_BUDGET,
): Promise<MoveSummary> {
  const days = await daysToMove(env.DB, leadMoveCutoff(env, now));
  let moved = 0;
  let written = 0;
  const handedOver: string[] = [];
  for (const day of days) {
    if (moved >= budget) {
      handedOver.push(day);
      continue;
    }
    const result = await moveLeadDay(env, day, now, budget - moved);
    moved += result.moved;
    written += result.written;
    if (!result.done) handedOver.push(day);
  }
  // Each run names its Workflows by the day it ran, so a day a finished job left (it cannot, but a
  // failed one can) is taken up again tomorrow; two jobs on one day only race to no-ops.
  const run = now.toISOString().slice(0, 10);
  for (const day of handedOver) await startJob(env, { kind: 'lead-move', day, run });
  return { moved, written, days: days.length, handedOver };
}

/** Personal objects of days at most this many: one run never lists more than this many keys. */
const SWEEP_KEYS = 50_000;

/**
 * Lead retention for moved leads: the personal objects (answers, ip, user agent) of the days whose
 * every lead is older than LEAD_RETENTION_DAYS are deleted, as D1 clears those columns of a hot
 * lead. The record, the certificate and the markers stay, as the row does in D1.
 */
export async function sweepExpiredPersonal(
  env: { ARCHIVE: R2Bucket; LEAD_RETENTION_DAYS?: string },
  now: Date,
): Promise<number> {
  // The first day that still holds a lead inside retention: every day before it has expired.
  const firstKept = new Date(now.getTime() - retentionDays(env) * 86_400_000).toISOString().slice(0, 10);
  const listing = await env.ARCHIVE.list({ prefix: PERSONAL_PREFIX, delimiter: '/' });
  const expired = listing.delimitedPrefixes.filter((p) => {
    const day = /dt=(\d{4}-\d{2}-\d{2})\/$/.exec(p)?.[1];
    return day !== undefined && day < firstKept;
  });
  let deleted = 0;
  for (const prefix of expired) {
    let cursor: string | undefined;
    do {
      const page = await env.ARCHIVE.list({ prefix, limit: 1000, ...(cursor ? { cursor } : {}) });
      const keys = page.objects.map((o) => o.key);
      if (keys.length) await env.ARCHIVE.delete(keys);
      deleted += keys.length;
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor && deleted < SWEEP_KEYS);
    if (deleted >= SWEEP_KEYS) break;
  }
  return deleted;
}
