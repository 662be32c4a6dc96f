import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { ApiError } from '../http-error';
import { rebuildRollups } from '../archive';
import { requireReportToken } from './auth';

/**
 * POST /ops/events/rebuild {from, to}: rebuilds the daily event rollups of those UTC days from
 * the R2 archive. Token-protected like the report; `npm run events:rebuild` calls it
 * on a local Worker or a deployed one. A month at most per call (each day is read whole).
 */
export const eventsOps = new Hono<AppEnv>();

const MAX_DAYS = 31;

const rangeSchema = z
  .strictObject({ from: z.iso.date(), to: z.iso.date() })
  .refine((r) => r.from <= r.to, 'from must not be after to')
  .refine((r) => Date.parse(r.to) - Date.parse(r.from) < MAX_DAYS * 86_400_000, `at most ${MAX_DAYS} days a call`);

eventsOps.use('*', requireReportToken);

eventsOps.post(
  '/rebuild',
  zValidator('json', rangeSchema, (result) => {
    if (!result.success)
      throw new ApiError(400, 'invalid_range', 'The days to rebuild are not valid', z.treeifyError(result.error));
  }),
  async (c) => {
    const { from, to } = c.req.valid('json');
    const days = await rebuildRollups(c.env, from, to);
    return c.json({ days }, 200, { 'Cache-Control': 'no-store' });
  },
);
