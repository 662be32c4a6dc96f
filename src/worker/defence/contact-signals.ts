import blocklist from 'disposable-email-domains-js/dist/dict/disposable_email_blocklist.json';
import { contactFingerprint } from '../consent/contact-hash';
import type { FormValues } from '../../shared/json';
import { TRUST_THRESHOLDS } from './thresholds';

/**
 * Phone and email as trust signals without keeping them twice: keyed fingerprints (HMAC under
 * the LEAD_HASH_SALT secret) compared against other visitors' leads of the same product in the
 * last 24 h that were delivered, or verified by Turnstile and not judged bot, and the
 * email's domain against the disposable-domain list of disposable-email-domains-js (CC0,
 * maintained from the community list and updated with `npm update`).
 */
let disposable: Set<string> | undefined;

export function isDisposableDomain(domain: string): boolean {
  disposable ??= new Set(blocklist.map((d) => d.toLowerCase()));
  const name = domain.trim().toLowerCase().replace(/\.$/, '');
  if (disposable.has(name)) return true;
  // Subdomains of a listed domain (x.mailinator.com) are as disposable as the domain.
  const parts = name.split('.');
  for (let i = 1; i < parts.length - 1; i++) if (disposable.has(parts.slice(i).join('.'))) return true;
  return false;
}

/** The lead's phone (10 digits) and email (lower case), whichever form field holds them. */
export function contactOf(values: FormValues): { phone: string | null; email: string | null } {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  const phoneDigits = (text(values.phone) ?? text(values.driver1Phone))?.replace(/\D/g, '').slice(-10) ?? null;
  const email = (text(values.email) ?? text(values.driver1Email))?.toLowerCase() ?? null;
  return {
    phone: phoneDigits && phoneDigits.length === 10 ? phoneDigits : null,
    email: email && email.includes('@') ? email : null,
  };
}

export interface ContactSignals {
  phoneHash: string | null;
  emailHash: string | null;
  duplicatePhone: number;
  duplicateEmail: number;
  disposableEmail: boolean;
}

/**
 * Hashes, duplicates among other visitors' leads in the window, and the disposable-domain check.
 * A lead that names another counts only one that proved a person (delivered, or Turnstile passed
 * and not judged bot) for the same product: nothing an unverified visitor filed, and no other
 * product the person asked about, can withhold this person's lead.
 */
export async function contactSignals(
  db: D1Database,
  salt: string,
  lead: { values: FormValues; visitorId: string; product: string },
  now = new Date(),
): Promise<ContactSignals> {
  const { values } = lead;
  const { phone, email } = contactOf(values);
  const [phoneHash, emailHash] = await Promise.all([
    phone ? contactFingerprint(salt, 'phone', phone) : null,
    email ? contactFingerprint(salt, 'email', email) : null,
  ]);
  const since = new Date(now.getTime() - TRUST_THRESHOLDS.duplicateWindowHours * 3_600_000).toISOString();
  const count = async (column: 'phone_fingerprint' | 'email_fingerprint', hash: string | null): Promise<number> => {
    if (!hash) return 0;
    try {
      const row = await db
        .prepare(
          `SELECT COUNT(DISTINCT visitor_id) AS n FROM leads
           WHERE ${column} = ? AND product = ? AND created_at >= ? AND visitor_id != ?
             AND (delivery = 'delivered' OR (turnstile = 'passed' AND trust_verdict IS NOT 'bot'))`,
        )
        .bind(hash, lead.product, since, lead.visitorId)
        .first<{ n: number }>();
      return row?.n ?? 0;
    } catch {
      // D1 could not answer: no duplicates known (the one-person-one-lead check decides delivery).
      return 0;
    }
  };
  const [duplicatePhone, duplicateEmail] = await Promise.all([
    count('phone_fingerprint', phoneHash),
    count('email_fingerprint', emailHash),
  ]);
  const domain = email?.split('@')[1];
  return {
    phoneHash,
    emailHash,
    duplicatePhone,
    duplicateEmail,
    disposableEmail: domain ? isDisposableDomain(domain) : false,
  };
}
