import { Hono } from 'hono';
import { z } from 'zod';
import type { PartnerName, SandboxState } from './behaviour';
import { applyFault } from './faults';

/**
 * `POST {base}/deletions`: a partner taking a consumer's deletion request for a lead it received
 * (QuoteWizard, MediaAlpha and each Medicare company). The body names the lead by our id and
 * the partner's own reference, never by personal data; anything personal in it is refused with
 * a 400, so a Worker bug that leaked a contact fails the test. Every call is recorded (no client
 * ip scope: a deletion carries none; tests find theirs by `external_id`), and a repeated
 * request id gets the first answer again. Behaviours: error (503) and slow, for the retries.
 */
export const deletionRequestBody = z.strictObject({
  request_id: z.string().min(1).max(64),
  external_id: z.string().min(1).max(64),
  lead_id: z.string().min(1).max(64).optional(),
  requested_at: z.iso.datetime({ offset: true }),
  reason: z.literal('consumer-deletion-request'),
});

export function deletionRoutes(state: SandboxState, partner: PartnerName, requireBearer: boolean) {
  const app = new Hono();
  const taken = new Map<string, { status: 'accepted'; deletion_id: string }>();
  app.post('/deletions', async (c) => {
    const raw: unknown = await c.req.json().catch(() => null);
    state.record(partner, c.req.path, raw, null);
    if (requireBearer && !/^Bearer .+/.test(c.req.header('authorization') ?? ''))
      return c.json({ errors: ['missing or invalid api key'] }, 401);
    const body = deletionRequestBody.safeParse(raw);
    if (!body.success)
      return c.json({ errors: body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }, 400);
    const fault = await applyFault(c, state.settingFor(partner, null));
    if (fault) return fault;
    const previous = taken.get(body.data.request_id);
    if (previous) return c.json(previous);
    const answer = { status: 'accepted' as const, deletion_id: `DEL-${body.data.request_id.slice(0, 8)}` };
    taken.set(body.data.request_id, answer);
    return c.json(answer);
  });
  return app;
}
