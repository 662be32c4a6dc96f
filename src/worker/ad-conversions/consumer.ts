/**
 * Consumer of the AD_CONVERSIONS queue: sends each named conversion to its platform once.
 * A row already `sent` (or `skipped`) ends a redelivered message without a call. Timeouts,
 * network errors, 408/429 and 5xx are retried with backoff; past max_retries the platform moves
 * the message to the dead-letter queue and the row says `failed` with the last error. A 4xx or a
 * partial failure the platform reports for our request is final (`failed`): resending the same
 * body cannot help. Errors are logged by status only, never with a body (it holds hashes).
 */
import { sha256Hex } from '../../shared/consent';
import { logJson } from '../observability/log';
import { configurationProblems, type ConfigEnv } from '../operations/configuration';
import { clickConversionRequest, googleAdsConfig, googleHeaders, restatementRequest } from './google-ads';
import { adConsent } from './ad-consent';
import { contactOf, type LeadRow } from './lead-contact';
import { adConversionMessageSchema } from './message';
import { metaLeadEvent } from './meta-lead-event';
import { clickIdsOfVisit } from './visit-click-ids';

/** wrangler.toml `max_retries` of the AD_CONVERSIONS consumer. */
export const AD_CONVERSIONS_MAX_RETRIES = 5;
const TIMEOUT_MS = 8000;

type ConsumerEnv = Pick<Env, 'DB' | 'LEAD_HASH_SALT' | 'ASSETS' | 'CACHE'> & ConfigEnv;

interface ConversionRow {
  id: string;
  platform: string;
  kind: string;
  session_id: string;
  lead_id: string | null;
  value_cents: number;
  status: string;
  created_at: string;
}

export type SendOutcome = 'sent' | 'skipped' | 'failed' | 'retry' | 'done' | 'missing';

class SendFailure extends Error {
  constructor(
    readonly permanent: boolean,
    message: string,
  ) {
    super(message);
  }
}

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
  const text = await response.text().catch(() => '');
  if (response.status === 408 || response.status === 429 || response.status >= 500)
    throw new SendFailure(false, `http ${response.status}`);
  if (response.status < 200 || response.status > 299) throw new SendFailure(true, `http ${response.status}`);
  // Google answers 200 with partialFailureError when a conversion in the batch was refused.
  if (/"partialFailureError"\s*:\s*\{/.test(text)) throw new SendFailure(true, 'partial failure');
}

type Sent = { outcome: 'sent' } | { outcome: 'skipped'; why: string };
const SENT: Sent = { outcome: 'sent' };
const NOT_CONFIGURED: Sent = { outcome: 'skipped', why: 'not configured or lead gone' };

async function send(env: ConsumerEnv, row: ConversionRow): Promise<Sent> {
  const lead = row.lead_id
    ? await env.DB.prepare(
        `SELECT submission_id, visitor_id, product, "values", page_url, ip, user_agent, consent_version, gpc, created_at
         FROM leads WHERE id = ?`,
      )
        .bind(row.lead_id)
        .first<LeadRow>()
    : null;
  if (!lead) return NOT_CONFIGURED;
  // A development token in staging or production (the health page and the log say which) sends nothing.
  if (configurationProblems(env).some((p) => p.areas.includes('ad-platforms'))) return NOT_CONFIGURED;
  // Asked again when sending: an opt-out (do-not-sell, GPC) made since the conversion was queued wins.
  const consent = await adConsent(env, lead);
  if (!consent.mayTell) return { outcome: 'skipped', why: 'opted out' };
  const valueUsd = row.value_cents / 100;
  if (row.platform === 'google-ads') {
    const config = googleAdsConfig(env);
    if (!config) return NOT_CONFIGURED;
    const request =
      row.kind === 'adjustment'
        ? restatementRequest(config, { orderId: lead.submission_id, at: new Date(row.created_at), valueUsd })
        : await (async () => {
            // Contact hashes only where the visitor agreed to them in words (ad-consent.ts).
            const contact = consent.sendContact ? contactOf(lead.values) : { email: null, phone: null };
            return clickConversionRequest(config, {
              clickIds: await clickIdsOfVisit(env.DB, row.session_id),
              orderId: lead.submission_id,
              at: new Date(lead.created_at),
              valueUsd,
              emailSha256: contact.email ? await sha256Hex(contact.email) : null,
              phoneSha256: contact.phone ? await sha256Hex(`+1${contact.phone}`) : null,
              adUserData: consent.adUserData,
            });
          })();
    await post(request.url, googleHeaders(config), request.body);
    return SENT;
  }
  const event = await metaLeadEvent(env, row, lead, consent);
  if ('skipped' in event) return { outcome: 'skipped', why: event.skipped };
  await post(event.url, {}, event.body);
  return SENT;
}

async function setRow(env: ConsumerEnv, id: string, status: string, error: string | null): Promise<void> {
  await env.DB.prepare(
    `UPDATE ad_conversions SET status = ?, error = ?, attempts = attempts + 1,
       sent_at = CASE WHEN ? = 'sent' THEN ? ELSE sent_at END WHERE id = ?`,
  )
    .bind(status, error, status, new Date().toISOString(), id)
    .run();
}

/** One conversion; `attempts` is the queue's delivery count (1 first). */
export async function sendOne(env: ConsumerEnv, id: string, attempts: number): Promise<SendOutcome> {
  const row = await env.DB.prepare(
    'SELECT id, platform, kind, session_id, lead_id, value_cents, status, created_at FROM ad_conversions WHERE id = ?',
  )
    .bind(id)
    .first<ConversionRow>();
  if (!row) return 'missing';
  if (row.status !== 'queued') return 'done';
  try {
    const sent = await send(env, row);
    await setRow(env, id, sent.outcome, sent.outcome === 'skipped' ? sent.why : null);
    return sent.outcome;
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
      return 'failed';
    }
    // The last delivery fails for good: the row says so, and the message goes on to the dead-letter queue.
    await setRow(env, id, attempts > AD_CONVERSIONS_MAX_RETRIES ? 'failed' : 'queued', failure.message);
    return 'retry';
  }
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
        const outcome = await sendOne(env, parsed.data.id, message.attempts);
        if (outcome === 'retry' || outcome === 'missing')
          message.retry({ delaySeconds: adRetryDelaySeconds(message.attempts) });
        else message.ack();
      } catch {
        // D1 unavailable: retried; past max_retries the platform dead-letters the message.
        message.retry({ delaySeconds: adRetryDelaySeconds(message.attempts) });
      }
    }),
  );
}
