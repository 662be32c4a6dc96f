import { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxState } from './behaviour';
import { applyFault, stableHash, truncatedJson } from './faults';

/**
 * QuoteWizard stand-in: `POST /quotewizard/v1/leads/auto` takes one auto lead in the spec's
 * mapping (zip, drivers, coverage, vehicles) with a bearer key and an Idempotency-Key, and
 * answers `{ status: 'accepted', lead_id }` or `{ status: 'rejected', reason }`. The body is
 * checked strictly (every value in the form the spec gives it: digits-only phone, married or
 * non-married, 'true'/'false', lower-case insurer) and a wrong shape is a 400, so a mapping
 * bug fails a test. A repeated Idempotency-Key gets the first answer again, as the real
 * service does. Behaviours: normal (accept), reject, slow (hangs past the Worker's timeout),
 * error (503), malformed (a cut-off reply). Every call is recorded, scoped by `ip_address`.
 */
const driver = z.strictObject({
  first_name: z.string().min(1).max(256).optional(),
  last_name: z.string().min(1).max(256).optional(),
  email: z.email().optional(),
  dob: z.iso.date().optional(),
  address: z.string().min(1).max(256).optional(),
  primary_phone: z
    .string()
    .regex(/^\d{10}$/, 'digits only')
    .optional(),
  gender: z.enum(['male', 'female', 'non-binary']).optional(),
  own_or_rent: z.enum(['own', 'rent']).optional(),
  marital_status: z.enum(['married', 'non-married']).optional(),
  credit_rating: z.enum(['excellent', 'good', 'average', 'fair', 'poor']).optional(),
  military_experience: z.enum(['true', 'false']).optional(),
});
const vehicle = z.strictObject({
  year: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  make: z.string().min(1).max(50).optional(),
  model: z.string().min(1).max(50).optional(),
});
export const quoteWizardLeadBody = z.strictObject({
  external_id: z.string().min(1).max(64),
  ip_address: z.string().min(1).max(64),
  user_agent: z.string().max(512),
  landing_page_url: z.string().max(2048),
  tcpa: z.strictObject({
    consented: z.boolean(),
    consented_at: z.iso.datetime({ offset: true }).optional(),
    disclosure_version: z.string().max(32).optional(),
    disclosure_sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
    // The lead's signed certificate, which the buyer fetches and verifies (TrustedForm-style).
    certificate_id: z.uuid().optional(),
    certificate_url: z.url().optional(),
  }),
  zip: z
    .string()
    .regex(/^\d{5}$/)
    .optional(),
  drivers: z.array(driver).min(1).max(3).optional(),
  coverage: z
    .strictObject({
      has_coverage: z.enum(['yes', 'no']).optional(),
      former_insurer: z
        .string()
        .min(1)
        .refine((s) => s === s.toLowerCase(), 'lower case')
        .optional(),
    })
    .optional(),
  vehicles: z.array(vehicle).min(1).max(3).optional(),
  // The seller's own id for the visit, echoed as `ref` in QuoteWizard's payout postback.
  tracking_ref: z
    .string()
    .regex(/^r[0-9a-f]{31}$/)
    .optional(),
});

function ipOf(raw: unknown): string | null {
  const ip = typeof raw === 'object' && raw !== null ? (raw as { ip_address?: unknown }).ip_address : undefined;
  return typeof ip === 'string' && ip !== '' ? ip : null;
}

export function quoteWizardRoutes(state: SandboxState) {
  const app = new Hono();
  /** First answer per Idempotency-Key. */
  const answered = new Map<string, Record<string, unknown>>();

  app.post('/v1/leads/auto', async (c) => {
    const raw: unknown = await c.req.json().catch(() => null);
    state.record('quotewizard', '/v1/leads/auto', raw, ipOf(raw));
    if (!/^Bearer .+/.test(c.req.header('authorization') ?? ''))
      return c.json({ errors: ['missing or invalid api key'] }, 401);
    const body = quoteWizardLeadBody.safeParse(raw);
    if (!body.success)
      return c.json({ errors: body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }, 400);
    const key = c.req.header('idempotency-key');
    if (key !== body.data.external_id) return c.json({ errors: ['Idempotency-Key must equal external_id'] }, 400);
    const setting = state.settingFor('quotewizard', body.data.ip_address);
    const fault = await applyFault(c, setting);
    if (fault) return fault;
    if (setting.behaviour === 'malformed') return truncatedJson(c);
    const previous = answered.get(key);
    if (previous) return c.json(previous);
    const leadId = `QW-${(stableHash(key) % 90_000_000) + 10_000_000}`;
    const answer =
      setting.behaviour === 'reject'
        ? { status: 'rejected', lead_id: leadId, reason: 'No buyer for this lead in the zip code' }
        : { status: 'accepted', lead_id: leadId };
    answered.set(key, answer);
    if (answered.size > 10_000) answered.delete(answered.keys().next().value ?? '');
    return c.json(answer);
  });

  return app;
}
