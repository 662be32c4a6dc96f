/**
 * Hashes of a lead's contact values: what the certificate carries instead of the values, and
 * what privacy requests match on after retention cleared the values. Phone: the ten US digits
 * as E.164 (+1 and ten digits); email: trimmed and lower-cased. These are the normalisations ad
 * and lead platforms hash with, so a buyer can match their own copy of the lead.
 */
import { sha256Hex } from '../../shared/consent';

export function normalisePhone(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^\d{10}$/.test(national) ? national : null;
}

export function normaliseEmail(email: string): string | null {
  const value = email.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+$/.test(value) ? value : null;
}

export async function phoneSha256(phone: unknown): Promise<string | null> {
  const normal = typeof phone === 'string' ? normalisePhone(phone) : null;
  return normal ? sha256Hex(`+1${normal}`) : null;
}

export async function emailSha256(email: unknown): Promise<string | null> {
  const normal = typeof email === 'string' ? normaliseEmail(email) : null;
  return normal ? sha256Hex(normal) : null;
}

/** The contact fields of a lead's values, whichever form wrote them. */
export function leadContact(values: Record<string, unknown>): { phone: unknown; email: unknown } {
  return { phone: values.phone ?? values.driver1Phone, email: values.email ?? values.driver1Email };
}
