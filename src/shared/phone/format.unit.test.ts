import { describe, expect, it } from 'vitest';
import { formatPhone, phoneDigits, phoneHref } from './format';

describe('phone formatting (spec section 4)', () => {
  it('groups one digit, then three, three and the rest, joined by dashes', () => {
    expect(formatPhone('18005550101')).toBe('1-800-555-0101');
    expect(formatPhone('18335551234')).toBe('1-833-555-1234');
  });

  it('ignores punctuation in the input', () => {
    expect(formatPhone('+1 (800) 555-0101')).toBe('1-800-555-0101');
    expect(phoneDigits('(800) 555-0101')).toBe('8005550101');
  });

  it('keeps the rest in the last group and skips empty groups', () => {
    expect(formatPhone('448005550101')).toBe('4-480-055-50101');
    expect(formatPhone('1800')).toBe('1-800');
    expect(formatPhone('')).toBe('');
  });

  it('links with a plus sign and digits only', () => {
    expect(phoneHref('18005550101')).toBe('tel:+18005550101');
    expect(phoneHref('1-800-555-0101')).toBe('tel:+18005550101');
  });
});
