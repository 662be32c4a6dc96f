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

/**
 * Deletes what was told to the ad platforms about them from ADS_DB now, and answers the DB
 * statements (their visits' click ids) for the erasure's batch. `ad_conversions` is in a D1
 * database of its own (docs/decisions/0335-ad-conversions-in-a-database-of-their-own.md), so
 * no statement can read visit_values and delete from it: the visitors' sessions are read from
 * DB first, while the value rows still say which sessions were theirs, and passed as JSON (one
 * parameter however many). Run before the batch: should the batch fail, a retried erasure finds
 * the same sessions again, and the delete is the same.
 */
export async function eraseAdRecords(
  env: Pick<Env, 'DB' | 'ADS_DB'>,
  leads: readonly { id: string; session_id?: unknown }[],
  anonymousIds: readonly string[],
): Promise<D1PreparedStatement[]> {
  const db = env.DB;
  const leadIds = leads.map((l) => l.id);
  const sessions = [
    ...new Set(leads.map((l) => l.session_id).filter((s): s is string => typeof s === 'string' && s !== '')),
  ];
  if (leadIds.length === 0 && anonymousIds.length === 0) return [];
  const visits = anonymousIds.length
    ? (
        await db
          .prepare(`SELECT session_id FROM visit_values WHERE visitor_id IN (SELECT value FROM json_each(?))`)
          .bind(JSON.stringify(anonymousIds))
          .all<{ session_id: string }>()
      ).results.map((r) => r.session_id)
    : [];
  await env.ADS_DB.prepare(
    `DELETE FROM ad_conversions WHERE lead_id IN (SELECT value FROM json_each(?1))
       OR session_id IN (SELECT value FROM json_each(?2))`,
  )
    .bind(JSON.stringify(leadIds), JSON.stringify([...new Set([...sessions, ...visits])]))
    .run();
  const bySession = `session_id IN (${placeholders(sessions.length)})`;
  return [
    db
      .prepare(`DELETE FROM visit_values WHERE ${bySession} OR visitor_id IN (${placeholders(anonymousIds.length)})`)
      .bind(...sessions, ...anonymousIds),
  ];
}
