/**
 * Who a privacy request is about, and which stored records are theirs. A record is theirs only
 * when it carries every identifier the request gives: an export by a phone number two people
 * share, with the email of one of them, returns that one person's leads, never the other's.
 * Medicare leads may have neither phone nor email (the contact step can be skipped), so a first
 * name, last name and zip code together identify a lead too (while retention has not cleared
 * the names). Contact values are compared by their keyed fingerprints (contact-hash.ts); a
 * lead written before fingerprints has its fingerprint worked out from its values, or, once
 * retention cleared those, its old plain hash is compared.
 */
import { z } from 'zod';
import { ApiError } from '../http-error';
import { archivedLeadsOf } from '../lead-archive/read';
import {
  contactFingerprint,
  emailSha256,
  leadContact,
  normaliseEmail,
  normalisePhone,
  phoneSha256,
} from './contact-hash';

export const subjectShape = {
  email: z.string().max(256).optional(),
  phone: z.string().max(32).optional(),
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
  zip: z.string().max(10).optional(),
};
export type SubjectInput = { [K in keyof typeof subjectShape]?: string | undefined };

/** A request must name someone: refine a schema built on subjectShape with this. */
export const namesSomeone = [
  (s: SubjectInput) =>
    Boolean(s.email?.trim() || s.phone?.trim() || s.firstName?.trim() || s.lastName?.trim() || s.zip?.trim()),
  'an email, a phone number, or a first name, last name and zip code is required',
] as const;

export const subjectSchema = z.strictObject(subjectShape).refine(...namesSomeone);

export interface Subject {
  email: string | null;
  phone: string | null;
  emailFingerprint: string | null;
  phoneFingerprint: string | null;
  /** Plain SHA-256 of the contact: only to find leads stored before fingerprints. */
  emailSha256: string | null;
  phoneSha256: string | null;
  name: { first: string; last: string; zip: string } | null;
  /** Which identifiers were given, e.g. "email+phone" (the audit's subject kind). */
  kind: string;
  /** The fingerprints joined, for the audit row (null for a name and zip request). */
  fingerprint: string | null;
}

const comparable = (text: unknown): string =>
  typeof text === 'string' ? text.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ') : '';

/** Parses and normalises a request's identifiers; a value given but not valid is a 400 naming it. */
export async function subjectOf(secret: string, input: SubjectInput): Promise<Subject> {
  const email = input.email?.trim() ? normaliseEmail(input.email) : null;
  const phone = input.phone?.trim() ? normalisePhone(input.phone) : null;
  const issues: string[] = [];
  if (input.email?.trim() && !email) issues.push('email: not a valid email address');
  if (input.phone?.trim() && !phone) issues.push('phone: not a valid US phone number');
  const first = comparable(input.firstName);
  const last = comparable(input.lastName);
  const zip = (input.zip ?? '').trim();
  const anyName = Boolean(first || last || zip);
  if (anyName && !(first && last && /^\d{5}$/.test(zip)))
    issues.push('firstName, lastName, zip: a name is matched only as first name, last name and a 5-digit zip together');
  if (issues.length > 0)
    throw new ApiError(400, 'invalid_subject', 'An identifier of the request is not valid', { errors: issues });
  const [emailFingerprint, phoneFingerprint, emailHash, phoneHash] = await Promise.all([
    contactFingerprint(secret, 'email', email),
    contactFingerprint(secret, 'phone', phone),
    emailSha256(email),
    phoneSha256(phone),
  ]);
  if ((email && !emailFingerprint) || (phone && !phoneFingerprint))
    throw new ApiError(503, 'not_configured', 'LEAD_HASH_SALT is not set: contact fingerprints cannot be computed');
  const name = anyName ? { first, last, zip } : null;
  return {
    email,
    phone,
    emailFingerprint,
    phoneFingerprint,
    emailSha256: emailHash,
    phoneSha256: phoneHash,
    name,
    kind: [email ? 'email' : null, phone ? 'phone' : null, name ? 'name+zip' : null].filter(Boolean).join('+'),
    fingerprint: [phoneFingerprint, emailFingerprint].filter(Boolean).join(':') || null,
  };
}

export interface LeadRow {
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
  [column: string]: unknown;
}

export function parseValues(json: unknown): Record<string, unknown> {
  try {
    const value: unknown = typeof json === 'string' ? JSON.parse(json) : null;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The lead's contact fingerprints: stored, or worked out from its values when it predates them. */
export async function leadFingerprints(
  secret: string,
  lead: Pick<LeadRow, 'values' | 'phone_fingerprint' | 'email_fingerprint'>,
): Promise<{ phone: string | null; email: string | null }> {
  const contact = leadContact(parseValues(lead.values));
  const [phone, email] = await Promise.all([
    lead.phone_fingerprint ?? contactFingerprint(secret, 'phone', contact.phone),
    lead.email_fingerprint ?? contactFingerprint(secret, 'email', contact.email),
  ]);
  return { phone, email };
}

/** Whether the lead carries every identifier of the subject. */
export async function leadCarriesAll(secret: string, s: Subject, lead: LeadRow): Promise<boolean> {
  const fp = await leadFingerprints(secret, lead);
  if (s.phone && !(fp.phone ? fp.phone === s.phoneFingerprint : lead.phone_sha256 === s.phoneSha256)) return false;
  if (s.email && !(fp.email ? fp.email === s.emailFingerprint : lead.email_sha256 === s.emailSha256)) return false;
  if (s.name) {
    const v = parseValues(lead.values);
    if (comparable(v.firstName ?? v.driver1FirstName) !== s.name.first) return false;
    if (comparable(v.lastName ?? v.driver1LastName) !== s.name.last) return false;
    if (comparable(v.zipcode ?? v.zip) !== s.name.zip) return false;
  }
  return true;
}

/**
 * The subject's leads: candidates that carry any one identifier (by index where the lead has
 * fingerprints; by its values for older leads), kept only when they carry all of them.
 */
export async function leadsOf(db: D1Database, secret: string, s: Subject, archive?: R2Bucket): Promise<LeadRow[]> {
  const stored = s.phone ? `(${s.phone.slice(0, 3)}) ${s.phone.slice(3, 6)}-${s.phone.slice(6)}` : null;
  const rows = await db
    .prepare(
      `SELECT * FROM leads WHERE phone_fingerprint = ?1 OR email_fingerprint = ?2 OR phone_sha256 = ?3 OR email_sha256 = ?4
        OR json_extract("values", '$.phone') IN (?5, ?6) OR json_extract("values", '$.driver1Phone') IN (?5, ?6)
        OR lower(json_extract("values", '$.email')) = ?7 OR lower(json_extract("values", '$.driver1Email')) = ?7
        OR (json_extract("values", '$.zipcode') = ?8
            AND lower(trim(COALESCE(json_extract("values", '$.lastName'), json_extract("values", '$.driver1LastName')))) = ?9)`,
    )
    .bind(
      s.phoneFingerprint,
      s.emailFingerprint,
      s.phoneSha256,
      s.emailSha256,
      stored,
      s.phone,
      s.email,
      s.name?.zip ?? null,
      s.name?.last ?? null,
    )
    .all<LeadRow>();
  const kept: LeadRow[] = [];
  for (const row of rows.results) if (await leadCarriesAll(secret, s, row)) kept.push(row);
  // Leads moved to R2 after their delivery window, found by the markers of the fingerprints (a
  // subject named only by name and zip finds hot leads only: moved leads are filed by contact).
  if (archive) {
    const hot = new Set(kept.map((l) => l.id));
    for (const row of await archivedLeadsOf(archive, { phone: s.phoneFingerprint, email: s.emailFingerprint }))
      if (!hot.has(row.id) && (await leadCarriesAll(secret, s, row))) kept.push(row);
  }
  return kept;
}

export interface RequestRow {
  id: string;
  created_at: string;
  brand: string;
  kind: string;
  email_fingerprint: string | null;
  phone_fingerprint: string | null;
  [column: string]: unknown;
}

/**
 * The subject's do-not-sell requests, by the same rule: a request is theirs when it carries
 * every contact identifier given (a request names no person, so a name-only subject has none).
 * Rows not yet converted to fingerprints are compared by their raw values.
 */
export async function requestsOf(db: D1Database, secret: string, s: Subject): Promise<RequestRow[]> {
  if (!s.phone && !s.email) return [];
  const rows = await db
    .prepare(
      `SELECT * FROM privacy_requests WHERE phone_fingerprint = ?1 OR email_fingerprint = ?2 OR phone = ?3 OR email = ?4`,
    )
    .bind(s.phoneFingerprint, s.emailFingerprint, s.phone, s.email)
    .all<RequestRow & { email: string | null; phone: string | null }>();
  const kept: RequestRow[] = [];
  for (const row of rows.results) {
    const phone = row.phone_fingerprint ?? (await contactFingerprint(secret, 'phone', row.phone));
    const email = row.email_fingerprint ?? (await contactFingerprint(secret, 'email', row.email));
    if (s.phone && phone !== s.phoneFingerprint) continue;
    if (s.email && email !== s.emailFingerprint) continue;
    kept.push(row);
  }
  return kept;
}
