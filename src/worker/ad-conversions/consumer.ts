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
import { logJson } from '../observability/log';
import { configurationProblems, type ConfigEnv } from '../operations/configuration';
import { adConsent } from './ad-consent';
import { sendGoogleConversion } from './google-send';
import type { LeadRow } from './lead-contact';
import { adConversionMessageSchema } from './message';
import { metaCallEvent } from './meta-call-event';
import { metaLeadEvent } from './meta-lead-event';
import { SendFailure, type ConversionRow, type Sent } from './send-failure';

/** wrangler.toml `max_retries` of the AD_CONVERSIONS consumer. */
export const AD_CONVERSIONS_MAX_RETRIES = 5;
const TIMEOUT_MS = 8000;

type ConsumerEnv = Pick<Env, 'DB' | 'ADS_DB' | 'REVENUE_DB' | 'LEAD_HASH_SALT' | 'ASSETS' | 'CACHE'> &
  ConfigEnv & { GOOGLE_DATA_MANAGER_VALIDATE_ONLY?: string };

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

const SENT: Sent = { outcome: 'sent' };
const NOT_CONFIGURED: Sent = { outcome: 'skipped', why: 'not configured or lead gone' };

async function send(env: ConsumerEnv, row: ConversionRow): Promise<Sent> {
  // A development token in staging or production (the health page and the log say which) sends nothing.
  if (configurationProblems(env).some((p) => p.areas.includes('ad-platforms'))) return NOT_CONFIGURED;
  // A paid call has no lead: each platform's branch reads what it needs itself, and asks adConsent too.
  if (row.platform === 'google-ads') return sendGoogleConversion(env, row);
  if (row.kind === 'call') {
    const call = await metaCallEvent(env, row);
    if ('skipped' in call) return { outcome: 'skipped', why: call.skipped };
    await post(call.url, {}, call.body);
    return SENT;
  }
  const lead = row.lead_id
    ? await env.DB.prepare(
        `SELECT submission_id, visitor_id, product, "values", page_url, ip, user_agent, consent_version, gpc, ad_sharing, created_at
         FROM leads WHERE id = ?`,
      )
        .bind(row.lead_id)
        .first<LeadRow>()
    : null;
  if (!lead) return NOT_CONFIGURED;
  // Asked again when sending: an opt-out (do-not-sell, GPC) made since the conversion was queued wins.
  const consent = await adConsent(env, lead);
  if (!consent.mayTell) return { outcome: 'skipped', why: 'opted out' };
  const event = await metaLeadEvent(env, row, lead, consent);
  if ('skipped' in event) return { outcome: 'skipped', why: event.skipped };
  await post(event.url, {}, event.body);
  return SENT;
}

async function setRow(env: ConsumerEnv, id: string, status: string, error: string | null): Promise<void> {
  await env.ADS_DB.prepare(
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
  const row = await env.ADS_DB.prepare(
    `SELECT id, platform, kind, session_id, lead_id, value_cents, status, created_at, transaction_id, event_at, adjusts
     FROM ad_conversions WHERE id = ?`,
  )
    .bind(id)
    .first<ConversionRow>();
  if (!row) return { outcome: 'missing', retryAfterSeconds: null };
  if (row.status !== 'queued') return { outcome: 'done', retryAfterSeconds: null };
  try {
    const sent = await send(env, row);
    await setRow(env, id, sent.outcome, sent.outcome === 'skipped' ? sent.why : null);
    return { outcome: sent.outcome, retryAfterSeconds: null };
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
