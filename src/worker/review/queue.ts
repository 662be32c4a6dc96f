/**
 * The review queue: every withheld lead and every lead an operator reviewed, newest first, with
 * the evidence the decision was made on (trust verdict, reasons and signals, why it was withheld)
 * and the review. Like every operator page, it shows nothing personal: no name, contact, address,
 * answers, ip or user agent (the privacy export is the one place those are shown, on request).
 */
import { z } from 'zod';

/** The columns a review reads of a lead: the listing's and the release rules'. */
export interface ReviewLeadRow {
  id: string;
  created_at: string;
  brand: string;
  product: string;
  page: string;
  form: string;
  visitor_id: string;
  visitor_object: string | null;
  submission_id: string;
  status: string | null;
  delivery: string | null;
  withheld_reasons: string | null;
  duplicate_of: string | null;
  trust_verdict: string | null;
  trust_reasons: string | null;
  trust_signals: string | null;
  turnstile: string | null;
  gpc: number | null;
  consent_version: string | null;
  consent_sha256: string | null;
  consent_sellers: string | null;
  certificate_id: string | null;
  phone_fingerprint: string | null;
  email_fingerprint: string | null;
  values: string;
}

export interface ReviewRow {
  lead_id: string;
  action: 'released' | 'rejected';
  reviewer: string;
  at: string;
  overrode: string | null;
  recipients: string | null;
  certificate_id: string | null;
  statement: string | null;
}

const LEAD_COLUMNS = `id, created_at, brand, product, page, form, visitor_id, visitor_object, submission_id, status, delivery,
  withheld_reasons, duplicate_of, trust_verdict, trust_reasons, trust_signals, turnstile, gpc, consent_version,
  consent_sha256, consent_sellers, certificate_id, phone_fingerprint, email_fingerprint, "values"`;

export async function reviewLead(db: D1Database, id: string): Promise<ReviewLeadRow | null> {
  return db.prepare(`SELECT ${LEAD_COLUMNS} FROM leads WHERE id = ?`).bind(id).first<ReviewLeadRow>();
}

export async function reviewOf(db: D1Database, leadId: string): Promise<ReviewRow | null> {
  return db.prepare('SELECT * FROM lead_reviews WHERE lead_id = ?').bind(leadId).first<ReviewRow>();
}

export const queueFiltersSchema = z.strictObject({
  state: z.enum(['pending', 'released', 'rejected', 'all']).default('pending'),
  brand: z
    .string()
    .regex(/^[a-z0-9]{1,16}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  format: z.enum(['json', 'html']).optional(),
});
export type QueueFilters = z.infer<typeof queueFiltersSchema>;

/** One lead of the queue as the operator sees it (JSON and the page alike). */
export interface QueueEntry {
  id: string;
  created_at: string;
  brand: string;
  product: string;
  page: string;
  status: string | null;
  delivery: string | null;
  withheld_reasons: string[];
  duplicate_of: string | null;
  trust: { verdict: string | null; reasons: string[]; signals: unknown; turnstile: string | null };
  certificate_id: string | null;
  review: {
    action: 'released' | 'rejected';
    by: string;
    at: string;
    overrode: string[];
    recipients: { id: string; name: string; kind: string }[];
    statement: string | null;
  } | null;
}

function json(text: string | null): unknown {
  try {
    return JSON.parse(text ?? 'null') as unknown;
  } catch {
    return null;
  }
}
const strings = (text: string | null): string[] => {
  const value = json(text);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
};
const recipientSchema = z.array(z.object({ id: z.string(), name: z.string(), kind: z.string() }));

type ListedRow = Omit<ReviewLeadRow, 'values' | 'visitor_id' | 'visitor_object' | 'submission_id'> & {
  r_action: 'released' | 'rejected' | null;
  r_reviewer: string | null;
  r_at: string | null;
  r_overrode: string | null;
  r_recipients: string | null;
  r_statement: string | null;
};

const STATE_WHERE: Record<QueueFilters['state'], string> = {
  pending: `l.delivery = 'withheld' AND r.lead_id IS NULL`,
  released: `r.action = 'released'`,
  rejected: `r.action = 'rejected'`,
  all: `(l.delivery = 'withheld' OR r.lead_id IS NOT NULL)`,
};

export async function loadQueue(db: D1Database, filters: QueueFilters): Promise<QueueEntry[]> {
  const rows = await db
    .prepare(
      `SELECT l.id, l.created_at, l.brand, l.product, l.page, l.form, l.status, l.delivery, l.withheld_reasons,
              l.duplicate_of, l.trust_verdict, l.trust_reasons, l.trust_signals, l.turnstile, l.gpc, l.consent_version,
              l.consent_sha256, l.consent_sellers, l.certificate_id, l.phone_fingerprint, l.email_fingerprint,
              r.action AS r_action, r.reviewer AS r_reviewer, r.at AS r_at, r.overrode AS r_overrode,
              r.recipients AS r_recipients, r.statement AS r_statement
       FROM leads l LEFT JOIN lead_reviews r ON r.lead_id = l.id
       WHERE ${STATE_WHERE[filters.state]} AND (?1 IS NULL OR l.brand = ?1)
       ORDER BY l.created_at DESC LIMIT ?2`,
    )
    .bind(filters.brand ?? null, filters.limit)
    .all<ListedRow>();
  return rows.results.map((row) => {
    const recipients = recipientSchema.safeParse(json(row.r_recipients));
    return {
      id: row.id,
      created_at: row.created_at,
      brand: row.brand,
      product: row.product,
      page: row.page,
      status: row.status,
      delivery: row.delivery,
      withheld_reasons: strings(row.withheld_reasons),
      duplicate_of: row.duplicate_of,
      trust: {
        verdict: row.trust_verdict,
        reasons: strings(row.trust_reasons),
        signals: json(row.trust_signals),
        turnstile: row.turnstile,
      },
      certificate_id: row.certificate_id,
      review:
        row.r_action && row.r_reviewer && row.r_at
          ? {
              action: row.r_action,
              by: row.r_reviewer,
              at: row.r_at,
              overrode: strings(row.r_overrode),
              recipients: recipients.success ? recipients.data : [],
              statement: row.r_statement,
            }
          : null,
    };
  });
}
