import type { Harness } from './harness';
import { runLoad, type LoadResult } from './load';
import type { PooledVisitor } from './visitors';

/** A valid POST /api/event/create body (src/shared/tracking/event-schema.ts), fresh ids each call. */
export function eventBody(sessionId: string, event: 'pageView' | 'elementClicked' = 'pageView'): string {
  const id = crypto.randomUUID();
  return JSON.stringify({
    type: 'track',
    event,
    timestamp: new Date().toISOString(),
    sessionId,
    anonymousId: crypto.randomUUID(),
    properties: {
      id,
      time: new Date().toISOString(),
      session: { id: sessionId, paid: false, urlParams: { utm_source: 'bench', utm_campaign: 'load' } },
      page: { name: 'get-yours-otc', step: { name: 'medicare', number: 1, fallback: false }, template: 'advertorial' },
      url: { href: 'http://bh.localhost/get-yours-otc', search: '', pathname: '/get-yours-otc' },
      userAgent: 'quote-funnel-bench/1.0',
    },
  });
}

/** Load on POST /api/event/create with valid events, each from the next visitor of the pool (its own session), for a time or a count. */
export function eventLoad(
  h: Harness,
  pool: PooledVisitor[],
  bound: { seconds: number } | { amount: number },
): Promise<LoadResult> {
  let turn = 0;
  return runLoad({
    port: h.port,
    host: 'bh.localhost',
    method: 'POST',
    path: '/api/event/create',
    headers: { 'content-type': 'application/json', 'user-agent': 'quote-funnel-bench/1.0' },
    each: () => {
      const visitor = pool[turn++ % pool.length];
      if (!visitor) throw new Error('empty visitor pool');
      return { headers: visitor.headers, body: eventBody(visitor.sessionId) };
    },
    ...bound,
  });
}
