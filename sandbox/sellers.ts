import { Hono } from 'hono';
import type { SandboxState } from './behaviour';
import { applyFault, truncatedJson } from './faults';

/**
 * The Medicare companies' lead intake, as the plain lead-post protocol the Worker speaks
 * (src/partners/seller-lead): `POST /sellers/{company id}/leads` with JSON and an
 * Idempotency-Key. Every post is recorded under the path of its company (so a test sees which
 * company received personal data), scoped by `ip_address`. Behaviours: normal (accepted),
 * reject, slow, error (503), malformed. A repeated Idempotency-Key answers the first reply.
 */
export function sellerRoutes(state: SandboxState) {
  const app = new Hono();
  const replies = new Map<string, unknown>();
  app.post('/:seller/leads', async (c) => {
    const raw = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const scope = typeof raw?.ip_address === 'string' && raw.ip_address ? raw.ip_address : null;
    state.record('sellers', `/${c.req.param('seller')}/leads`, raw, scope);
    const setting = state.settingFor('sellers', scope);
    const fault = await applyFault(c, setting);
    if (fault) return fault;
    if (setting.behaviour === 'malformed') return truncatedJson(c);
    const key = c.req.header('idempotency-key') ?? '';
    const earlier = key ? replies.get(key) : undefined;
    if (earlier) return c.json(earlier);
    const reply =
      setting.behaviour === 'reject'
        ? { status: 'rejected', id: null, reason: 'outside our service area' }
        : { status: 'accepted', id: `sl-${crypto.randomUUID()}` };
    if (key) replies.set(key, reply);
    return c.json(reply);
  });
  return app;
}
