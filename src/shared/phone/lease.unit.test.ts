import { describe, expect, it } from 'vitest';
import { DEFAULT_PHONE_LEASE_MS, defaultLease, displayPhone, phoneLeaseSchema } from './lease';

const now = new Date('2025-06-10T18:00:00.000Z');
const lease = { value: '18335551234', expirationDate: '2025-06-10T18:05:00.000Z' };

describe('displayPhone (spec section 4)', () => {
  it('shows the leased number while its expiration is in the future', () => {
    expect(displayPhone(lease, '18005550101', now)).toEqual({
      digits: '18335551234',
      display: '1-833-555-1234',
      href: 'tel:+18335551234',
      leased: true,
    });
  });

  it('shows the default number once the lease expired, and at the exact expiry instant', () => {
    expect(displayPhone(lease, '18005550101', new Date('2025-06-10T18:05:00.001Z')).digits).toBe('18005550101');
    const atExpiry = displayPhone(lease, '18005550101', new Date('2025-06-10T18:05:00.000Z'));
    expect(atExpiry).toEqual({
      digits: '18005550101',
      display: '1-800-555-0101',
      href: 'tel:+18005550101',
      leased: false,
    });
  });

  it('shows the default number with no lease or an unreadable date', () => {
    expect(displayPhone(null, '18005550101', now).leased).toBe(false);
    expect(displayPhone(undefined, '18005550101', now).display).toBe('1-800-555-0101');
    expect(displayPhone({ value: '18335551234', expirationDate: 'soon' }, '18005550101', now).leased).toBe(false);
  });
});

describe('phone lease record', () => {
  it('accepts digits with country prefix and an ISO date, rejects the rest', () => {
    expect(phoneLeaseSchema.safeParse(lease).success).toBe(true);
    expect(phoneLeaseSchema.safeParse({ ...lease, value: '833-555-1234' }).success).toBe(false);
    expect(phoneLeaseSchema.safeParse({ ...lease, value: '8335551234' }).success).toBe(false);
    expect(phoneLeaseSchema.safeParse({ ...lease, expirationDate: 'tomorrow' }).success).toBe(false);
  });

  it('makes a default lease that expires in one day (spec section 7.2)', () => {
    const made = defaultLease('18005550101', now);
    expect(made).toEqual({ value: '18005550101', expirationDate: '2025-06-11T18:00:00.000Z' });
    expect(DEFAULT_PHONE_LEASE_MS).toBe(86_400_000);
  });
});
