import {
  archivedCertificateSchema,
  certificateKey,
  markerPrefix,
  personalKey,
  putOnce,
  readJson,
  recordKey,
} from './store';

/** What an erasure needs of a lead to find its objects: any lead row, hot or moved, has these. */
export interface ErasableLead {
  id: string;
  created_at?: unknown;
  visitor_id: string;
  certificate_id: string | null;
  phone_fingerprint: string | null;
  email_fingerprint: string | null;
  [column: string]: unknown;
}

/**
 * A privacy erasure of leads reaches R2: the record and the personal object go, and so do the
 * markers that found them (last, so an erasure cut short is found and finished by the next
 * request). The certificate stays, as it does for a hot lead (it is the consent proof), with its
 * contact fingerprints cleared so a buyer's match answers no. Run for every erased lead, moved or
 * not: a lead the move was writing while it was erased is cleaned up the same way.
 */
export async function eraseArchivedLeads(
  env: { ARCHIVE: R2Bucket; DB: D1Database },
  leads: readonly ErasableLead[],
): Promise<void> {
  if (leads.length === 0) return;
  const bucket = env.ARCHIVE;
  const contents: string[] = [];
  const markers: string[] = [];
  for (const lead of leads) {
    contents.push(recordKey(lead.id));
    if (typeof lead.created_at === 'string') contents.push(personalKey(lead.created_at.slice(0, 10), lead.id));
    markers.push(`${markerPrefix('visitor', lead.visitor_id)}${lead.id}`);
    if (lead.phone_fingerprint) markers.push(`${markerPrefix('phone', lead.phone_fingerprint)}${lead.id}`);
    if (lead.email_fingerprint) markers.push(`${markerPrefix('email', lead.email_fingerprint)}${lead.id}`);
  }
  for (const lead of leads) {
    if (!lead.certificate_id) continue;
    const key = certificateKey(lead.certificate_id);
    const certificate = await readJson(bucket, key, archivedCertificateSchema);
    if (certificate && (certificate.phone_fingerprint || certificate.email_fingerprint))
      await putOnce(bucket, key, JSON.stringify({ ...certificate, phone_fingerprint: null, email_fingerprint: null }));
  }
  for (let i = 0; i < contents.length; i += 1000) await bucket.delete(contents.slice(i, i + 1000));
  // Their first-lead claims (same-person.ts), which hold a moved lead's place in the duplicate
  // window, found by the lead id's index.
  await env.DB.batch(leads.map((l) => env.DB.prepare('DELETE FROM first_leads WHERE lead_id = ?').bind(l.id)));
  const unique = [...new Set(markers)];
  for (let i = 0; i < unique.length; i += 1000) await bucket.delete(unique.slice(i, i + 1000));
}
