import { z } from 'zod';
import { formatPhone, phoneDigits, phoneHref } from './format';

/**
 * Spec section 3: the phone-number record. `value` is digits with the country prefix
 * (18335551234); `expirationDate` is an ISO timestamp. Stored in the visitor's Durable
 * Object under 'phone-lease' and shown while it is in the future.
 */
export const phoneLeaseSchema = z.object({
  value: z.string().regex(/^\d{11,15}$/, 'digits with country prefix'),
  expirationDate: z.iso.datetime({ offset: true }),
});
export type PhoneLease = z.infer<typeof phoneLeaseSchema>;

/** What a page shows: the same shape as PageProps['phone']. */
export interface PhoneDisplay {
  digits: string;
  display: string;
  href: string;
  leased: boolean;
}

export function isLeaseActive(lease: PhoneLease | null | undefined, now: Date): lease is PhoneLease {
  if (!lease) return false;
  const expires = Date.parse(lease.expirationDate);
  return Number.isFinite(expires) && expires > now.getTime();
}

/** Spec section 4: the leased number while its expiration is in the future, otherwise the default. */
export function displayPhone(
  lease: PhoneLease | null | undefined,
  defaultDigits: string,
  now: Date = new Date(),
): PhoneDisplay {
  const leased = isLeaseActive(lease, now);
  const digits = phoneDigits(leased ? lease.value : defaultDigits);
  return { digits, display: formatPhone(digits), href: phoneHref(digits), leased };
}

/** Spec section 7.2: with no placement the default number is used, expiring in 1 day. */
export const DEFAULT_PHONE_LEASE_MS = 24 * 60 * 60 * 1000;

export function defaultLease(defaultDigits: string, now: Date, lifetimeMs = DEFAULT_PHONE_LEASE_MS): PhoneLease {
  return { value: phoneDigits(defaultDigits), expirationDate: new Date(now.getTime() + lifetimeMs).toISOString() };
}

/**
 * What a page sends its browser about the number, so every call button reads one
 * source: the number shown, the default it falls back to, and the lease's remaining lifetime
 * (a duration, because the visitor's clock may be wrong).
 */
export function phoneSeed(
  lease: PhoneLease | null | undefined,
  defaultDigits: string,
  now: Date = new Date(),
): { phone: PhoneDisplay; fallback: PhoneDisplay; expiresInMs: number | null } {
  const phone = displayPhone(lease, defaultDigits, now);
  const fallback = displayPhone(null, defaultDigits, now);
  const expiresInMs = phone.leased && lease ? Math.max(0, Date.parse(lease.expirationDate) - now.getTime()) : null;
  return { phone, fallback, expiresInMs };
}
