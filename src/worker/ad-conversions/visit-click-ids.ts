import { AD_CLICK_IDS } from '../revenue/visit-value';

/**
 * The ad click ids of a visit: from its value row (written with the session's parameters and the
 * _fbp cookie), else from the session's events in the hot window (a visit that never was priced
 * nor leased a number still has its landing page view).
 */
export async function clickIdsOfVisit(
  env: Pick<Env, 'DB' | 'REVENUE_DB'>,
  sessionId: string,
): Promise<Record<string, string>> {
  // The value row is in the revenue store's database, the events in DB: two reads.
  const visit = await env.REVENUE_DB.prepare('SELECT click_ids FROM visit_values WHERE session_id = ?')
    .bind(sessionId)
    .first<{ click_ids: string }>();
  const found: Record<string, string> = {};
  if (visit) {
    try {
      const parsed: unknown = JSON.parse(visit.click_ids);
      if (typeof parsed === 'object' && parsed !== null)
        for (const [key, value] of Object.entries(parsed)) if (typeof value === 'string') found[key] = value;
    } catch {
      // A garbled row counts as none; the events below may still have them.
    }
  }
  if (Object.keys(found).length > 0) return found;
  const event = await env.DB.prepare(
    `SELECT json_extract(properties, '$.session.urlParams') AS params, json_extract(properties, '$.cookies._fbp') AS fbp
       FROM events WHERE session_id = ? ORDER BY received_at LIMIT 1`,
  )
    .bind(sessionId)
    .first<{ params: string | null; fbp: string | null }>();
  if (event?.params) {
    try {
      const params: unknown = JSON.parse(event.params);
      if (typeof params === 'object' && params !== null)
        for (const name of AD_CLICK_IDS) {
          const value: unknown = Reflect.get(params, name);
          if (typeof value === 'string' && value !== '') found[name] = value;
        }
    } catch {
      // No parameters to read.
    }
  }
  if (event?.fbp) found.fbp = event.fbp;
  return found;
}
