import { Hono, type Context } from 'hono';
import type { SandboxState } from './behaviour';
import { ingestEventsRequestSchema } from '../tests/support/data-manager-reference';
import { verifyAssertion } from './google-oauth';

/**
 * Data Manager API stand-in: `POST /v1/events:ingest` as Google's REST reference has it. OAuth
 * only: the bearer must be a token the sandbox's token endpoint (google-oauth.ts) issued and that
 * has not expired, else 401 UNAUTHENTICATED; a developer-token header is not part of this API and
 * changes nothing. The body is checked against the published request (google-data-manager-schema.ts)
 * and a refusal answers like Google, fast-fail: 400 with a google.rpc.Status whose details carry an
 * ErrorInfo reason (REQUIRED_FIELD_MISSING, INVALID_FORMAT, INVALID_SHA256_FORMAT,
 * NO_IDENTIFIERS_PROVIDED) and a BadRequest naming each field. Success is `{ requestId }`, or `{}`
 * for validateOnly ("only errors are returned, not results").
 *
 * Behaviours, per scope (the first event's click id, else its transactionId): `unavailable` (or
 * `error`): 503 UNAVAILABLE; `too-recent`: a refusal naming when to come back (RetryInfo 6 h);
 * `reject`: 400 INVALID_ARGUMENT INVALID_CONVERSION_ACTION_ID, final; `slow`: a hang.
 */
const DOMAIN = 'datamanager.googleapis.com';

function status(c: Context, http: number, code: string, message: string, details: unknown[] = []) {
  return c.json({ error: { code: http, message, status: code, details } }, http as 400);
}

function errorInfo(reason: string) {
  return { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: DOMAIN, metadata: {} };
}

function fieldPath(path: PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('');
}

function scopeOf(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const events: unknown = Reflect.get(raw, 'events');
  const first: unknown = Array.isArray(events) ? events[0] : undefined;
  if (typeof first !== 'object' || first === null) return null;
  const ids: unknown = Reflect.get(first, 'adIdentifiers');
  const click =
    typeof ids === 'object' && ids !== null
      ? [Reflect.get(ids, 'gclid'), Reflect.get(ids, 'gbraid'), Reflect.get(ids, 'wbraid')].find(
          (v): v is string => typeof v === 'string' && v !== '',
        )
      : undefined;
  const transaction: unknown = Reflect.get(first, 'transactionId');
  return (click ?? (typeof transaction === 'string' ? transaction : null))?.slice(0, 64) ?? null;
}

export function dataManagerRoutes(state: SandboxState, tokens: Map<string, number>) {
  const app = new Hono();
  app.post('/v1/events:ingest', async (c) => {
    const raw: unknown = await c.req.json().catch(() => undefined);
    const scope = scopeOf(raw);
    const bearer = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    state.record('google-data-manager', '/v1/events:ingest', raw, scope, { bearer });
    const expiresAt = tokens.get(bearer);
    if (expiresAt === undefined || expiresAt <= Date.now())
      return status(c, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
    const setting = state.settingFor('google-data-manager', scope);
    if (setting.behaviour === 'slow') await new Promise((resolve) => setTimeout(resolve, setting.slowMs));
    if (setting.behaviour === 'unavailable' || setting.behaviour === 'error')
      return status(c, 503, 'UNAVAILABLE', 'The service is currently unavailable.');
    if (raw === undefined) return status(c, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    const body = ingestEventsRequestSchema.safeParse(raw);
    if (!body.success) {
      const first = body.error.issues[0];
      const reason =
        first?.message.split(':')[0] === 'NO_IDENTIFIERS_PROVIDED'
          ? 'NO_IDENTIFIERS_PROVIDED'
          : first?.message.startsWith('INVALID_SHA256_FORMAT')
            ? 'INVALID_SHA256_FORMAT'
            : first?.code === 'invalid_type' && first.message.includes('undefined')
              ? 'REQUIRED_FIELD_MISSING'
              : 'INVALID_FORMAT';
      return status(c, 400, 'INVALID_ARGUMENT', 'There was a problem with the request.', [
        errorInfo(reason),
        {
          '@type': 'type.googleapis.com/google.rpc.BadRequest',
          fieldViolations: body.error.issues.map((i) => ({ field: fieldPath(i.path), description: i.message })),
        },
      ]);
    }
    if (setting.behaviour === 'too-recent')
      return status(c, 400, 'FAILED_PRECONDITION', 'The click is too recent to be attributed; retry later.', [
        errorInfo('TOO_RECENT_EVENT'),
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '21600s' },
      ]);
    if (setting.behaviour === 'reject')
      return status(c, 400, 'INVALID_ARGUMENT', 'There was a problem with the request.', [
        errorInfo('INVALID_CONVERSION_ACTION_ID'),
        {
          '@type': 'type.googleapis.com/google.rpc.BadRequest',
          fieldViolations: [
            { field: 'destinations[0].productDestinationId', description: 'Conversion action ID is not valid.' },
          ],
        },
      ]);
    return c.json(body.data.validateOnly ? {} : { requestId: crypto.randomUUID() });
  });
  return app;
}

/** The token endpoint (https://oauth2.googleapis.com/token) and the API, sharing the tokens issued. */
export function googleRoutes(state: SandboxState) {
  const tokens = new Map<string, number>();
  const oauth = new Hono();
  oauth.post('/token', async (c) => {
    const form: Record<string, unknown> = await c.req.parseBody().catch(() => ({}));
    const grant = typeof form.grant_type === 'string' ? form.grant_type : null;
    const assertion = typeof form.assertion === 'string' ? form.assertion : '';
    const refuse = (error: string, description: string) => {
      state.record('google-oauth', '/token', { grant_type: grant ?? null, error }, null);
      return c.json({ error, error_description: description }, 400);
    };
    if (grant !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return refuse('unsupported_grant_type', `Invalid grant_type: ${grant ?? ''}`);
    const verified = await verifyAssertion(assertion, Date.now());
    if (!verified.ok) return refuse('invalid_grant', verified.problem);
    const token = `sandbox-dm-${crypto.randomUUID()}`;
    const expiresIn = 3599;
    tokens.set(token, Date.now() + expiresIn * 1000);
    state.record(
      'google-oauth',
      '/token',
      { grant_type: grant, iss: verified.iss, scope: verified.scope, issued: token },
      verified.iss,
    );
    return c.json({ access_token: token, expires_in: expiresIn, token_type: 'Bearer' });
  });
  return { oauth, dataManager: dataManagerRoutes(state, tokens) };
}
