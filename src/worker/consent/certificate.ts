/**
 * Signed lead certificates. When a visitor gives consent on a final submit (never for Skip, a
 * stale disclosure or a Medicare submit with no company ticked), the Worker signs what they
 * consented to, when, where, under which disclosures and partner list, what became of the lead
 * (status, verdict, who receives it), as a compact JWS with the LEAD_CERTIFICATE_KEY (Ed25519).
 * No personal data: the contact appears only as keyed fingerprints (HMAC under the operator's
 * secret), which only the Worker can compare (POST /certificates/{id}/match) and which a
 * deletion removes from what can be matched. Idempotent per lead.
 */
import type { Language } from '../../routes/schema';
import { consentDisclosure, sha256Hex, visibleConsent, type SellerChoice } from '../../shared/consent';
import { catalogInsert } from './catalog';
import { contactFingerprint, leadContact } from './contact-hash';
import { signJws } from './jws';
import { publicJwkSchema, signingKey, type PublicJwk } from './signing-key';
import { logJson } from '../observability/log';
import type { StepEvidence } from './page-evidence';

export interface CertificatePayload {
  certificate_id: string;
  lead_id: string;
  brand: { id: string; name: string };
  page_url: string | null;
  created_at: string;
  issued_at: string;
  consent: { version: string; language: string; sha256: string } | null;
  /** Labels of the fields on the final (consent) step, in the page language. */
  fields: string[];
  steps: { step: string; at: string }[];
  gpc: boolean;
  contact: { phone_fingerprint: string | null; email_fingerprint: string | null };
  /** The lead as it stood when signed: complete or duplicate, after a submit. */
  lead_status: string;
  action: 'submit';
  trust?: unknown;
  /** Medicare: every company shown, and which the visitor ticked. */
  sellers?: { id: string; name: string; accepted: boolean }[];
  /** Who receives the lead's personal data under this consent (none when it is withheld). */
  recipients: { id: string; name: string }[];
  /** The partner list the consent relied on (auto, life: the /partners page; Medicare: the companies offered). */
  partner_list: { version: string; sha256: string };
  disclaimer_version?: string;
  /** The call-back time the visitor asked for (ISO), when they chose one: what the companies were asked to honour. */
  callback_at?: string;
  /**
   * What the consent step showed without a tap (absent on certificates issued before it was
   * recorded): the version, the SHA-256 of the visible text, whether that was the whole attested
   * text (`consent.sha256`) or only a summary line, and whether the visitor opened the <details>
   * of the step (`not_measured` without JavaScript).
   */
  shown?: {
    version: string;
    visible_sha256: string;
    attested_in_view: boolean;
    full_text_opened: boolean | 'not_measured';
  };
  /** The consent step as served (its snapshot's hash) and as measured in the browser: page-evidence.ts. */
  page?: StepEvidence['page'];
  visibility?: StepEvidence['visibility'];
  /**
   * The ad-sharing box of the step (absent where the step had none): the visitor's answer and the
   * label they answered, with its SHA-256, as shown next to the consent.
   */
  ad_sharing?: { choice: 'yes' | 'no'; label: string; label_sha256: string };
}

export interface CertifyInput {
  visitorId: string;
  /** The visitor's Durable Object id (hex), kept on the lead for privacy requests. */
  visitorObject: string | null;
  form: string;
  submissionId: string;
  brand: { id: string; name: string };
  language: Language;
  /** Labels of the final step's fields in the page language. */
  fieldLabels: string[];
  steps: { step: string; at: string }[];
  gpc: boolean;
  /** Medicare: the entities shown, each accepted or not; null for other products. */
  sellers: SellerChoice[] | null;
  /** Medicare: the TPMO disclaimer version shown. */
  disclaimerVersion: string | null;
  /** The lead's trust verdict at signing. */
  trust?: unknown;
  /** The lead's status at signing. */
  status: string;
  recipients: { id: string; name: string }[];
  partnerList: { version: string; sha256: string };
  /** LEAD_HASH_SALT: the key of the contact fingerprints. */
  fingerprintSecret: string;
  /** Whether the consent's <details> was opened (absent: not measured). */
  fullTextOpened?: boolean | 'not_measured';
  /** The snapshot and visibility evidence of the consent step, judged (page-evidence.ts). */
  evidence?: StepEvidence;
  /** The ad-sharing box's answer and its label as shown (absent: no box on the step). */
  adSharing?: { choice: 'yes' | 'no'; label: string };
  now?: Date;
}

interface LeadRow {
  id: string;
  created_at: string;
  page_url: string | null;
  consent_version: string | null;
  consent_sha256: string | null;
  consent_text_language: string | null;
  values: string;
  certificate_id: string | null;
}

function parseValues(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Issues the certificate of the lead (visitor, form, submission), stores it and links it from
 * the lead row with the consent details the row lacked (gpc, sellers, disclaimer version,
 * contact hashes). Returns the certificate id, or null when no key is configured or the lead
 * is not there. Never throws: the lead is already stored and must not be lost over this.
 */
export async function certifyLead(env: Env, input: CertifyInput): Promise<string | null> {
  try {
    const db = env.DB;
    const lead = await db
      .prepare(
        'SELECT id, created_at, page_url, consent_version, consent_sha256, consent_text_language, "values", certificate_id FROM leads WHERE visitor_id = ? AND form = ? AND submission_id = ?',
      )
      .bind(input.visitorId, input.form, input.submissionId)
      .first<LeadRow>();
    if (!lead) return null;
    if (lead.certificate_id) return lead.certificate_id;
    const key = await signingKey(env.LEAD_CERTIFICATE_KEY);
    const now = input.now ?? new Date();
    const values = parseValues(lead.values);
    const contact = leadContact(values);
    const [phoneHash, emailHash] = await Promise.all([
      contactFingerprint(input.fingerprintSecret, 'phone', contact.phone),
      contactFingerprint(input.fingerprintSecret, 'email', contact.email),
    ]);
    const sellers = input.sellers ? JSON.stringify(input.sellers) : null;
    const statements: D1PreparedStatement[] = [];
    // The text behind the lead's hash goes into the catalog with the lead (idempotent).
    const disclosure = lead.consent_version
      ? consentDisclosure(
          lead.consent_version,
          (lead.consent_text_language ?? input.language) as Language,
          input.brand.name,
        )
      : undefined;
    if (disclosure && lead.consent_sha256) statements.push(catalogInsert(db, lead.consent_sha256, disclosure, now));
    const visible = disclosure ? visibleConsent(disclosure) : undefined;
    const shown =
      disclosure && visible
        ? {
            version: disclosure.version,
            visible_sha256: await sha256Hex(visible.text),
            attested_in_view: visible.attestedInView,
            full_text_opened: input.fullTextOpened ?? ('not_measured' as const),
          }
        : undefined;
    const update = (certificateId: string | null) =>
      db
        .prepare(
          'UPDATE leads SET certificate_id = ?, gpc = ?, consent_sellers = ?, tpmo_version = ?, visitor_object = ? WHERE id = ? AND certificate_id IS NULL',
        )
        .bind(certificateId, input.gpc ? 1 : 0, sellers, input.disclaimerVersion, input.visitorObject, lead.id);
    if (!key) {
      logJson('error', 'LEAD_CERTIFICATE_KEY is not set or invalid; lead stored without a certificate', {
        where: 'consent.certificate',
      });
      statements.push(update(null));
      await db.batch(statements);
      return null;
    }
    const id = crypto.randomUUID();
    const payload: CertificatePayload = {
      certificate_id: id,
      lead_id: lead.id,
      brand: input.brand,
      page_url: lead.page_url,
      created_at: lead.created_at,
      issued_at: now.toISOString(),
      consent:
        lead.consent_version && lead.consent_sha256
          ? {
              version: lead.consent_version,
              language: lead.consent_text_language ?? input.language,
              sha256: lead.consent_sha256,
            }
          : null,
      fields: input.fieldLabels,
      steps: input.steps,
      gpc: input.gpc,
      contact: { phone_fingerprint: phoneHash, email_fingerprint: emailHash },
      lead_status: input.status,
      action: 'submit',
      ...(input.trust !== undefined ? { trust: input.trust } : {}),
      ...(input.sellers
        ? { sellers: input.sellers.map((s) => ({ id: s.id, name: s.name, accepted: s.accepted })) }
        : {}),
      recipients: input.recipients,
      partner_list: input.partnerList,
      ...(input.disclaimerVersion ? { disclaimer_version: input.disclaimerVersion } : {}),
      ...(typeof values.callbackAt === 'string' ? { callback_at: values.callbackAt } : {}),
      ...(shown ? { shown } : {}),
      ...(input.evidence ? { page: input.evidence.page, visibility: input.evidence.visibility } : {}),
      ...(input.adSharing
        ? {
            ad_sharing: {
              choice: input.adSharing.choice,
              label: input.adSharing.label,
              label_sha256: await sha256Hex(input.adSharing.label),
            },
          }
        : {}),
    };
    const jws = await signJws(key, payload);
    statements.push(
      db
        .prepare('INSERT OR IGNORE INTO certificate_keys (kid, public_jwk, first_used_at) VALUES (?, ?, ?)')
        .bind(key.kid, JSON.stringify(key.publicJwk), now.toISOString()),
      db
        .prepare(
          'INSERT OR IGNORE INTO lead_certificates (id, lead_id, brand, kid, jws, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .bind(id, lead.id, input.brand.id, key.kid, jws, now.toISOString()),
      // Queued for the public log with the certificate itself (src/worker/lead-log/): none is missed.
      db
        .prepare('INSERT OR IGNORE INTO lead_log_pending (certificate_id, created_at) VALUES (?, ?)')
        .bind(id, now.toISOString()),
      update(id),
    );
    await db.batch(statements);
    // A concurrent duplicate submit may have won: the row names the certificate that counts.
    const stored = await db
      .prepare('SELECT certificate_id FROM leads WHERE id = ?')
      .bind(lead.id)
      .first<{ certificate_id: string | null }>();
    return stored?.certificate_id ?? null;
  } catch (error) {
    logJson('error', 'lead certificate not issued', {
      where: 'consent.certificate',
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}

export async function certificateJws(db: D1Database, id: string): Promise<string | null> {
  const row = await db.prepare('SELECT jws FROM lead_certificates WHERE id = ?').bind(id).first<{ jws: string }>();
  return row?.jws ?? null;
}

/** The published keys: the current signing key and every key that ever signed a certificate. */
export async function publishedKeys(env: Env): Promise<PublicJwk[]> {
  const keys = new Map<string, PublicJwk>();
  const current = await signingKey(env.LEAD_CERTIFICATE_KEY);
  if (current) keys.set(current.kid, current.publicJwk);
  const rows = await env.DB.prepare('SELECT public_jwk FROM certificate_keys ORDER BY first_used_at').all<{
    public_jwk: string;
  }>();
  for (const row of rows.results) {
    try {
      const jwk = publicJwkSchema.safeParse(JSON.parse(row.public_jwk));
      if (jwk.success && !keys.has(jwk.data.kid)) keys.set(jwk.data.kid, jwk.data);
    } catch {
      // a row that is not a key is skipped, never published
    }
  }
  return [...keys.values()];
}
