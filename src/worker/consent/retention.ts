/**
 * Lead retention: the daily Cron Trigger clears the personal values of leads older
 * than LEAD_RETENTION_DAYS: the answers (names, contact, date of birth, address, all of
 * "values"), the ip and the user agent. The row, its consent proof, its certificate and the
 * contact fingerprints stay, so the consent can still be proven and a privacy request still matched.
 * The duplicate-lead key (phone_key, a plain SHA-256 of brand, form and phone, which gives the
 * phone away like any unkeyed hash of one) is only read within a day of the lead, so it is
 * cleared once that window is over, long before the values.
 */
import { duplicateWindowMs } from '../funnel/same-person';

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

/** Dedupe keys older than this are never read again (LEAD_DEDUPE_WINDOW_MS is one day); a day of slack. */
const DEDUPE_KEY_DAYS = 2;

export async function clearStaleDedupeKeys(env: Pick<Env, 'DB'>, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - DEDUPE_KEY_DAYS * DAY_MS).toISOString();
  const result = await env.DB.prepare(
    'UPDATE leads SET phone_key = NULL WHERE phone_key IS NOT NULL AND created_at < ?',
  )
    .bind(cutoff)
    .run();
  return result.meta.changes ?? 0;
}

/** A Turnstile token lives 300 s; its redemption is kept a day (slack for clocks), then never read again. */
const TOKEN_REDEMPTION_DAYS = 1;

/**
 * The claims that keep one person's first lead and one token's lead single: a first-lead claim
 * past LEAD_DUPLICATE_WINDOW_DAYS no longer holds (same-person.ts takes it over), and a token's
 * redemption past its token's life is never read; both are deleted. Returns how many went.
 */
export async function forgetSpentClaims(
  env: Pick<Env, 'DB' | 'LEAD_DUPLICATE_WINDOW_DAYS'>,
  now: Date = new Date(),
): Promise<number> {
  const claims = new Date(now.getTime() - duplicateWindowMs(env)).toISOString();
  const tokens = new Date(now.getTime() - TOKEN_REDEMPTION_DAYS * DAY_MS).toISOString();
  const [a, b] = await env.DB.batch([
    env.DB.prepare('DELETE FROM first_leads WHERE claimed_at < ?').bind(claims),
    env.DB.prepare('DELETE FROM turnstile_redemptions WHERE at < ?').bind(tokens),
  ]);
  return (a?.meta.changes ?? 0) + (b?.meta.changes ?? 0);
}
