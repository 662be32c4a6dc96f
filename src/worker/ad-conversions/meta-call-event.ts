/**
 * The Meta event of one paid call (an `ad_conversions` row of kind `call`, platform `meta-capi`),
 * or why none is sent. Never for Medicare: the visit's lead, else its page, says the product, and a
 * call from a Medicare page tells Meta nothing (not even that it happened: it says something of the
 * caller's age and health, docs/decisions/0252 and 0275). A page we cannot place is not sent
 * either. Whether Meta may hear of the call at all is the visit's ad consent (ad-consent.ts), asked
 * now, when sending; the call carries no contact whatever that consent says, since a postback has
 * none of the caller's.
 */
import { routeByName } from '../../routes/registry';
import { visitAdConsent } from './ad-consent';
import { callEventRequest, metaConfig } from './meta-capi';
import { stateOf } from './meta-lead-event';
import type { ConversionRow } from './send-failure';
import { clickIdsOfVisit } from './visit-click-ids';

type CallEnv = Pick<Env, 'DB' | 'REVENUE_DB' | 'LEAD_HASH_SALT' | 'ASSETS' | 'CACHE'>;

/** Server Event Parameters: "The event_time can be up to 7 days before you send an event". */
const META_MAX_EVENT_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export const MEDICARE_CALL_SKIPPED = 'medicare: nothing goes to Meta';

/** The product of a visit: its latest lead's, else its page's (null when neither is known). */
async function productOfVisit(
  env: Pick<Env, 'DB' | 'REVENUE_DB'>,
  sessionId: string,
): Promise<{ product: string | null; values: string }> {
  const lead = await env.DB.prepare(
    'SELECT product, "values" FROM leads WHERE session_id = ? ORDER BY created_at DESC LIMIT 1',
  )
    .bind(sessionId)
    .first<{ product: string; values: string }>();
  if (lead) return { product: lead.product, values: lead.values };
  // The visit is in the revenue store's database, the lead in DB: two reads.
  const visit = await env.REVENUE_DB.prepare('SELECT page FROM visit_values WHERE session_id = ?')
    .bind(sessionId)
    .first<{ page: string }>();
  return { product: (visit && routeByName(visit.page)?.config.product) ?? null, values: '{}' };
}

export async function metaCallEvent(
  env: CallEnv,
  row: Pick<ConversionRow, 'session_id' | 'value_cents' | 'transaction_id' | 'event_at'>,
): Promise<{ url: string; body: unknown } | { skipped: string }> {
  const { product, values } = await productOfVisit(env, row.session_id);
  if (product === 'medicare') return { skipped: MEDICARE_CALL_SKIPPED };
  if (product === null) return { skipped: 'unknown product: nothing goes to Meta' };
  const config = metaConfig(env);
  if (!config || !row.transaction_id || !row.event_at) return { skipped: 'not configured or nothing to send' };
  if (!(await visitAdConsent(env, row.session_id)).mayTell) return { skipped: 'opted out' };
  // Meta refuses a whole request with an event_time over 7 days old: a late report is not sent.
  if (Date.parse(row.event_at) < Date.now() - META_MAX_EVENT_AGE_MS)
    return { skipped: 'older than the 7 days Meta accepts' };
  const visit = await env.REVENUE_DB.prepare('SELECT created_at FROM visit_values WHERE session_id = ?')
    .bind(row.session_id)
    .first<{ created_at: string }>();
  const request = callEventRequest(config, {
    eventId: row.transaction_id,
    at: new Date(row.event_at),
    clickSeenAt: new Date(visit?.created_at ?? row.event_at),
    clickIds: await clickIdsOfVisit(env, row.session_id),
    valueUsd: row.value_cents / 100,
    stateCode: await stateOf(env, values),
  });
  return request ?? { skipped: 'no Meta click on the visit' };
}
