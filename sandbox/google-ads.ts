import { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxState } from './behaviour';
import { applyFault } from './faults';

/**
 * Google Ads API stand-in: ConversionUploadService.UploadClickConversions and
 * ConversionAdjustmentUploadService.UploadConversionAdjustments in the REST shapes of Google's
 * reference (`POST /v22/customers/{customerId}:uploadClickConversions`, bearer token and
 * developer-token headers). Strict: a field Google does not define, a contact value that is not
 * a SHA-256 hex digest, or a click without exactly one of gclid, gbraid and wbraid is a 400, so a
 * mapping bug (or clear personal data) fails a test. Calls are recorded with the click id (the
 * order id for an adjustment) as their scope, so a test reads its own.
 */
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'SHA-256 hex');
const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/, 'yyyy-mm-dd hh:mm:ss+hh:mm');
const conversionAction = z.string().regex(/^customers\/\d+\/conversionActions\/\d+$/);

const clickConversion = z
  .strictObject({
    conversionAction,
    gclid: z.string().min(1).optional(),
    gbraid: z.string().min(1).optional(),
    wbraid: z.string().min(1).optional(),
    conversionDateTime: dateTime,
    conversionValue: z.number().nonnegative(),
    currencyCode: z.string().length(3),
    orderId: z.string().min(1).max(64),
    userIdentifiers: z
      .array(z.union([z.strictObject({ hashedEmail: sha256 }), z.strictObject({ hashedPhoneNumber: sha256 })]))
      .max(5)
      .optional(),
    consent: z.strictObject({ adUserData: z.enum(['GRANTED', 'DENIED']) }).optional(),
  })
  .refine((c) => [c.gclid, c.gbraid, c.wbraid].filter(Boolean).length === 1, 'exactly one of gclid, gbraid, wbraid')
  .refine((c) => !(c.userIdentifiers && (c.gbraid || c.wbraid)), 'user identifiers are not allowed with gbraid/wbraid');

export const uploadClickConversionsBody = z.strictObject({
  conversions: z.array(clickConversion).min(1).max(2000),
  partialFailure: z.literal(true),
  validateOnly: z.boolean().optional(),
});

export const uploadConversionAdjustmentsBody = z.strictObject({
  conversionAdjustments: z
    .array(
      z.strictObject({
        conversionAction,
        adjustmentType: z.enum(['RESTATEMENT', 'RETRACTION', 'ENHANCEMENT']),
        orderId: z.string().min(1).max(64),
        adjustmentDateTime: dateTime,
        restatementValue: z
          .strictObject({ adjustedValue: z.number().nonnegative(), currencyCode: z.string().length(3) })
          .optional(),
      }),
    )
    .min(1)
    .max(2000),
  partialFailure: z.literal(true),
});

function scopeOf(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const first = [Reflect.get(raw, 'conversions'), Reflect.get(raw, 'conversionAdjustments')]
    .find(Array.isArray)
    ?.at(0) as Record<string, unknown> | undefined;
  const id = first?.gclid ?? first?.gbraid ?? first?.wbraid ?? first?.orderId;
  return typeof id === 'string' ? id.slice(0, 64) : null;
}

export function googleAdsRoutes(state: SandboxState) {
  const app = new Hono();
  app.post('/:version/customers/:call{[0-9]+:[A-Za-z]+}', async (c) => {
    const [customer, method] = c.req.param('call').split(':');
    const raw: unknown = await c.req.json().catch(() => null);
    const scope = scopeOf(raw);
    state.record('google-ads', `/customers:${method ?? ''}`, raw, scope);
    if (!/^Bearer .+/.test(c.req.header('authorization') ?? '') || !c.req.header('developer-token'))
      return c.json({ error: { code: 401, status: 'UNAUTHENTICATED' } }, 401);
    const fault = await applyFault(c, state.settingFor('google-ads', scope));
    if (fault) return fault;
    const schema =
      method === 'uploadClickConversions'
        ? uploadClickConversionsBody
        : method === 'uploadConversionAdjustments'
          ? uploadConversionAdjustmentsBody
          : null;
    if (!schema) return c.json({ error: { code: 404, status: 'NOT_FOUND' } }, 404);
    const body = schema.safeParse(raw);
    if (!body.success)
      return c.json(
        {
          error: {
            code: 400,
            status: 'INVALID_ARGUMENT',
            details: body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
          },
        },
        400,
      );
    const wrongCustomer = JSON.stringify(raw)
      .match(/customers\/(\d+)\//g)
      ?.some((m) => m !== `customers/${customer}/`);
    if (wrongCustomer)
      return c.json(
        { error: { code: 400, status: 'INVALID_ARGUMENT', details: ['conversion action of another customer'] } },
        400,
      );
    return c.json({ results: [{}], jobId: String(Date.now()) });
  });
  return app;
}
