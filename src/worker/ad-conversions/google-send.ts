/**
 * The consumer's Google branch: one `ad_conversions` row (a lead, a paid call, or an adjustment of
 * either) as one Data Manager events:ingest request, with a minted OAuth token. Throws a
 * SendFailure the consumer turns into a retry (at Google's named time when it gives one) or a
 * final `failed` row carrying Google's code and reason.
 */
import { adConsent, visitAdConsent, type AdConsent, type AdConsentLead } from './ad-consent';
import { classifyGoogleError } from './google-errors';
import { dataManagerConfig, ingestEventsRequest } from './google-data-manager';
import { dataManagerAccessToken, forgetAccessToken, TokenError } from './google-oauth';
import { hashedContact, type HashedContact } from './google-user-data';
import { SendFailure, type ConversionRow, type Sent } from './send-failure';
import { clickIdsOfVisit } from './visit-click-ids';

const TIMEOUT_MS = 8000;
/** An adjustment that arrives before the conversion it restates was sent waits this long per try. */
const WAIT_FOR_ORIGINAL_SECONDS = 60;

interface LeadRow extends AdConsentLead {
  submission_id: string;
  created_at: string;
}

function rawContactOf(valuesText: string): { email: unknown; phone: unknown } {
  try {
    const values: unknown = JSON.parse(valuesText);
    if (typeof values !== 'object' || values === null) return { email: null, phone: null };
    // Medicare and life leads name them email and phone; auto leads, the first driver's.
    return {
      email: Reflect.get(values, 'email') ?? Reflect.get(values, 'driver1Email'),
      phone: Reflect.get(values, 'phone') ?? Reflect.get(values, 'driver1Phone'),
    };
  } catch {
    return { email: null, phone: null };
  }
}

async function rowById(db: D1Database, id: string): Promise<ConversionRow | null> {
  return db
    .prepare(
      `SELECT id, platform, kind, session_id, lead_id, value_cents, status, created_at, transaction_id, event_at, adjusts
       FROM ad_conversions WHERE id = ?`,
    )
    .bind(id)
    .first<ConversionRow>();
}

/** What adConsent is asked about for a conversion: its lead, else (a paid call) the visit's (ad-consent.ts). */
async function consentOf(
  env: Pick<Env, 'DB' | 'REVENUE_DB' | 'LEAD_HASH_SALT'>,
  lead: AdConsentLead | null,
  sessionId: string,
): Promise<AdConsent> {
  return lead ? adConsent(env, lead) : visitAdConsent(env, sessionId);
}

/** The conversion Google is told of (the row itself, or for an adjustment the row it restates). */
async function originalOf(db: D1Database, row: ConversionRow): Promise<ConversionRow | 'skip'> {
  if (row.kind !== 'adjustment') return row;
  const original = row.adjusts ? await rowById(db, row.adjusts) : null;
  if (!original) return 'skip';
  // Google matches an adjustment by transactionId; sent first, it would become the conversion itself.
  if (original.status === 'queued')
    throw new SendFailure(false, 'waiting for the conversion it adjusts', WAIT_FOR_ORIGINAL_SECONDS);
  return original.status === 'sent' ? original : 'skip';
}

const SKIPPED: Sent = { outcome: 'skipped', why: 'not configured or nothing to send' };

export async function sendGoogleConversion(
  env: Pick<Env, 'DB' | 'ADS_DB' | 'REVENUE_DB' | 'LEAD_HASH_SALT'> & object,
  row: ConversionRow,
): Promise<Sent> {
  const config = dataManagerConfig(env);
  if (!config) return SKIPPED;
  const original = await originalOf(env.ADS_DB, row);
  if (original === 'skip') return SKIPPED;
  const kind = original.kind === 'call' ? 'call' : 'lead';
  const lead = original.lead_id
    ? await env.DB.prepare(
        'SELECT submission_id, visitor_id, consent_version, gpc, "values", ad_sharing, created_at FROM leads WHERE id = ?',
      )
        .bind(original.lead_id)
        .first<LeadRow>()
    : null;
  const transactionId = original.transaction_id ?? lead?.submission_id;
  const at = original.event_at ?? lead?.created_at;
  if (!transactionId || !at) return SKIPPED;
  // Asked when sending (ad-consent.ts, the one rule for every platform): an opt-out made since the
  // conversion was queued wins, and contact goes only where the visitor agreed to it in words, so a
  // Medicare lead is its click alone with user data DENIED.
  const consent = await consentOf(env, lead, original.session_id);
  if (!consent.mayTell) return { outcome: 'skipped', why: 'opted out' };
  const raw = lead ? rawContactOf(lead.values) : null;
  const contact: HashedContact =
    kind === 'lead' && raw && consent.sendContact
      ? await hashedContact(raw.email, raw.phone)
      : { emailSha256: null, phoneSha256: null };
  const request = ingestEventsRequest(config, {
    kind,
    transactionId,
    at: new Date(at),
    updatedAt: row.kind === 'adjustment' ? new Date(row.created_at) : undefined,
    valueUsd: row.value_cents / 100,
    clickIds: await clickIdsOfVisit(env, row.session_id),
    contact,
    consent,
  });

  let token: string;
  try {
    token = await dataManagerAccessToken(config.key, config.tokenBaseUrl);
  } catch (error) {
    if (error instanceof TokenError) throw new SendFailure(error.permanent, error.message);
    throw error;
  }
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(request.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new SendFailure(false, error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network');
  }
  if (response.ok) {
    await response.body?.cancel();
    // A dry run: Google checked the request and stored nothing, so the conversion is not "sent".
    return config.validateOnly
      ? { outcome: 'skipped', why: 'dry run: validateOnly, accepted and not stored' }
      : { outcome: 'sent' };
  }
  const failure = classifyGoogleError(response.status, await response.json().catch(() => null));
  if (failure.tokenRefused) forgetAccessToken(config.key, config.tokenBaseUrl);
  throw new SendFailure(failure.permanent, failure.reason, failure.retryAfterSeconds);
}
