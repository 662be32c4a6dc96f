import { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxState } from './behaviour';
import { applyFault } from './faults';

/**
 * Meta Conversions API stand-in: `POST /{version}/{pixelId}/events` with `data` and
 * `access_token`, as Meta's "Server Event Parameters" and "Customer Information Parameters"
 * pages describe them. Strict on what we send: em and ph must be SHA-256 hex (Meta accepts clear
 * values and hashes them itself; we never send clear ones), fbc must read fb.1.<ms>.<fbclid>.
 * Answers like Meta: { events_received, fbtrace_id }. Recorded with the fbclid (else the fbp)
 * as its scope.
 */
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'SHA-256 hex');
const serverEvent = z.strictObject({
  event_name: z.string().min(1),
  event_time: z.number().int().positive(),
  event_id: z.string().min(1).max(128),
  action_source: z.enum([
    'website',
    'email',
    'app',
    'phone_call',
    'chat',
    'physical_store',
    'system_generated',
    'other',
  ]),
  event_source_url: z.url().optional(),
  user_data: z.strictObject({
    em: z.array(sha256).optional(),
    ph: z.array(sha256).optional(),
    fbc: z
      .string()
      .regex(/^fb\.1\.\d{13}\..+$/, 'fb.1.<creation time ms>.<fbclid>')
      .optional(),
    fbp: z.string().min(1).optional(),
  }),
  custom_data: z.strictObject({ value: z.number().nonnegative(), currency: z.string().length(3) }).optional(),
});
export const metaEventsBody = z.strictObject({
  data: z.array(serverEvent).min(1).max(1000),
  access_token: z.string().min(1),
  test_event_code: z.string().optional(),
});

function scopeOf(raw: unknown): string | null {
  const body = metaEventsBody.safeParse(raw);
  const user = body.success ? body.data.data[0]?.user_data : undefined;
  const fbclid = user?.fbc?.split('.').slice(3).join('.');
  return (fbclid || user?.fbp || null)?.slice(0, 64) ?? null;
}

export function metaCapiRoutes(state: SandboxState) {
  const app = new Hono();
  app.post('/:version/:pixel/events', async (c) => {
    const raw: unknown = await c.req.json().catch(() => null);
    const scope = scopeOf(raw);
    state.record('meta-capi', '/events', raw, scope);
    const fault = await applyFault(c, state.settingFor('meta-capi', scope));
    if (fault) return fault;
    const body = metaEventsBody.safeParse(raw);
    if (!body.success)
      return c.json(
        {
          error: {
            message: body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
            type: 'OAuthException',
            code: 100,
          },
        },
        400,
      );
    if (!/^\d+$/.test(c.req.param('pixel'))) return c.json({ error: { message: 'Unknown pixel', code: 100 } }, 400);
    return c.json({ events_received: body.data.data.length, messages: [], fbtrace_id: `sandbox-${Date.now()}` });
  });
  return app;
}
