/**
 * Lead retention (issue 19): the daily Cron Trigger clears the personal values of leads older
 * than LEAD_RETENTION_DAYS: the answers (names, contact, date of birth, address, all of
 * "values"), the ip and the user agent. The row, its consent proof, its certificate and the
 * contact hashes stay, so the consent can still be proven and a privacy request still matched.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

export function retentionDays(env: { LEAD_RETENTION_DAYS?: string }): number {
  const days = Number(env.LEAD_RETENTION_DAYS ?? '90');
  return Number.isFinite(days) && days >= 1 ? days : 90;
}

/** Clears what is due; returns how many leads were cleared. Repeatable: a cleared lead is never touched again. */
export async function purgeExpiredLeadValues(env: Env, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays(env) * DAY_MS).toISOString();
  const result = await env.DB.prepare(
    `UPDATE leads SET "values" = '{}', ip = NULL, user_agent = NULL, personal_purged_at = ? WHERE created_at < ? AND personal_purged_at IS NULL`,
  )
    .bind(now.toISOString(), cutoff)
    .run();
  return result.meta.changes ?? 0;
}
