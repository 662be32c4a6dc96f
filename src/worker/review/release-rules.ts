/**
 * A withheld lead the operator wants released, judged again by every rule of the final step
 * but the trust verdict, which is what the operator overrides (the person behind a suspect lead
 * may be real; nothing else the rules protect is the operator's to waive):
 *  - complete      a partial lead lacks steps, consent or its token; it was never certified
 *  - duplicate     the same person's lead of the product was delivered already (now, not only then)
 *  - opted_out     GPC or the opt-out on the visitor, or a do-not-sell request for this contact
 *  - consent       the lead carries the disclosure the visitor agreed to
 *  - no_recipient  a company the consent names that receives leads by delivery (MediaAlpha's
 *                  share travels only with the visitor's phone lease, long past)
 * The first rule broken is the answer; nothing is changed then.
 */
import { brandByCode, productSchema } from '../../../brands';
import type { SellerChoice } from '../../shared/consent';
import { leadContact } from '../consent/contact-hash';
import { doNotSellRequested } from '../consent/do-not-sell';
import { recipientsFor, type Recipient } from '../funnel/delivery-decision';
import { earlierLeadOfPerson } from '../funnel/same-person';
import type { ReviewLeadRow } from './queue';

export type ReleaseRule = 'complete' | 'duplicate' | 'opted_out' | 'consent' | 'no_recipient';

export type ReleaseJudgement =
  { ok: true; recipients: Recipient[] } | { ok: false; rule: ReleaseRule; status: 409 | 422; message: string };

type ReleaseEnv = Pick<Env, 'DB' | 'LEAD_HASH_SALT' | 'LEAD_DUPLICATE_WINDOW_DAYS' | 'VISITOR'>;

function parsed(text: string | null): unknown {
  try {
    return JSON.parse(text ?? 'null') as unknown;
  } catch {
    return null;
  }
}

function sellersOf(row: ReviewLeadRow): SellerChoice[] | null {
  const value = parsed(row.consent_sellers);
  if (!Array.isArray(value)) return null;
  return value.flatMap((s: unknown) => {
    if (typeof s !== 'object' || s === null) return [];
    const { id, name, accepted } = s as Record<string, unknown>;
    return typeof id === 'string' && typeof name === 'string' && typeof accepted === 'boolean'
      ? [{ id, name, accepted }]
      : [];
  });
}

const refuse = (rule: ReleaseRule, status: 409 | 422, message: string): ReleaseJudgement => ({
  ok: false,
  rule,
  status,
  message,
});

/** Whether the visitor's own Durable Object holds an opt-out; fails closed, as the final step does. */
async function visitorOptedOut(env: ReleaseEnv, objectHex: string | null): Promise<boolean> {
  if (!objectHex) return false;
  try {
    return await env.VISITOR.get(env.VISITOR.idFromString(objectHex)).isOptedOut();
  } catch {
    return true;
  }
}

export async function judgeRelease(env: ReleaseEnv, row: ReviewLeadRow): Promise<ReleaseJudgement> {
  const stored = parsed(row.withheld_reasons);
  const withheld = Array.isArray(stored) ? stored : [];
  if (row.status === 'duplicate' || row.duplicate_of !== null || withheld.includes('duplicate'))
    return refuse('duplicate', 409, `The same person's lead was delivered already (${row.duplicate_of ?? 'earlier'})`);
  if (row.status !== 'complete' || withheld.includes('partial'))
    return refuse('complete', 422, 'The lead is partial: it lacks a step, the consent or its quote token');
  const values = parsed(row.values);
  const contact = leadContact(typeof values === 'object' && values !== null ? (values as Record<string, unknown>) : {});
  if (
    row.gpc === 1 ||
    withheld.includes('opted_out') ||
    (await visitorOptedOut(env, row.visitor_object)) ||
    (await doNotSellRequested(env, contact, row.visitor_id))
  )
    return refuse('opted_out', 409, 'The visitor opted out (Global Privacy Control or a do-not-sell request)');
  const earlier = await earlierLeadOfPerson(env, {
    id: row.id,
    product: row.product,
    phoneFingerprint: row.phone_fingerprint,
    emailFingerprint: row.email_fingerprint,
  });
  if (earlier !== null)
    return refuse('duplicate', 409, `The same person's lead ${earlier} has been delivered since; this one is not`);
  if (!row.consent_version || !row.consent_sha256)
    return refuse('consent', 422, 'The lead carries no consent disclosure to deliver it under');
  const brand = brandByCode(row.brand);
  const product = productSchema.safeParse(row.product);
  const recipients =
    brand && product.success
      ? recipientsFor(brand, product.data, sellersOf(row)).filter((r) => r.kind !== 'mediaalpha')
      : [];
  if (recipients.length === 0)
    return refuse('no_recipient', 422, 'No company the visitor consented to receives leads by delivery');
  return { ok: true, recipients };
}
