/**
 * A completed lead into D1 `leads` (migrations/0002_leads.sql) with its consent proof. The
 * insert is idempotent on (visitor, form, submission id), so the Worker writes it on every
 * accepted final submit, including a retry whose first attempt stored the values but failed
 * before the lead was written: an operator never loses a lead and never sees one twice.
 */
import type { Product } from '../../../brands/schema';
import { consentDisclosure, sha256Hex } from '../../shared/consent';
import { parseLeadValues } from '../../shared/lead';
import type { FormValues } from '../../shared/json';
import type { Language } from '../../routes/schema';

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
  now?: Date;
}

export async function recordLead(db: D1Database, lead: LeadRecord): Promise<void> {
  const at = (lead.now ?? new Date()).toISOString();
  const disclosure = lead.consentVersion ? consentDisclosure(lead.consentVersion, lead.language, lead.brand.name) : undefined;
  const hash = disclosure ? await sha256Hex(disclosure.text) : null;
  await db
    .prepare(
      `INSERT OR IGNORE INTO leads (id, created_at, brand, page, form, product, smid, xsmid, session_id, paid, visitor_id, submission_id, "values",
        consent_version, consent_sha256, consent_text_language, consent_at, ip, user_agent, page_url, quote_token_valid, quote_token_check)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      crypto.randomUUID(),
      at,
      lead.brand.id,
      lead.page,
      lead.form,
      lead.product,
      lead.smid,
      lead.xsmid,
      lead.sessionId,
      lead.paid === null ? null : lead.paid ? 1 : 0,
      lead.visitorId,
      lead.submissionId,
      JSON.stringify(parseLeadValues(lead.product, lead.values)),
      disclosure?.version ?? null,
      hash,
      disclosure?.language ?? null,
      disclosure ? at : null,
      lead.ip,
      lead.userAgent,
      lead.pageUrl.slice(0, 2048),
      lead.quoteToken.valid ? 1 : 0,
      lead.quoteToken.check,
    )
    .run();
}
