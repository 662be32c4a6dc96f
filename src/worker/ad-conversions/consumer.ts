/**
 * Consumer of the AD_CONVERSIONS queue: sends each named conversion to its platform once.
 * A row already `sent` (or `skipped`) ends a redelivered message without a call. Timeouts,
 * network errors and the errors a platform documents as transient are retried: at the time the
 * platform names (Google's RetryInfo, six hours for a "too recent" click), else with backoff; past
 * max_retries the platform moves the message to the dead-letter queue and the row says `failed`
 * with the last error. Any other refusal is final (`failed`, with the platform's code and reason):
 * resending the same body cannot help. Errors are logged by code only, never with a body (it holds
 * hashes). Google's branch lives in google-send.ts (the Data Manager API).
 */
import { sha256Hex } from '../../shared/consent';
import { normaliseEmail, normalisePhone } from '../consent/contact-hash';
import { logJson } from '../observability/log';
import { configurationProblems, type ConfigEnv } from '../operations/configuration';
import { sendGoogleConversion } from './google-send';
import { adConversionMessageSchema } from './message';
import { leadEventRequest, metaConfig } from './meta-capi';
import { SendFailure, type ConversionRow } from './send-failure';
import { clickIdsOfVisit } from './visit-click-ids';

/** wrangler.toml `max_retries` of the AD_CONVERSIONS consumer. */
export const AD_CONVERSIONS_MAX_RETRIES = 5;
const TIMEOUT_MS = 8000;

type ConsumerEnv = Pick<Env, 'DB'> & ConfigEnv & { GOOGLE_DATA_MANAGER_VALIDATE_ONLY?: string };

interface LeadRow {
  submission_id: string;
  values: string;
  page_url: string | null;
  created_at: string;
}

export type SendOutcome = 'sent' | 'skipped' | 'failed' | 'retry' | 'done' | 'missing';

async function post(url: string, headers: Record<string, string>, body: unknown): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new SendFailure(false, error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network');
  }
  await response.text().catch(() => '');
  if (response.status === 408 || response.status === 429 || response.status >= 500)
    throw new SendFailure(false, `http ${response.status}`);
  if (response.status < 200 || response.status > 299) throw new SendFailure(true, `http ${response.status}`);
}

function contactOf(valuesText: string): { email: string | null; phone: string | null } {
  try {
    const values: unknown = JSON.parse(valuesText);
    if (typeof values !== 'object' || values === null) return { email: null, phone: null };
    // Medicare and life leads name them email and phone; auto leads, the first driver's.
    const email: unknown = Reflect.get(values, 'email') ?? Reflect.get(values, 'driver1Email');
    const phone: unknown = Reflect.get(values, 'phone') ?? Reflect.get(values, 'driver1Phone');
    return {
      email: typeof email === 'string' ? normaliseEmail(email) : null,
      phone: typeof phone === 'string' ? normalisePhone(phone) : null,
    };
  } catch {
    return { email: null, phone: null };
  }
}

async function send(env: ConsumerEnv, row: ConversionRow): Promise<'sent' | 'skipped' | 'validated'> {
  // A development token in staging or production (the health page and the log say which) sends nothing.
  if (configurationProblems(env).some((p) => p.areas.includes('ad-platforms'))) return 'skipped';
  // A paid call has no lead: Google's branch reads what it needs itself.
  if (row.platform === 'google-ads') return sendGoogleConversion(env, row);
  const lead = row.lead_id
    ? await env.DB.prepare('SELECT submission_id, "values", page_url, created_at FROM leads WHERE id = ?')
        .bind(row.lead_id)
        .first<LeadRow>()
    : null;
  if (!lead) return 'skipped';
  const valueUsd = row.value_cents / 100;
  const config = metaConfig(env);
  if (!config) return 'skipped';
  const contact = contactOf(lead.values);
  const visit = await env.DB.prepare('SELECT created_at FROM visit_values WHERE session_id = ?')
    .bind(row.session_id)
    .first<{ created_at: string }>();
  const request = leadEventRequest(config, {
    eventId: lead.submission_id,
    at: new Date(lead.created_at),
    clickSeenAt: new Date(visit?.created_at ?? lead.created_at),
    clickIds: await clickIdsOfVisit(env.DB, row.session_id),
    sourceUrl: lead.page_url,
    valueUsd,
    emailSha256: contact.email ? await sha256Hex(contact.email) : null,
    phoneSha256: contact.phone ? await sha256Hex(`1${contact.phone}`) : null,
  });
  await post(request.url, {}, request.body);
  return 'sent';
}

async function setRow(env: ConsumerEnv, id: string, status: string, error: string | null): Promise<void> {
  await env.DB.prepare(
    `UPDATE ad_conversions SET status = ?1, error = ?2, attempts = attempts + 1, updated_at = ?3,
       sent_at = CASE WHEN ?1 = 'sent' THEN ?3 ELSE sent_at END WHERE id = ?4`,
  )
    .bind(status, error, new Date().toISOString(), id)
    .run();
}

/** A send's outcome and, for a retry, when the platform asked to be tried again (seconds). */
interface Attempt {
  outcome: SendOutcome;
  retryAfterSeconds: number | null;
}

async function attemptOne(env: ConsumerEnv, id: string, attempts: number): Promise<Attempt> {
  const row = await env.DB.prepare(
    `SELECT id, platform, kind, session_id, lead_id, value_cents, status, created_at, transaction_id, event_at, adjusts
     FROM ad_conversions WHERE id = ?`,
  )
    .bind(id)
    .first<ConversionRow>();
  if (!row) return { outcome: 'missing', retryAfterSeconds: null };
  if (row.status !== 'queued') return { outcome: 'done', retryAfterSeconds: null };
  try {
    const sent = await send(env, row);
    if (sent === 'validated') {
      await setRow(env, id, 'skipped', 'dry run: validateOnly, accepted and not stored');
      return { outcome: 'skipped', retryAfterSeconds: null };
    }
    await setRow(env, id, sent, sent === 'skipped' ? 'not configured or nothing to send' : null);
    return { outcome: sent, retryAfterSeconds: null };
  } catch (error) {
    const failure = error instanceof SendFailure ? error : new SendFailure(false, 'unknown');
    logJson('warn', 'ad conversion not sent', {
      where: 'ad-conversions.send',
      platform: row.platform,
      failure: failure.message,
      attempts,
    });
    if (failure.permanent) {
      await setRow(env, id, 'failed', failure.message);
      return { outcome: 'failed', retryAfterSeconds: null };
    }
    // The last delivery fails for good: the row says so, and the message goes on to the dead-letter queue.
    await setRow(env, id, attempts > AD_CONVERSIONS_MAX_RETRIES ? 'failed' : 'queued', failure.message);
    return { outcome: 'retry', retryAfterSeconds: failure.retryAfterSeconds };
  }
}

/** One conversion; `attempts` is the queue's delivery count (1 first). */
export async function sendOne(env: ConsumerEnv, id: string, attempts: number): Promise<SendOutcome> {
  return (await attemptOne(env, id, attempts)).outcome;
}

/** Cloudflare Queues delays a retry by at most 12 hours. */
const MAX_QUEUE_DELAY_SECONDS = 43_200;

/** The delay of a retry: the platform's own when it named one, else backoff by attempt. */
export function retryDelaySeconds(attempts: number, retryAfterSeconds: number | null): number {
  if (retryAfterSeconds !== null) return Math.min(MAX_QUEUE_DELAY_SECONDS, Math.max(1, retryAfterSeconds));
  return adRetryDelaySeconds(attempts);
}

/** Backoff by attempt: 10 s, 20 s, 40 s ... capped at 10 minutes. */
export function adRetryDelaySeconds(attempts: number): number {
  return Math.min(600, 10 * 2 ** Math.max(0, attempts - 1));
}

export async function handleAdConversionBatch(batch: MessageBatch<unknown>, env: ConsumerEnv): Promise<void> {
  await Promise.all(
    batch.messages.map(async (message) => {
      const parsed = adConversionMessageSchema.safeParse(message.body);
      if (!parsed.success) {
        message.ack();
        logJson('error', 'unparseable ad conversion message', {
          where: 'ad-conversions.consumer',
          messageId: message.id,
        });
        return;
      }
      try {
        const { outcome, retryAfterSeconds } = await attemptOne(env, parsed.data.id, message.attempts);
        if (outcome === 'retry' || outcome === 'missing')
          message.retry({ delaySeconds: retryDelaySeconds(message.attempts, retryAfterSeconds) });
        else message.ack();
      } catch {
        // D1 unavailable: retried; past max_retries the platform dead-letters the message.
        message.retry({ delaySeconds: adRetryDelaySeconds(message.attempts) });
      }
    }),
  );
}
