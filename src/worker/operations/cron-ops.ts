import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { ApiError } from '../http-error';
import { requireReportToken } from '../report/auth';
import { rerunDailyTask } from './cron';
import { DAILY_TASKS, FREQUENT_TASKS } from './daily-tasks';

/**
 * POST /ops/cron/run `{ "task": "<daily task>" }` (operator token; a write, so same origin like
 * every other): runs one task of the daily cron now, instead of waiting for the next 03:17 UTC,
 * and answers its outcome as the cron table records it (200 when it succeeded, 500 with the
 * redacted error when it failed; either way it is on /ops/health). An unknown task is a 400
 * naming the known ones. The re-queue of refused lead deliveries may be forced the same way.
 */
export const cronOps = new Hono<AppEnv>();

const NO_STORE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };
const TASKS = [...DAILY_TASKS, ...FREQUENT_TASKS] as const;
const runSchema = z.strictObject({ task: z.enum(TASKS) });

cronOps.use('*', requireReportToken);

cronOps.post(
  '/run',
  zValidator('json', runSchema, (result) => {
    if (!result.success)
      throw new ApiError(
        400,
        'unknown_task',
        `Name one task: ${TASKS.join(', ')}`,
        z.treeifyError(result.error),
        NO_STORE,
      );
  }),
  async (c) => {
    const { task } = c.req.valid('json');
    const outcome = await rerunDailyTask(c.env, task);
    return c.json(outcome, outcome.ok ? 200 : 500, NO_STORE);
  },
);
