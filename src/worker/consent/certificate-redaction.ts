/**
 * Certificates signed before contacts were keyed carry a plain SHA-256 of the phone and email
 * (`contact.phone_sha256`, `contact.email_sha256`), which anyone holding the certificate id can
 * reverse by trying every number. When their lead is deleted, such a certificate is replaced by a
 * redacted copy: the same payload with those hashes set to null and a `redacted` note (when, why,
 * and the kid of the original signature), signed with the current key, so it stays verifiable
 * against the JWKS and still proves the consent. A certificate with keyed fingerprints is left as
 * it is: without the secret its fingerprints match nothing, and the match endpoint answers no
 * once the lead is gone.
 */
import { z } from 'zod';
import { base64UrlToText } from '../../shared/base64url';
import { logJson } from '../observability/log';
import { signJws } from './jws';
import { signingKey } from './signing-key';

const legacyContact = z
  .object({
    contact: z
      .object({ phone_sha256: z.string().nullable().optional(), email_sha256: z.string().nullable().optional() })
      .loose(),
  })
  .loose();

function payloadOf(jws: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(base64UrlToText(jws.split('.')[1] ?? '') ?? '');
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The statements that replace these certificates' plain contact hashes with a redacted, re-signed copy. */
export async function redactPlainHashes(
  env: Pick<Env, 'DB' | 'LEAD_CERTIFICATE_KEY'>,
  certificateIds: readonly string[],
  now: Date,
): Promise<D1PreparedStatement[]> {
  if (certificateIds.length === 0) return [];
  const rows = await env.DB.prepare(
    'SELECT id, kid, jws FROM lead_certificates WHERE id IN (SELECT value FROM json_each(?))',
  )
    .bind(JSON.stringify(certificateIds))
    .all<{ id: string; kid: string; jws: string }>();
  const key = await signingKey(env.LEAD_CERTIFICATE_KEY);
  const statements: D1PreparedStatement[] = [];
  for (const row of rows.results) {
    const payload = payloadOf(row.jws);
    const legacy = legacyContact.safeParse(payload);
    if (!payload || !legacy.success) continue;
    const { phone_sha256: phone, email_sha256: email } = legacy.data.contact;
    if (!phone && !email) continue;
    if (!key) {
      logJson('error', 'certificate with plain contact hashes not redacted: no signing key', {
        where: 'privacy.certificate-redaction',
      });
      continue;
    }
    const redacted = {
      ...payload,
      contact: { ...legacy.data.contact, phone_sha256: null, email_sha256: null },
      redacted: { at: now.toISOString(), reason: 'privacy-deletion', original_kid: row.kid },
    };
    const jws = await signJws(key, redacted);
    statements.push(
      env.DB.prepare('INSERT OR IGNORE INTO certificate_keys (kid, public_jwk, first_used_at) VALUES (?, ?, ?)').bind(
        key.kid,
        JSON.stringify(key.publicJwk),
        now.toISOString(),
      ),
      env.DB.prepare('UPDATE lead_certificates SET jws = ?, kid = ? WHERE id = ?').bind(jws, key.kid, row.id),
    );
  }
  return statements;
}
