/**
 * The Meta Lead event of one conversion row, or why none is sent. Medicare leads send Meta nothing
 * at all: Meta's terms restrict health-related data, and a Medicare lead, its page's address and
 * even the fact of the conversion say something about a person's health and age
 * (docs/decisions/0252-meta-medicare-and-limited-data-use.md). Contact hashes go only when ad-consent.ts
 * says the visitor agreed to it; the state for Limited Data Use comes from the zip they typed.
 */
import { sha256Hex } from '../../shared/consent';
import { lookupZip } from '../../partners/location/zip-lookup';
import type { AdConsent } from './ad-consent';
import { contactOf, type LeadRow } from './lead-contact';
import { leadEventRequest, metaConfig } from './meta-capi';
import { clickIdsOfVisit } from './visit-click-ids';

type EventEnv = Pick<Env, 'DB' | 'REVENUE_DB' | 'ASSETS' | 'CACHE'>;

export async function stateOf(env: EventEnv, values: string): Promise<string | null> {
  try {
    const parsed: unknown = JSON.parse(values);
    const zip: unknown = typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'zipcode') : null;
    if (typeof zip !== 'string') return null;
    const place = await lookupZip(zip, { assets: env.ASSETS, cache: env.CACHE });
    return place?.stateCode ?? null;
  } catch {
    // Unknown state: Limited Data Use with Meta placing the event (meta-ldu.ts).
    return null;
  }
}

export async function metaLeadEvent(
  env: EventEnv,
  row: { session_id: string; value_cents: number },
  lead: LeadRow,
  consent: AdConsent,
): Promise<{ url: string; body: unknown } | { skipped: string }> {
  if (lead.product === 'medicare') return { skipped: 'medicare: nothing goes to Meta' };
  const config = metaConfig(env);
  if (!config) return { skipped: 'not configured or lead gone' };
  const contact = consent.sendContact ? contactOf(lead.values) : { email: null, phone: null };
  const visit = await env.REVENUE_DB.prepare('SELECT created_at FROM visit_values WHERE session_id = ?')
    .bind(row.session_id)
    .first<{ created_at: string }>();
  const request = leadEventRequest(config, {
    eventId: lead.submission_id,
    at: new Date(lead.created_at),
    clickSeenAt: new Date(visit?.created_at ?? lead.created_at),
    clickIds: await clickIdsOfVisit(env, row.session_id),
    sourceUrl: lead.page_url,
    clientIp: lead.ip,
    clientUserAgent: lead.user_agent,
    valueUsd: row.value_cents / 100,
    emailSha256: contact.email ? await sha256Hex(contact.email) : null,
    phoneSha256: contact.phone ? await sha256Hex(`1${contact.phone}`) : null,
    stateCode: await stateOf(env, lead.values),
  });
  return request ?? { skipped: 'missing a field Meta requires of a website event' };
}
