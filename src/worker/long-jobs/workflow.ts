import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from 'cloudflare:workers';
import { runArchiveErasure } from '../archive';
import { daysBetween, rebuildDay } from '../archive/rebuild';
import { moveLeadStep } from '../lead-archive/move';
import { redactText } from '../../shared/redact';
import { compactHour, HOURS } from './compact';
import { jobParamsSchema, setProgress, type JobParams } from './jobs';

/**
 * The long jobs as one Cloudflare Workflow: each unit of work (a day rebuilt, a part of an
 * erasure, an hour compacted) is a step, so a job survives restarts and the limits of one
 * invocation, a failed step is retried with backoff, and a finished step is never run again.
 * The steps call the existing entry points (rebuildDay, runArchiveErasure) unchanged; each
 * records its progress in D1 `archive_jobs` for the health page.
 */
const RETRY = {
  retries: { limit: 6, delay: '30 seconds' as const, backoff: 'exponential' as const },
  timeout: '10 minutes' as const,
};

export class ArchiveJobWorkflow extends WorkflowEntrypoint<Env, JobParams> {
  override async run(event: Readonly<WorkflowEvent<JobParams>>, step: WorkflowStep): Promise<{ done: number }> {
    const params = jobParamsSchema.parse(event.payload);
    const id = event.instanceId;
    const db = this.env.DB;
    try {
      const done = await this.work(params, id, step);
      await step.do('finished', () => setProgress(db, id, { status: 'complete', done }));
      return { done };
    } catch (error) {
      const detail = redactText(error instanceof Error ? error.message : String(error)).slice(0, 300);
      await step.do('failed', () => setProgress(db, id, { status: 'failed', detail }));
      throw error;
    }
  }

  private async work(params: JobParams, id: string, step: WorkflowStep): Promise<number> {
    const env = this.env;
    if (params.kind === 'rebuild') {
      const days = daysBetween(params.from, params.to);
      await step.do('plan', () => setProgress(env.DB, id, { status: 'running', total: days.length, done: 0 }));
      for (const [i, day] of days.entries()) {
        await step.do(`rebuild ${day}`, RETRY, async () => {
          const rebuilt = await rebuildDay(env, day);
          await setProgress(env.DB, id, { status: 'running', done: i + 1 });
          return rebuilt.events;
        });
      }
      return days.length;
    }
    if (params.kind === 'erasure') {
      await step.do('plan', () => setProgress(env.DB, id, { status: 'running' }));
      // Each part reads a few thousand objects (runArchiveErasure's own limit) and keeps its place in D1.
      for (let part = 1; ; part++) {
        const more = await step.do(`erase part ${part}`, RETRY, async () => {
          const outcome = await runArchiveErasure(env, params.erasure);
          await setProgress(env.DB, id, { status: 'running', done: part });
          return outcome?.more ?? false;
        });
        if (!more) return part;
      }
    }
    if (params.kind === 'lead-move') {
      await step.do('plan', () => setProgress(env.DB, id, { status: 'running' }));
      // Each step moves a few persons' leads (their R2 writes, then one D1 transaction).
      for (let part = 1; ; part++) {
        const more = await step.do(`move part ${part}`, RETRY, async () => {
          const outcome = await moveLeadStep(env, params.day, new Date());
          await setProgress(env.DB, id, { status: 'running', done: part });
          return outcome.more;
        });
        if (!more) return part;
      }
    }
    const day = params.day;
    const pruned = await step.do('check the day', async () => {
      const row = await env.DB.prepare(`SELECT pruned_at FROM event_days WHERE day = ?`)
        .bind(day)
        .first<{ pruned_at: string | null }>();
      await setProgress(env.DB, id, { status: 'running', total: HOURS.length, done: 0 });
      return Boolean(row?.pruned_at);
    });
    // A day still in the hot window has rows naming its batch objects: it is not compacted.
    if (!pruned) {
      await step.do('not pruned', () =>
        setProgress(env.DB, id, { status: 'running', detail: 'day not pruned yet: nothing compacted' }),
      );
      return 0;
    }
    for (const [i, hour] of HOURS.entries()) {
      await step.do(`compact ${hour}`, RETRY, async () => {
        const pending = await env.DB.prepare(
          `SELECT COUNT(*) AS n FROM privacy_archive_erasures WHERE done_at IS NULL`,
        ).first<{ n: number }>();
        // An erasure could rewrite an object this step already read: wait for it (the step is retried).
        if ((pending?.n ?? 0) > 0) throw new Error('a privacy erasure is pending; compaction waits for it');
        const result = await compactHour(env.ARCHIVE, day, hour);
        await setProgress(env.DB, id, { status: 'running', done: i + 1 });
        return result.objectsBefore;
      });
    }
    return HOURS.length;
  }
}
