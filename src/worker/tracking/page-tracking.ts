import type { Context } from 'hono';
import type { ExperimentAssignment, PageTracking } from '../../shared/tracking/page-tracking';
import type { AppEnv } from '../env';
import { optedOut } from '../consent/opt-out';
import { sessionFromRequest } from './session';

/**
 * What the page context needs for tracking: the session (started or refreshed here, with
 * its cookie), the paid flag, the session's first-request parameters, the visitor id and
 * the experiment assignment the page rendered. The page handler embeds it under
 * `tracking` in the page-context JSON.
 */
export function buildPageTracking(
  c: Context<AppEnv>,
  experiment: ExperimentAssignment | null = null,
  url?: URL,
): PageTracking {
  const session = sessionFromRequest(c, url);
  return {
    sessionId: session.id,
    paid: session.paid,
    urlParams: session.urlParams,
    anonymousId: c.get('anonymousId'),
    experiment,
    // No data-layer push for an opted-out visitor, on this page and every later one.
    ...(session.gpc || optedOut(c) ? { gpc: true } : {}),
  };
}
