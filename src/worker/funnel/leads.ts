/**
 * A lead into D1 `leads` (migrations/0002_leads.sql, 0005_lead_rules.sql) with its consent
 * proof and status (complete or partial, src/worker/funnel/lead-rules.ts). The same visitor
 * re-submitting the same form with the same phone within 24 hours updates the lead already
 * there (same id), whatever submission id the submit carries; without a phone the insert is
 * idempotent on (visitor, form, submission id). So a retried final submit, a double click or
 * fifteen resubmissions never make a second row. The same phone from other visitors is a
 * trust signal (src/worker/defence/), not a merge: one visitor cannot overwrite another's lead.
 */
import type { Product } from '../../../brands/schema';
import { consentDisclosure, sha256Hex } from '../../shared/consent';
import { parseLeadValues } from '../../shared/lead';
import type { FormValues } from '../../shared/json';
import type { Language } from '../../routes/schema';
import type { LeadStatus } from './lead-rules';

export interface LeadRecord {
  brand: { id: string; name: string };
  page: string;
  form: string;
  product: Product;
  smid: string | null;
  xsmid: string | null;
  sessionId: string | null;
  paid: boolean | null;
  visitorId: string;
  submissionId: string;
  values: FormValues;
  /** The disclosure version the page showed (posted back by the form), if any. */
  consentVersion: string | null;
  language: Language;
  ip: string | null;
  userAgent: string | null;
  /** The page address with personal query fields removed. */
  pageUrl: string;
  /** The quote token check (src/worker/funnel/lead-quote-token.ts): stored, never blocking. */
  quoteToken: { valid: boolean; check: string };
  /** Complete, or partial with its reasons (src/worker/funnel/lead-rules.ts). Complete when omitted. */
  status?: LeadStatus;
  partialReasons?: readonly string[];
  /** Submit or Skip on the consent step (null: the final step shows no consent). */
  consentAction?: 'submit' | 'skip' | null;
  /** The ad-sharing box's answer (null: no box on the step). */
  adSharing?: 'yes' | 'no' | null;
  /** Keyed fingerprints of the lead's phone and email (src/worker/consent/contact-hash.ts). */
  fingerprints?: { phone: string | null; email: string | null };
  now?: Date;
}

/** What recordLead did: the lead's id, whether this submit created it, and the lead's status now. */
export interface RecordedLead {
  id: string;
  created: boolean;
  status: LeadStatus;
}

/** Re-submitting the same form with the same phone within this window updates that lead. */
export const LEAD_DEDUPE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** SHA-256 of brand|form|phone digits, or null without a phone. */
export async function phoneKey(brand: string, form: string, values: Record<string, unknown>): Promise<string | null> {
  const phone = [values.phone, values.driver1Phone].find((v): v is string => typeof v === 'string' && v !== '');
  const digits = phone?.replace(/\D/g, '') ?? '';
  if (digits.length < 10) return null;
  return sha256Hex(`${brand}|${form}|${digits.slice(-10)}`);
}

/** Columns a resubmission replaces (unless it is partial and the stored lead is complete). */
const REPLACED = [
  'page',
  'session_id',
  'paid',
  'submission_id',
  '"values"',
  'consent_version',
  'consent_sha256',
  'consent_text_language',
  'consent_at',
  'ip',
  'user_agent',
  'page_url',
  'quote_token_valid',
  'quote_token_check',
  'partial_reasons',
  'consent_action',
  'ad_sharing',
  'phone_fingerprint',
  'email_fingerprint',
] as const;

export async function recordLead(db: D1Database, lead: LeadRecord): Promise<RecordedLead> {
  const now = lead.now ?? new Date();
  const at = now.toISOString();
  const since = new Date(now.getTime() - LEAD_DEDUPE_WINDOW_MS).toISOString();
  const disclosure = lead.consentVersion
    ? consentDisclosure(lead.consentVersion, lead.language, lead.brand.name)
    : undefined;
  const hash = disclosure ? await sha256Hex(disclosure.text) : null;
  const parsedValues = parseLeadValues(lead.product, lead.values);
  const key = await phoneKey(lead.brand.id, lead.form, parsedValues);
  const status = lead.status ?? 'complete';
  const reasons = status === 'partial' ? JSON.stringify(lead.partialReasons ?? []) : null;
  const id = crypto.randomUUID();
  const replaced = {
    page: lead.page,
    session_id: lead.sessionId,
    paid: lead.paid === null ? null : lead.paid ? 1 : 0,
    submission_id: lead.submissionId,
    '"values"': JSON.stringify(parsedValues),
    consent_version: disclosure?.version ?? null,
    consent_sha256: hash,
    consent_text_language: disclosure?.language ?? null,
    consent_at: disclosure ? at : null,
    ip: lead.ip,
    user_agent: lead.userAgent,
    page_url: lead.pageUrl.slice(0, 2048),
    quote_token_valid: lead.quoteToken.valid ? 1 : 0,
    quote_token_check: lead.quoteToken.check,
    partial_reasons: reasons,
    consent_action: lead.consentAction ?? null,
    ad_sharing: lead.adSharing ?? null,
    phone_fingerprint: lead.fingerprints?.phone ?? null,
    email_fingerprint: lead.fingerprints?.email ?? null,
  } satisfies Record<(typeof REPLACED)[number], unknown>;
  // The latest lead of this form and phone inside the window (none without a phone).
  const sameLead = `SELECT id FROM leads WHERE phone_key = ? AND visitor_id = ? AND created_at > ? ORDER BY created_at DESC LIMIT 1`;
  // One batch is one transaction: of 15 concurrent submits with one phone, one inserts and the rest update.
  const insert = db
    .prepare(
      `INSERT OR IGNORE INTO leads (id, created_at, updated_at, brand, form, product, smid, xsmid, visitor_id, status, phone_key, ${REPLACED.join(', ')})
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ${REPLACED.map(() => '?').join(', ')}
       WHERE NOT EXISTS (${sameLead.replace('SELECT id', 'SELECT 1')})`,
    )
    .bind(
      id,
      at,
      at,
      lead.brand.id,
      lead.form,
      lead.product,
      lead.smid,
      lead.xsmid,
      lead.visitorId,
      status,
      key,
      ...REPLACED.map((c) => replaced[c]),
      key,
      lead.visitorId,
      since,
    );
  // A partial resubmission never replaces a complete lead's values or consent proof.
  const replace = `(? = 'complete' OR status IS NOT 'complete')`;
  const update = db
    .prepare(
      `UPDATE leads SET submissions = submissions + 1, updated_at = ?,
         ${REPLACED.map((c) => `${c} = CASE WHEN ${replace} THEN ? ELSE ${c} END`).join(', ')},
         status = CASE WHEN ${replace} THEN ? ELSE status END
       WHERE id = (${sameLead}) AND id <> ?`,
    )
    .bind(at, ...REPLACED.flatMap((c) => [status, replaced[c]]), status, status, key, lead.visitorId, since, id);
  const [inserted] = await db.batch([insert, update]);
  if ((inserted?.meta.changes ?? 0) > 0) return { id, created: true, status };
  const row = await db
    .prepare(
      `SELECT id, status FROM leads WHERE visitor_id = ? AND ((phone_key = ? AND created_at > ?) OR (form = ? AND submission_id = ?)) ORDER BY created_at DESC LIMIT 1`,
    )
    .bind(lead.visitorId, key, since, lead.form, lead.submissionId)
    .first<{ id: string; status: string | null }>();
  const stored = row?.status === 'partial' || row?.status === 'duplicate' ? row.status : 'complete';
  return { id: row?.id ?? id, created: false, status: stored };
}
