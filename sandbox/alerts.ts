import { Hono } from 'hono';
import type { SandboxState } from './behaviour';

/**
 * The operator's alert webhook (OPERATOR_ALERT_WEBHOOK_URL): records every alert it receives.
 * The last path segment is the scope, so a test gives its Worker `/alerts/<scope>` and reads
 * (or breaks, with the `error` behaviour) only its own alerts.
 */
export function alertRoutes(state: SandboxState) {
  const app = new Hono();
  app.post('/:scope', async (c) => {
    const scope = c.req.param('scope');
    const body: unknown = await c.req.json().catch(() => null);
    state.record('alerts', `/alerts/${scope}`, body, scope);
    if (state.behaviourFor('alerts', scope) === 'error') return c.json({ ok: false }, 503);
    return c.json({ ok: true });
  });
  return app;
}
