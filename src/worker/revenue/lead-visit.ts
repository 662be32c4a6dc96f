/**
 * A lead that reached a buyer makes sure its visit has a value row: a QuoteWizard payout names the
 * visit by the ref sent with the lead, and a visit that never was priced (no demand check, no
 * number leased) would otherwise have nowhere for that payout to land. Dimensions come from the
 * lead row (brand, page, traffic source, paid flag) and the session's first event (campaign, click ids).
 */
import { fixedExperimentOfPage } from '../tracking/experiments';
import { AD_CLICK_IDS, campaignOf, recordVisitValue } from './visit-value';

interface LeadVisitRow {
  session_id: string | null;
  visitor_id: string;
  brand: string;
  page: string;
  traffic_source: string | null;
  paid: number | null;
  gpc: number | null;
  created_at: string;
  params: string | null;
  fbp: string | null;
  variant: string | null;
}

export async function recordLeadVisit(
  env: Pick<Env, 'DB' | 'REVENUE_DB'> & { VISITOR_COOKIE_SECRET?: string },
  leadId: string,
): Promise<void> {
  const lead = await env.DB.prepare(
    `SELECT l.session_id, l.visitor_id, l.brand, l.page, l.traffic_source, l.paid, l.gpc, l.created_at,
       (SELECT json_extract(e.properties, '$.session.urlParams') FROM events e WHERE e.session_id = l.session_id ORDER BY e.received_at LIMIT 1) AS params,
       (SELECT json_extract(e.properties, '$.cookies._fbp') FROM events e WHERE e.session_id = l.session_id ORDER BY e.received_at LIMIT 1) AS fbp,
       (SELECT json_extract(e.properties, '$.experimentId') || ':' || json_extract(e.properties, '$.variantId') FROM events e
          WHERE e.session_id = l.session_id AND e.page = l.page AND json_extract(e.properties, '$.variantId') IS NOT NULL
          ORDER BY e.received_at LIMIT 1) AS variant
     FROM leads l WHERE l.id = ?`,
  )
    .bind(leadId)
    .first<LeadVisitRow>();
  if (!lead?.session_id) return;
  let params: Record<string, unknown> = {};
  try {
    const parsed: unknown = lead.params ? JSON.parse(lead.params) : {};
    if (typeof parsed === 'object' && parsed !== null) params = parsed as Record<string, unknown>;
  } catch {
    // No parameters: the lead's own dimensions still place the visit.
  }
  const clickIds: Record<string, string> = {};
  // A GPC lead is never told to an ad platform: its visit keeps no click ids.
  if (lead.gpc !== 1) {
    for (const name of AD_CLICK_IDS) {
      const value = params[name];
      if (typeof value === 'string' && value !== '') clickIds[name] = value;
    }
    if (lead.fbp) clickIds.fbp = lead.fbp;
  }
  // The variant the visitor saw is the one their events of that page carry (an `optimise`
  // experiment's was stored for them and may differ from any hash); a fixed experiment's hash
  // stands in when those events are gone.
  const fixed = lead.variant ? null : fixedExperimentOfPage(lead.page, lead.visitor_id);
  await recordVisitValue(
    env,
    {
      sessionId: lead.session_id,
      visitorId: lead.visitor_id,
      brand: lead.brand,
      page: lead.page,
      trafficSource: lead.traffic_source ?? '(direct)',
      campaign: campaignOf(typeof params.utm_campaign === 'string' ? params.utm_campaign : undefined),
      paid: lead.paid === 1,
      variant: lead.variant ?? (fixed ? `${fixed.experimentId}:${fixed.variantId}` : ''),
      clickIds,
    },
    null,
    new Date(lead.created_at),
  );
}
