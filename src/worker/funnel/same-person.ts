/**
 * One person, one lead: a phone number, and separately an email, makes one delivered lead per
 * product within LEAD_DUPLICATE_WINDOW_DAYS (30 by default), across visitors and brands. A
 * later complete lead of the same person is stored as `duplicate`, linked to the first, and
 * not delivered; the same visitor with the same phone on another form is the same person.
 * Only a delivered lead counts as the first, so a bot that files a stranger's phone first cannot
 * make the real person's own request a duplicate.
 */
export function duplicateWindowMs(env: Pick<Env, 'LEAD_DUPLICATE_WINDOW_DAYS'>): number {
  const days = Number(env.LEAD_DUPLICATE_WINDOW_DAYS);
  return (Number.isFinite(days) && days > 0 ? Math.min(days, 365) : 30) * 86_400_000;
}

/** The id of this person's earlier delivered lead of the product in the window, or null. */
export async function earlierLeadOfPerson(
  env: Pick<Env, 'DB' | 'LEAD_DUPLICATE_WINDOW_DAYS'>,
  lead: { id: string; product: string; phoneFingerprint: string | null; emailFingerprint: string | null },
  now = new Date(),
): Promise<string | null> {
  if (!lead.phoneFingerprint && !lead.emailFingerprint) return null;
  const since = new Date(now.getTime() - duplicateWindowMs(env)).toISOString();
  // Delivered leads past their delivery window have moved to R2 and left their fingerprints in
  // lead_fingerprints (lead-archive/move.ts) for the rest of the window.
  const row = await env.DB.prepare(
    `SELECT id, created_at FROM leads
     WHERE product = ?1 AND id <> ?2 AND created_at >= ?3 AND delivery = 'delivered'
       AND ((?4 IS NOT NULL AND phone_fingerprint = ?4) OR (?5 IS NOT NULL AND email_fingerprint = ?5))
     UNION ALL
     SELECT id, created_at FROM lead_fingerprints
     WHERE product = ?1 AND id <> ?2 AND created_at >= ?3
       AND ((?4 IS NOT NULL AND phone_fingerprint = ?4) OR (?5 IS NOT NULL AND email_fingerprint = ?5))
     ORDER BY created_at LIMIT 1`,
  )
    .bind(lead.product, lead.id, since, lead.phoneFingerprint, lead.emailFingerprint)
    .first<{ id: string }>();
  return row?.id ?? null;
}
