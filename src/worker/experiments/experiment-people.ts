/**
 * The people an `optimise` experiment's bandit counts (D1 experiment_people): a visitor is written
 * once per experiment, when the edge first gives them a variant, and only when the request's user
 * agent is not a bot's (the Worker's isbot check, tracking/server-context.ts). A script that
 * reloads the page keeps its cookie and counts once; a crawler or HTTP library is never counted.
 * The write is after the answer (waitUntil) and never fails the page.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { logJson } from '../observability/log';
import { serverBotCheck } from '../tracking/server-context';

export function notePersonAssigned(c: Context<AppEnv>, experimentId: string, variantId: string): void {
  if (serverBotCheck(c.req.header('user-agent') ?? '').bot) return;
  c.executionCtx.waitUntil(
    c.env.REVENUE_DB.prepare(
      `INSERT INTO experiment_people (experiment_id, visitor_id, variant, day) VALUES (?, ?, ?, ?)
       ON CONFLICT (experiment_id, visitor_id) DO NOTHING`,
    )
      .bind(experimentId, c.get('anonymousId'), variantId, new Date().toISOString().slice(0, 10))
      .run()
      .catch((error: unknown) =>
        logJson('warn', 'experiment person not recorded', {
          where: 'experiments.people',
          error: error instanceof Error ? error.message : 'unknown',
        }),
      ),
  );
}
