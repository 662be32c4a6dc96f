/**
 * A deleted person's ad-platform records go with them: the click ids kept on their visits'
 * value rows (`visit_values.click_ids`: gclid, fbclid, the _fbp cookie) and the rows of what was
 * told to Google and Meta (`ad_conversions`). Found by the leads' sessions and by the anonymous
 * ids being erased, so a visit that never became a lead goes too. The revenue rollups keep their
 * sums, which hold no person. Neither platform offers a way to delete a conversion already sent
 * (Meta's Conversions API has no delete; Google's Data Manager API removes audience members, and
 * we upload none): docs/decisions/0253-ad-data-deletion.md.
 */
function placeholders(n: number): string {
  return Array.from({ length: n }, () => '?').join(', ');
}

export function eraseAdRecords(
  db: D1Database,
  leads: readonly { id: string; session_id?: unknown }[],
  anonymousIds: readonly string[],
): D1PreparedStatement[] {
  const leadIds = leads.map((l) => l.id);
  const sessions = [
    ...new Set(leads.map((l) => l.session_id).filter((s): s is string => typeof s === 'string' && s !== '')),
  ];
  if (leadIds.length === 0 && anonymousIds.length === 0) return [];
  const visitsOf = `SELECT session_id FROM visit_values WHERE visitor_id IN (${placeholders(anonymousIds.length)})`;
  const bySession = `session_id IN (${placeholders(sessions.length)})`;
  return [
    // First, while the value rows still say which sessions were theirs.
    db
      .prepare(
        `DELETE FROM ad_conversions WHERE lead_id IN (${placeholders(leadIds.length)})
           OR ${bySession} OR session_id IN (${visitsOf})`,
      )
      .bind(...leadIds, ...sessions, ...anonymousIds),
    db
      .prepare(`DELETE FROM visit_values WHERE ${bySession} OR visitor_id IN (${placeholders(anonymousIds.length)})`)
      .bind(...sessions, ...anonymousIds),
  ];
}
