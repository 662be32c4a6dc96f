import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { ApiError } from '../http-error';
import { requireReportToken } from '../report/auth';
import { isPruned, jobById, jobParamsSchema, startJob } from './jobs';

/**
 * /ops/jobs (operator token, like the report): POST a job ({kind: 'rebuild', from, to} up to a
 * year, {kind: 'compaction', day}) and get its id at once (202); GET /ops/jobs/{id} for its
 * progress. Erasures are started by the privacy deletion itself, not here.
 */
export const jobsApp = new Hono<AppEnv>();

const NO_STORE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };
const MAX_REBUILD_DAYS = 400;

const requestSchema = jobParamsSchema.superRefine((job, ctx) => {
  if (job.kind === 'erasure') ctx.addIssue({ code: 'custom', message: 'erasures start from /ops/privacy/delete' });
  if (job.kind === 'rebuild' && job.from > job.to)
    ctx.addIssue({ code: 'custom', message: 'from must not be after to' });
  if (job.kind === 'rebuild' && Date.parse(job.to) - Date.parse(job.from) >= MAX_REBUILD_DAYS * 86_400_000)
    ctx.addIssue({ code: 'custom', message: `at most ${MAX_REBUILD_DAYS} days a job` });
});

jobsApp.use('*', requireReportToken);

jobsApp.post(
  '/',
  zValidator('json', requestSchema, (result) => {
    if (!result.success)
      throw new ApiError(400, 'invalid_job', 'The job is not valid', z.treeifyError(result.error), NO_STORE);
  }),
  async (c) => {
    const params = c.req.valid('json');
    // A day still in the hot window has rows naming its batch objects; its compaction id is kept for later.
    if (params.kind === 'compaction' && !(await isPruned(c.env.DB, params.day)))
      throw new ApiError(
        409,
        'day_not_pruned',
        `${params.day} is still in the hot window; it is compacted once pruned`,
        undefined,
        NO_STORE,
      );
    const job = await startJob(c.env, params);
    return c.json(job, 202, NO_STORE);
  },
);

jobsApp.get('/:id', async (c) => {
  const job = await jobById(c.env.DB, c.req.param('id'));
  if (!job) throw new ApiError(404, 'unknown_job', 'No such job', undefined, NO_STORE);
  return c.json(job, 200, NO_STORE);
});
