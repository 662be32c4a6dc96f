/**
 * A deleted person's ad-platform records go with them: the click ids kept on their visits'
 * value rows (`visit_values.click_ids`: gclid, fbclid, the _fbp cookie) and the rows of what was
 * told to Google and Meta (`ad_conversions`). Found by the leads' sessions and by the anonymous
 * ids being erased, so a visit that never became a lead goes too. The revenue rollups keep their
 * sums, which hold no person. Neither platform offers a way to delete a conversion already sent
 * (Meta's Conversions API has no delete; Google's Data Manager API removes audience members, and
 * we upload none): docs/decisions/0253-ad-data-deletion.md.
 */
/**
 * Deletes what was told to the ad platforms about them (ADS_DB), then their visits' value rows
 * with the click ids and their places in an optimised experiment (REVENUE_DB). Each is a D1
 * database of its own (docs/decisions/0335-ad-conversions-in-a-database-of-their-own.md,
 * 0341-the-revenue-store-in-a-database-of-its-own.md), so no statement reaches two: the visitors'
 * sessions are read from the value rows first, while those still say which sessions were theirs,
 * and passed as JSON (one parameter however many). The value rows go last, so a retried erasure
 * (should any step fail) finds the same sessions again; each delete is the same when repeated.
 * Run before the erasure's DB batch, as the rollups keep their sums, which hold no person.
 */
export async function eraseAdRecords(
  env: Pick<Env, 'ADS_DB' | 'REVENUE_DB'>,
  leads: readonly { id: string; session_id?: unknown }[],
  anonymousIds: readonly string[],
): Promise<void> {
  const db = env.REVENUE_DB;
  const leadIds = leads.map((l) => l.id);
  const sessions = [
    ...new Set(leads.map((l) => l.session_id).filter((s): s is string => typeof s === 'string' && s !== '')),
  ];
  if (leadIds.length === 0 && anonymousIds.length === 0) return;
  const visitors = JSON.stringify(anonymousIds);
  const visits = anonymousIds.length
    ? (
        await db
          .prepare(`SELECT session_id FROM visit_values WHERE visitor_id IN (SELECT value FROM json_each(?))`)
          .bind(visitors)
          .all<{ session_id: string }>()
      ).results.map((r) => r.session_id)
    : [];
  await env.ADS_DB.prepare(
    `DELETE FROM ad_conversions WHERE lead_id IN (SELECT value FROM json_each(?1))
       OR session_id IN (SELECT value FROM json_each(?2))`,
  )
    .bind(JSON.stringify(leadIds), JSON.stringify([...new Set([...sessions, ...visits])]))
    .run();
  await db.batch([
    db
      .prepare(
        `DELETE FROM visit_values WHERE session_id IN (SELECT value FROM json_each(?1))
           OR visitor_id IN (SELECT value FROM json_each(?2))`,
      )
      .bind(JSON.stringify(sessions), visitors),
    db.prepare(`DELETE FROM experiment_people WHERE visitor_id IN (SELECT value FROM json_each(?))`).bind(visitors),
  ]);
}
