/**
 * An operator's review, written once per lead. A release is one D1 batch (one transaction): the
 * review row (its primary key makes a second review of the lead fail, so two releases at once
 * deliver once) and the lead's delivery decision, changed only while it still says `withheld`.
 * The lead's certificate is not touched: it attests what the visitor consented to and what became
 * of the lead at that moment, and is signed once. The release is its own signed statement, with
 * the same key, naming the certificate it follows and the companies that now receive the lead.
 * The batch also claims the person's first lead for it (funnel/same-person.ts), as a delivery does.
 */
import { signJws } from '../consent/jws';
import { signingKey } from '../consent/signing-key';
import { claimStatements } from '../funnel/same-person';
import type { Recipient } from '../lead-delivery/recipient';
import type { ReviewLeadRow } from './queue';

export interface ReleaseStatement {
  type: 'lead-release';
  lead_id: string;
  certificate_id: string | null;
  released_at: string;
  /** The withheld reasons the operator set aside (only ever the trust verdict). */
  overrode: string[];
  /** Who receives the lead's personal data under the consent the certificate attests. */
  recipients: { id: string; name: string }[];
}

/** The release, signed with the certificate key (null without one, as a lead without a certificate). */
async function signedStatement(env: Pick<Env, 'LEAD_CERTIFICATE_KEY'>, statement: ReleaseStatement) {
  const key = await signingKey(env.LEAD_CERTIFICATE_KEY);
  return key ? signJws(key, statement) : null;
}

export class AlreadyReviewed extends Error {
  override name = 'AlreadyReviewed';
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed|SQLITE_CONSTRAINT/i.test(error.message);
}

export async function recordRelease(
  env: Pick<Env, 'DB' | 'LEAD_CERTIFICATE_KEY' | 'LEAD_DUPLICATE_WINDOW_DAYS'>,
  row: ReviewLeadRow,
  input: { by: string; overrode: string[]; recipients: Recipient[]; now?: Date },
): Promise<{ at: string; statement: string | null }> {
  const now = input.now ?? new Date();
  const at = now.toISOString();
  const named = input.recipients.map((r) => ({ id: r.id, name: r.name }));
  const statement = await signedStatement(env, {
    type: 'lead-release',
    lead_id: row.id,
    certificate_id: row.certificate_id,
    released_at: at,
    overrode: input.overrode,
    recipients: named,
  });
  try {
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO lead_reviews (lead_id, action, reviewer, at, overrode, recipients, certificate_id, statement)
         VALUES (?, 'released', ?, ?, ?, ?, ?, ?)`,
      ).bind(
        row.id,
        input.by,
        at,
        JSON.stringify(input.overrode),
        JSON.stringify(input.recipients.map((r) => ({ id: r.id, name: r.name, kind: r.kind }))),
        row.certificate_id,
        statement,
      ),
      env.DB.prepare(
        `UPDATE leads SET delivery = 'delivered', recipients = ? WHERE id = ? AND delivery = 'withheld'`,
      ).bind(JSON.stringify(input.recipients.map((r) => ({ id: r.id, name: r.name, kind: r.kind }))), row.id),
      // A released lead is delivered, so it claims its person's first lead as the final step does:
      // the claim is what keeps it in the duplicate window once it has moved to R2 (same-person.ts).
      ...claimStatements(
        env,
        {
          id: row.id,
          product: row.product,
          phoneFingerprint: row.phone_fingerprint,
          emailFingerprint: row.email_fingerprint,
        },
        now,
        true,
      ),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AlreadyReviewed();
    throw error;
  }
  return { at, statement };
}

export async function recordRejection(
  db: D1Database,
  row: ReviewLeadRow,
  input: { by: string; now?: Date },
): Promise<{ at: string }> {
  const at = (input.now ?? new Date()).toISOString();
  try {
    await db
      .prepare(
        `INSERT INTO lead_reviews (lead_id, action, reviewer, at, certificate_id) VALUES (?, 'rejected', ?, ?, ?)`,
      )
      .bind(row.id, input.by, at, row.certificate_id)
      .run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AlreadyReviewed();
    throw error;
  }
  return { at };
}
