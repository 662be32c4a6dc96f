import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { lookupZip } from '../../partners/location';
import type { AppEnv } from '../env';
import { ApiError } from '../http-error';
import { enforceLimit } from '../defence/rate-limit';
import { reportError } from '../observability/report-error';
import { remember } from './partner-context';

/**
 * GET /api/location?zip_code= (spec section 7, call 5): city, state and county of a 5-digit
 * zip from the shipped data set behind the KV cache. The page calls it whenever its resolved
 * zip changes; the answer is also remembered on the visitor as the location.
 */
export const locationApi = new Hono<AppEnv>();

const locationQuery = z.object({ zip_code: z.string().regex(/^\d{5}$/, 'exactly 5 digits') });

locationApi.get(
  '/location',
  zValidator('query', locationQuery, (result) => {
    if (!result.success)
      throw new ApiError(400, 'invalid_request', 'zip_code must be exactly 5 digits', z.treeifyError(result.error));
  }),
  async (c) => {
    const { zip_code: zip } = c.req.valid('query');
    let location;
    try {
      // A zip the KV cache does not hold costs a data-set read, so it is rate limited.
      location = await lookupZip(zip, {
        assets: c.env.ASSETS,
        cache: c.env.CACHE,
        waitUntil: (p) => c.executionCtx.waitUntil(p),
        beforeMiss: () => enforceLimit(c, 'location'),
      });
    } catch (error) {
      if (error instanceof ApiError) throw error;
      c.executionCtx.waitUntil(reportError(c.env, error, { where: 'partner.location' }));
      throw new ApiError(502, 'location_unavailable', 'The location of this zip could not be read');
    }
    if (!location) throw new ApiError(404, 'unknown_zip', 'No location is known for this zip');
    await remember(c, 'location', location);
    return c.json({ location }, 200, { 'cache-control': 'private, max-age=3600' });
  },
);
