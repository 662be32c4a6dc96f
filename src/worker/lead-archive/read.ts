import {
  archivedCertificateSchema,
  certificateKey,
  markedLeads,
  personalKey,
  personalSchema,
  readJson,
  recordKey,
  leadRecordSchema,
  type ArchivedCertificate,
  type LeadRecord,
} from './store';

/**
 * Reading moved leads back: a privacy request finds them by the markers of its fingerprints or
 * of the visitor, and gets each as the lead row it was in D1 (personal values included while
 * lead retention keeps them), with its recipients and deliveries under `archived` so a partner
 * deletion request still reaches whoever received it.
 */
export interface ArchivedLeadRow {
  id: string;
  visitor_id: string;
  visitor_object: string | null;
  certificate_id: string | null;
  values: string;
  ip: string | null;
  phone_fingerprint: string | null;
  email_fingerprint: string | null;
  phone_sha256: string | null;
  email_sha256: string | null;
  archived: Pick<LeadRecord, 'recipients' | 'deliveries'>;
  [column: string]: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v : null);

export async function archivedLead(bucket: R2Bucket, id: string): Promise<ArchivedLeadRow | null> {
  const record = await readJson(bucket, recordKey(id), leadRecordSchema);
  if (!record) return null;
  const lead = record.lead;
  // Past lead retention the personal object is gone: the values read as cleared, as in D1.
  const personal = await readJson(bucket, personalKey(lead.created_at.slice(0, 10), id), personalSchema);
  return {
    ...lead,
    visitor_object: text(lead.visitor_object),
    certificate_id: text(lead.certificate_id),
    values: personal?.values ?? '{}',
    ip: personal?.ip ?? null,
    user_agent: personal?.user_agent ?? null,
    phone_fingerprint: text(lead.phone_fingerprint),
    email_fingerprint: text(lead.email_fingerprint),
    phone_sha256: text(lead.phone_sha256),
    email_sha256: text(lead.email_sha256),
    archived: { recipients: record.recipients, deliveries: record.deliveries },
  };
}

/** Moved leads filed under any of these fingerprints or visitor ids, without duplicates. */
export async function archivedLeadsOf(
  bucket: R2Bucket,
  by: { phone?: string | null; email?: string | null; visitors?: readonly string[] },
): Promise<ArchivedLeadRow[]> {
  const ids = new Set<string>();
  const lookups: Promise<string[]>[] = [];
  if (by.phone) lookups.push(markedLeads(bucket, 'phone', by.phone));
  if (by.email) lookups.push(markedLeads(bucket, 'email', by.email));
  for (const visitor of by.visitors ?? []) lookups.push(markedLeads(bucket, 'visitor', visitor));
  for (const list of await Promise.all(lookups)) for (const id of list) ids.add(id);
  const leads = await Promise.all([...ids].map((id) => archivedLead(bucket, id)));
  return leads
    .filter((l): l is ArchivedLeadRow => l !== null)
    .sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
}

/** How many moved leads a visitor has (their markers). */
export async function archivedLeadCount(bucket: R2Bucket, visitor: string): Promise<number> {
  return (await markedLeads(bucket, 'visitor', visitor)).length;
}

/** A moved lead's certificate, for its public page and a buyer's match. */
export function archivedCertificate(bucket: R2Bucket, id: string): Promise<ArchivedCertificate | null> {
  return readJson(bucket, certificateKey(id), archivedCertificateSchema);
}
