import { z } from 'zod';

/**
 * The long jobs (rebuild, privacy erasure across the archive, archive compaction) and their
 * progress rows in D1 `archive_jobs`. A job is one Workflow instance; its id says what it is
 * for, so asking twice for the same job joins the first instead of running it twice.
 */
export const jobParamsSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('rebuild'), from: z.iso.date(), to: z.iso.date() }),
  z.strictObject({ kind: z.literal('erasure'), erasure: z.string().min(1).max(64) }),
  z.strictObject({ kind: z.literal('compaction'), day: z.iso.date() }),
  // The leads of a day past their delivery window, moved to R2 (lead-archive/); `run` is the day
  // of the cron that started it.
  z.strictObject({ kind: z.literal('lead-move'), day: z.iso.date(), run: z.iso.date() }),
]);
export type JobParams = z.infer<typeof jobParamsSchema>;

export type JobsEnv = { DB: D1Database; ARCHIVE_JOBS: Workflow<JobParams> };

export function jobId(params: JobParams): string {
  if (params.kind === 'rebuild') return `rebuild-${params.from}-${params.to}-${crypto.randomUUID().slice(0, 8)}`;
  if (params.kind === 'erasure') return `erasure-${params.erasure}`;
  if (params.kind === 'lead-move') return `lead-move-${params.day}-${params.run}`;
  return `compaction-${params.day}`;
}

function subjectOf(params: JobParams): string {
  if (params.kind === 'rebuild') return `${params.from}..${params.to}`;
  if (params.kind === 'erasure') return params.erasure;
  return params.day;
}

/** Whether a day's raw rows have left D1 (only then may its archive be compacted). */
export async function isPruned(db: D1Database, day: string): Promise<boolean> {
  const row = await db
    .prepare(`SELECT pruned_at FROM event_days WHERE day = ?`)
    .bind(day)
    .first<{ pruned_at: string | null }>();
  return Boolean(row?.pruned_at);
}

/** Starts a job, or answers the id of the one already started for the same erasure or day. */
export async function startJob(env: JobsEnv, params: JobParams): Promise<{ id: string; started: boolean }> {
  const id = jobId(params);
  const now = new Date().toISOString();
  const inserted = await env.DB.prepare(
    `INSERT OR IGNORE INTO archive_jobs (id, kind, subject, status, created_at, updated_at) VALUES (?, ?, ?, 'queued', ?, ?)`,
  )
    .bind(id, params.kind, subjectOf(params), now, now)
    .run();
  if ((inserted.meta.changes ?? 0) === 0) {
    // Known: start it only if its instance is gone (a job row whose create failed earlier).
    const existing = await env.ARCHIVE_JOBS.get(id).catch(() => null);
    if (existing) return { id, started: false };
  }
  try {
    await env.ARCHIVE_JOBS.create({ id, params });
  } catch (error) {
    // Two starters raced for the same erasure or day: the other one's instance is the job.
    if (error instanceof Error && error.message.includes('already_exists')) return { id, started: false };
    throw error;
  }
  return { id, started: true };
}

export async function setProgress(
  db: D1Database,
  id: string,
  progress: { status: string; done?: number; total?: number; detail?: string },
): Promise<void> {
  await db
    .prepare(
      `UPDATE archive_jobs SET status = ?, done = COALESCE(?, done), total = COALESCE(?, total), detail = COALESCE(?, detail), updated_at = ? WHERE id = ?`,
    )
    .bind(
      progress.status,
      progress.done ?? null,
      progress.total ?? null,
      progress.detail ?? null,
      new Date().toISOString(),
      id,
    )
    .run();
}

export interface JobView {
  id: string;
  kind: string;
  subject: string;
  status: string;
  done: number;
  total: number;
  detail: string | null;
  createdAt: string;
  updatedAt: string;
}

export async function recentJobs(db: D1Database, limit = 20): Promise<JobView[]> {
  const { results } = await db
    .prepare(
      `SELECT id, kind, subject, status, done, total, detail, created_at AS createdAt, updated_at AS updatedAt
       FROM archive_jobs ORDER BY updated_at DESC LIMIT ?`,
    )
    .bind(limit)
    .all<JobView>();
  return results;
}

export async function jobById(db: D1Database, id: string): Promise<JobView | null> {
  return db
    .prepare(
      `SELECT id, kind, subject, status, done, total, detail, created_at AS createdAt, updated_at AS updatedAt FROM archive_jobs WHERE id = ?`,
    )
    .bind(id)
    .first<JobView>();
}
