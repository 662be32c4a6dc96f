import { normaliseEmail, normalisePhone } from '../consent/contact-hash';

/** The columns of a `leads` row the consumer sends from. */
export interface LeadRow {
  submission_id: string;
  visitor_id: string;
  product: string;
  values: string;
  page_url: string | null;
  ip: string | null;
  user_agent: string | null;
  consent_version: string | null;
  gpc: number | null;
  ad_sharing: string | null;
  created_at: string;
}

/** The lead's email and phone, normalised for hashing (null when absent or invalid). */
export function contactOf(valuesText: string): { email: string | null; phone: string | null } {
  try {
    const values: unknown = JSON.parse(valuesText);
    if (typeof values !== 'object' || values === null) return { email: null, phone: null };
    // Medicare and life leads name them email and phone; auto leads, the first driver's.
    const email: unknown = Reflect.get(values, 'email') ?? Reflect.get(values, 'driver1Email');
    const phone: unknown = Reflect.get(values, 'phone') ?? Reflect.get(values, 'driver1Phone');
    return {
      email: typeof email === 'string' ? normaliseEmail(email) : null,
      phone: typeof phone === 'string' ? normalisePhone(phone) : null,
    };
  } catch {
    return { email: null, phone: null };
  }
}
