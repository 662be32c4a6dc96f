import { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxState } from './behaviour';
import { applyFault } from './faults';

/**
 * Meta Conversions API stand-in: `POST /{version}/{pixelId}/events` with `data` and
 * `access_token`, as Meta's "Parameters", "Server Event Parameters" and "Customer Information
 * Parameters" pages describe them. What it refuses, Meta refuses:
 * - a website event (action_source 'website') without event_source_url or
 *   user_data.client_user_agent ("Website events ... require the client_user_agent,
 *   action_source, and event_source_url parameters");
 * - an event_time more than 7 days old;
 * - a user_data with no customer information parameter at all ("You must provide at least one");
 * - (non-web events, e.g. action_source 'phone_call' for a paid call, need only action_source:
 *   no event_source_url, no client_user_agent, and are accepted without them);
 * - an API version out of Meta's Marketing API support (the version history's expiry dates);
 * - data_processing_options other than [] or ['LDU'], or LDU without its country and state.
 * Strict on what we send besides: em and ph must be SHA-256 hex (Meta accepts clear values and
 * hashes them itself; we never send clear ones), fbc must read fb.1.<ms>.<fbclid>. Errors come in
 * Graph API's shape, { error: { message, type, code, fbtrace_id } }, with status 400. Answers
 * like Meta: { events_received, messages, fbtrace_id }. Recorded with the fbclid (else the fbp)
 * as its scope.
 */
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'SHA-256 hex');
const SEVEN_DAYS_S = 7 * 24 * 60 * 60;

/** Marketing API versions Meta still serves, with the expiry its version history gives (null: TBD). */
export const SUPPORTED_VERSIONS: Readonly<Record<string, string | null>> = {
  'v25.0': '2027-02-23',
  'v26.0': null,
  'v27.0': null,
};

const serverEvent = z
  .strictObject({
    event_name: z.string().min(1),
    event_time: z
      .number()
      .int()
      .positive()
      .refine((t) => t >= Date.now() / 1000 - SEVEN_DAYS_S, 'event_time is more than 7 days in the past'),
    event_id: z.string().min(1).max(128).optional(),
    action_source: z.enum([
      'website',
      'email',
      'app',
      'phone_call',
      'chat',
      'physical_store',
      'system_generated',
      'business_messaging',
      'other',
    ]),
    event_source_url: z.url().optional(),
    user_data: z.strictObject({
      em: z.array(sha256).optional(),
      ph: z.array(sha256).optional(),
      client_ip_address: z.union([z.ipv4(), z.ipv6()]).optional(),
      client_user_agent: z.string().min(1).optional(),
      fbc: z
        .string()
        .regex(/^fb\.1\.\d{13}\..+$/, 'fb.1.<creation time ms>.<fbclid>')
        .optional(),
      fbp: z.string().min(1).optional(),
    }),
    custom_data: z.strictObject({ value: z.number().nonnegative(), currency: z.string().length(3) }).optional(),
    data_processing_options: z.union([z.tuple([]), z.tuple([z.literal('LDU')])]).optional(),
    data_processing_options_country: z.union([z.literal(0), z.literal(1)]).optional(),
    data_processing_options_state: z.number().int().nonnegative().optional(),
  })
  .superRefine((event, ctx) => {
    // "You must provide at least one of the following user_data parameters" (Customer Information Parameters).
    if (Object.keys(event.user_data).length === 0)
      ctx.addIssue({ code: 'custom', path: ['user_data'], message: 'at least one customer information parameter' });
    if (event.action_source === 'website') {
      if (!event.event_source_url)
        ctx.addIssue({ code: 'custom', path: ['event_source_url'], message: 'required for website events' });
      if (!event.user_data.client_user_agent)
        ctx.addIssue({
          code: 'custom',
          path: ['user_data', 'client_user_agent'],
          message: 'required for website events',
        });
    }
    if (
      event.data_processing_options?.[0] === 'LDU' &&
      (event.data_processing_options_country === undefined || event.data_processing_options_state === undefined)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['data_processing_options'],
        message: 'LDU needs data_processing_options_country and data_processing_options_state (0 and 0 to geolocate)',
      });
  });

export const metaEventsBody = z.strictObject({
  data: z.array(serverEvent).min(1).max(1000),
  access_token: z.string().min(1),
  test_event_code: z.string().optional(),
});

function scopeOf(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const data: unknown = Reflect.get(raw, 'data');
  const first: unknown = Array.isArray(data) ? data[0] : null;
  const user: unknown = typeof first === 'object' && first !== null ? Reflect.get(first, 'user_data') : null;
  if (typeof user !== 'object' || user === null) return null;
  const fbc: unknown = Reflect.get(user, 'fbc');
  const fbp: unknown = Reflect.get(user, 'fbp');
  const fbclid = typeof fbc === 'string' ? fbc.split('.').slice(3).join('.') : '';
  return (fbclid || (typeof fbp === 'string' ? fbp : '') || null)?.slice(0, 64) ?? null;
}

function versionSupported(version: string, now: Date): boolean {
  if (!Object.hasOwn(SUPPORTED_VERSIONS, version)) return false;
  const until = SUPPORTED_VERSIONS[version];
  return !until || now.getTime() < Date.parse(`${until}T00:00:00Z`);
}

export function metaCapiRoutes(state: SandboxState) {
  const app = new Hono();
  const failure = (code: number, message: string) => ({
    error: { message, type: 'OAuthException', code, fbtrace_id: `Sandbox${crypto.randomUUID().slice(0, 8)}` },
  });
  app.post('/:version/:pixel/events', async (c) => {
    const raw: unknown = await c.req.json().catch(() => null);
    const scope = scopeOf(raw);
    state.record('meta-capi', '/events', raw, scope);
    const fault = await applyFault(c, state.settingFor('meta-capi', scope));
    if (fault) return fault;
    if (!versionSupported(c.req.param('version'), new Date()))
      return c.json(
        failure(2635, `You are calling a deprecated version of the Ads API (${c.req.param('version')}).`),
        400,
      );
    const body = metaEventsBody.safeParse(raw);
    if (!body.success)
      return c.json(
        failure(
          100,
          `Invalid parameter: ${body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        ),
        400,
      );
    if (!/^\d+$/.test(c.req.param('pixel'))) return c.json(failure(100, 'Unknown pixel'), 400);
    return c.json({ events_received: body.data.data.length, messages: [], fbtrace_id: `sandbox-${Date.now()}` });
  });
  return app;
}
