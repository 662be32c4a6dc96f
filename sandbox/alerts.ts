import { Hono } from 'hono';
import type { SandboxState } from './behaviour';

/**
 * The operator's alert webhook (OPERATOR_ALERT_WEBHOOK_URL): records every alert it receives.
 * The last path segment is the scope, so a test gives its Worker `/alerts/<scope>` and reads
 * (or breaks, with the `error` behaviour) only its own alerts.
 *
 * And a heartbeat monitor's ping URL (HEALTH_HEARTBEAT_URL), `/alerts/heartbeat/<scope>`: as
 * healthchecks.io's `hc-ping.com/<uuid>`, a GET (or HEAD, or POST) answered 200 "OK"; each ping
 * is recorded, so a test sees a health run ping and a stopped cron stop pinging.
 */
export function alertRoutes(state: SandboxState) {
  const app = new Hono();
  app.on(['GET', 'HEAD', 'POST'], '/heartbeat/:scope', (c) => {
    const scope = c.req.param('scope');
    state.record('alerts', `/heartbeat/${scope}`, null, scope);
    if (state.behaviourFor('alerts', scope) === 'error') return c.text('error', 503);
    return c.text('OK');
  });
  app.post('/:scope', async (c) => {
    const scope = c.req.param('scope');
    const body: unknown = await c.req.json().catch(() => null);
    state.record('alerts', `/alerts/${scope}`, body, scope);
    if (state.behaviourFor('alerts', scope) === 'error') return c.json({ ok: false }, 503);
    return c.json({ ok: true });
  });
  return app;
}
