import { Hono } from 'hono';
import { z } from 'zod';

export const PARTNERS = ['mediaalpha', 'ipqs', 'geo', 'quotewizard'] as const;
export type PartnerName = (typeof PARTNERS)[number];

/** Switchable behaviours every partner route honours (issue: slow, 5xx, malformed, low bid, no ads). */
export const BEHAVIOURS = ['normal', 'slow', 'error', 'malformed', 'low-bid', 'no-ads'] as const;
export type Behaviour = (typeof BEHAVIOURS)[number];

export interface RecordedCall {
  partner: PartnerName;
  path: string;
  body: unknown;
  at: number;
}

/** Per-process state: the behaviour of each partner and every call received, for tests to read. */
export class SandboxState {
  behaviour: Record<PartnerName, Behaviour> = { mediaalpha: 'normal', ipqs: 'normal', geo: 'normal', quotewizard: 'normal' };
  /** How long 'slow' waits before answering, in milliseconds. */
  slowMs = 5000;
  calls: RecordedCall[] = [];

  record(partner: PartnerName, path: string, body: unknown): void {
    this.calls.push({ partner, path, body, at: Date.now() });
    if (this.calls.length > 10_000) this.calls.splice(0, this.calls.length - 10_000);
  }

  reset(): void {
    for (const p of PARTNERS) this.behaviour[p] = 'normal';
    this.calls = [];
    this.slowMs = 5000;
  }
}

const behaviourBody = z.object({
  partner: z.enum(PARTNERS),
  behaviour: z.enum(BEHAVIOURS),
  slowMs: z.number().int().min(0).max(60_000).optional(),
});

export function behaviourRoutes(state: SandboxState) {
  const app = new Hono();
  app.post('/behaviour', async (c) => {
    const parsed = behaviourBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: parsed.error.issues }, 400);
    state.behaviour[parsed.data.partner] = parsed.data.behaviour;
    if (parsed.data.slowMs !== undefined) state.slowMs = parsed.data.slowMs;
    return c.json({ ok: true, behaviour: state.behaviour });
  });
  app.post('/reset', (c) => {
    state.reset();
    return c.json({ ok: true });
  });
  app.get('/calls', (c) => {
    const partner = c.req.query('partner');
    return c.json({ calls: partner ? state.calls.filter((call) => call.partner === partner) : state.calls });
  });
  return app;
}
