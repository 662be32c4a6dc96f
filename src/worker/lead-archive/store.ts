import { z } from 'zod';

/**
 * How a lead lives in R2 once it has left D1 (bucket ARCHIVE, under `leads/`), one object per lead
 * rather than a day's NDJSON: a certificate is looked up by its id, and a privacy erasure deletes
 * one person's objects without rewriting anybody else's.
 * - `leads/record/{lead}.json`: the lead row without its personal values, its certificate row,
 *   its delivery rows and who received it;
 * - `leads/personal/dt={day}/{lead}.json`: the answers, ip and user agent, under the lead's
 *   day so lead retention deletes a whole day's prefix when LEAD_RETENTION_DAYS have passed;
 * - `leads/certificate/{certificate}.json`: the certificate (the public page reads only this)
 *   with the lead's keyed contact fingerprints for a buyer's match (null once the lead is erased);
 * - `leads/by-visitor/{anonymous id}/{lead}`, `leads/by-phone/{fingerprint}/{lead}`,
 *   `leads/by-email/{fingerprint}/{lead}`: empty markers, listed by prefix, so a privacy request
 *   finds a moved lead without scanning the archive. Fingerprints are keyed hashes, so the keys
 *   hold no contact value.
 */

export const recordKey = (lead: string) => `leads/record/${lead}.json`;
export const personalKey = (day: string, lead: string) => `leads/personal/dt=${day}/${lead}.json`;
export const PERSONAL_PREFIX = 'leads/personal/';
export const certificateKey = (id: string) => `leads/certificate/${id}.json`;
export type MarkerKind = 'visitor' | 'phone' | 'email';
export const markerPrefix = (kind: MarkerKind, value: string) => `leads/by-${kind}/${value}/`;

const row = z.record(z.string(), z.unknown());

export const leadRecordSchema = z.object({
  lead: row.and(z.object({ id: z.string(), created_at: z.string(), visitor_id: z.string() })),
  certificate: row.nullable(),
  deliveries: z.array(row),
  recipients: z.array(z.object({ recipient: z.string(), endpoint: z.string(), reference: z.string().nullable() })),
});
export type LeadRecord = z.infer<typeof leadRecordSchema>;

export const personalSchema = z.object({
  values: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type PersonalPart = z.infer<typeof personalSchema>;

export const archivedCertificateSchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  brand: z.string(),
  kid: z.string(),
  jws: z.string(),
  created_at: z.string(),
  phone_fingerprint: z.string().nullable(),
  email_fingerprint: z.string().nullable(),
});
export type ArchivedCertificate = z.infer<typeof archivedCertificateSchema>;

/** The lead's columns that are personal: they go to the personal object, never the record. */
export const PERSONAL_COLUMNS = ['values', 'ip', 'user_agent'] as const;

/**
 * Columns that never leave D1: plain SHA-256 hashes of the contact (the duplicate-submit key,
 * read within a day, and the hashes of leads from before fingerprints), which give the contact
 * away to anyone who tries every number. The record carries the keyed fingerprints instead.
 */
export const HOT_ONLY_COLUMNS = ['phone_key', 'phone_sha256', 'email_sha256'] as const;

export async function readJson<T>(bucket: R2Bucket, key: string, schema: z.ZodType<T>): Promise<T | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  return schema.parse(await object.json());
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Writes an object unless the same bytes are already there (the digest is kept in its custom
 * metadata): a move run again after a crash rewrites nothing it had written, and an object whose
 * lead changed in D1 meanwhile is replaced, since the D1 row is the truth until it is deleted.
 * Answers whether it wrote.
 */
export async function putOnce(bucket: R2Bucket, key: string, body: string): Promise<boolean> {
  const sha256 = await sha256Hex(body);
  const head = await bucket.head(key);
  if (head?.customMetadata?.sha256 === sha256) return false;
  await bucket.put(key, body, {
    httpMetadata: { contentType: body === '' ? 'application/octet-stream' : 'application/json' },
    customMetadata: { sha256 },
  });
  return true;
}

/** Every key under a prefix (markers of one person are few; a personal day is up to a day's leads). */
export async function listAll(bucket: R2Bucket, prefix: string, limit = 10_000): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, ...(cursor ? { cursor } : {}) });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor && keys.length < limit);
  return keys;
}

/** The lead ids named by the markers under a prefix. */
export async function markedLeads(bucket: R2Bucket, kind: MarkerKind, value: string): Promise<string[]> {
  const prefix = markerPrefix(kind, value);
  return (await listAll(bucket, prefix)).map((key) => key.slice(prefix.length));
}
