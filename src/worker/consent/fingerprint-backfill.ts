/**
 * Stored contact data converted to keyed fingerprints by the daily cron. SQL cannot compute an
 * HMAC, so the migration that added the fingerprint columns leaves this to the Worker:
 * - do-not-sell requests (`privacy_requests`): each row still holding an email or phone gets
 *   its fingerprints, and loses the raw values and their plain SHA-256 in the same statement;
 * - leads written before fingerprints: their fingerprints are worked out from their values
 *   (before retention clears those, so this runs first), and the plain SHA-256 of each contact
 *   that now has a fingerprint is cleared (a plain hash of a phone number gives it away).
 * Without LEAD_HASH_SALT nothing is converted (the raw value is all a request has to be obeyed by).
 */
import { contactFingerprint, leadContact } from './contact-hash';
import { parseValues } from './privacy-subject';
import { logJson } from '../observability/log';

const PAGE = 200;

export async function fingerprintPrivacyRequests(env: Pick<Env, 'DB' | 'LEAD_HASH_SALT'>): Promise<number> {
  if (!env.LEAD_HASH_SALT) return 0;
  let converted = 0;
  let after = '';
  for (;;) {
    const rows = await env.DB.prepare(
      `SELECT id, email, phone FROM privacy_requests
       WHERE id > ? AND (email IS NOT NULL OR phone IS NOT NULL OR email_sha256 IS NOT NULL OR phone_sha256 IS NOT NULL)
       ORDER BY id LIMIT ?`,
    )
      .bind(after, PAGE)
      .all<{ id: string; email: string | null; phone: string | null }>();
    if (rows.results.length === 0) break;
    const statements = await Promise.all(
      rows.results.map(async (r) =>
        env.DB.prepare(
          `UPDATE privacy_requests SET email_fingerprint = COALESCE(email_fingerprint, ?), phone_fingerprint = COALESCE(phone_fingerprint, ?),
             email = NULL, phone = NULL, email_sha256 = NULL, phone_sha256 = NULL WHERE id = ?`,
        ).bind(
          await contactFingerprint(env.LEAD_HASH_SALT, 'email', r.email),
          await contactFingerprint(env.LEAD_HASH_SALT, 'phone', r.phone),
          r.id,
        ),
      ),
    );
    await env.DB.batch(statements);
    converted += rows.results.length;
    after = rows.results[rows.results.length - 1]?.id ?? after;
  }
  if (converted) logJson('info', 'privacy requests fingerprinted', { where: 'privacy.fingerprints', converted });
  return converted;
}

export async function fingerprintLeads(env: Pick<Env, 'DB' | 'LEAD_HASH_SALT'>): Promise<number> {
  if (!env.LEAD_HASH_SALT) return 0;
  let converted = 0;
  let after = '';
  for (;;) {
    const rows = await env.DB.prepare(
      `SELECT id, "values" FROM leads
       WHERE id > ? AND personal_purged_at IS NULL AND phone_fingerprint IS NULL AND email_fingerprint IS NULL AND "values" <> '{}'
       ORDER BY id LIMIT ?`,
    )
      .bind(after, PAGE)
      .all<{ id: string; values: string }>();
    if (rows.results.length === 0) break;
    const statements: D1PreparedStatement[] = [];
    for (const row of rows.results) {
      const contact = leadContact(parseValues(row.values));
      const [phone, email] = await Promise.all([
        contactFingerprint(env.LEAD_HASH_SALT, 'phone', contact.phone),
        contactFingerprint(env.LEAD_HASH_SALT, 'email', contact.email),
      ]);
      if (!phone && !email) continue;
      statements.push(
        env.DB.prepare(
          `UPDATE leads SET phone_fingerprint = ?1, email_fingerprint = ?2,
             phone_sha256 = CASE WHEN ?1 IS NULL THEN phone_sha256 END, email_sha256 = CASE WHEN ?2 IS NULL THEN email_sha256 END
           WHERE id = ?3`,
        ).bind(phone, email, row.id),
      );
    }
    if (statements.length) await env.DB.batch(statements);
    converted += statements.length;
    after = rows.results[rows.results.length - 1]?.id ?? after;
  }
  // Leads written with fingerprints may still carry the plain hashes beside them.
  await env.DB.batch([
    env.DB.prepare(
      'UPDATE leads SET phone_sha256 = NULL WHERE phone_sha256 IS NOT NULL AND phone_fingerprint IS NOT NULL',
    ),
    env.DB.prepare(
      'UPDATE leads SET email_sha256 = NULL WHERE email_sha256 IS NOT NULL AND email_fingerprint IS NOT NULL',
    ),
  ]);
  return converted;
}
