import { describe, expect, it } from 'vitest';
import { redact, redactText } from '../../src/shared/redact';

/**
 * The one redaction every log line, error report and client-error report
 * passes through, against a corpus of real-looking personal values in the shapes they reach
 * logs (error messages, stack lines, browser reports, query strings).
 */
const CORPUS: [string, string][] = [
  ['email', 'could not send to ada.lovelace+quotes@example.co.uk, retry'],
  ['encoded email', 'GET /get-yours-otc?email=ada%40example.com&gclid=x failed'],
  ['phone (masked)', 'lead for (305) 555-0182 rejected'],
  ['phone (dashes)', 'callback 305-555-0182 queued'],
  ['phone (dots)', 'callback 305.555.0182 queued'],
  ['phone (e164)', 'leased +13055550182 for visitor'],
  ['phone (digits)', 'primary_phone 3125550188 invalid'],
  ['phone (spaced)', 'call +1 312 555 0188 now'],
  ['ssn', 'ssn 078-05-1120 matched'],
  ['date of birth (us)', 'dob 12/09/1966 out of range'],
  ['date of birth (iso)', 'birth_date 1966-12-09 out of range'],
  ['date of birth (words)', 'born December 9, 1966 in Arlington'],
  ['street address', 'address 1600 Pennsylvania Ave NW could not be verified'],
  ['street address with unit', 'ship to 42 N. Main Street Apt 4B tomorrow'],
  ['po box', 'mail PO Box 1234 bounced'],
  ['zip with name', 'Grace Hopper 60601 matched twice'],
  ['labelled name', 'name: Ada Lovelace already exists'],
  ['labelled first name', 'firstName=Grace failed validation'],
  ['honorific', 'Mrs. Thompson asked for a callback'],
  ['common first name pair', 'Maria Gonzalez submitted twice'],
  ['zip alone', 'zip 33101 has no plans'],
  ['surname first', 'Lovelace Ada submitted twice'],
  ['surname first with comma', 'duplicate of Hopper, Grace from yesterday'],
  ['card (spaces)', 'paid with 4111 1111 1111 1111 declined'],
  ['card (dashes)', 'card 5500-0000-0000-0004 on file'],
  ['card (amex)', 'amex 3782 822463 10005 expired'],
  ['card (other grouping, luhn)', 'number 6011 0009 9013 9424 seen'],
];

/** The personal fragments of each corpus line: none may survive. */
const SECRETS = [
  'ada.lovelace',
  'ada%40example',
  '555-0182',
  '555.0182',
  '3055550182',
  '3125550188',
  '312 555 0188',
  '078-05-1120',
  '12/09/1966',
  '1966-12-09',
  'December 9, 1966',
  'Pennsylvania',
  'Main Street',
  'Box 1234',
  'Hopper',
  '60601',
  'Lovelace',
  'Grace',
  'Thompson',
  'Gonzalez',
  '33101',
  '4111',
  '5500-0000',
  '822463',
  '9013 9424',
];

describe('redaction corpus', () => {
  it.each(CORPUS)('removes a %s from free text', (_kind, line) => {
    const clean = redactText(line);
    for (const secret of SECRETS) expect(clean, line).not.toContain(secret);
    expect(clean).toMatch(/\[(email|phone|ssn|date|address|zip|name|card)\]/);
  });

  it('keeps ordinary operational text readable', () => {
    for (const line of [
      'partner call failed: timeout after 1200 ms',
      'queue.d1-insert failed on attempt 3 of 6',
      'TypeError: Cannot read properties of undefined',
      'GET /api/location 502',
      'Partner Timeout after retry',
      'batch 1234 5678 of queue events failed',
    ]) {
      expect(redactText(line)).toBe(line);
    }
  });

  it('drops personal keys at any depth and redacts the strings that stay', () => {
    const clean = redact({
      where: 'client.event',
      firstName: 'Ada',
      nested: { driver2Email: 'x@y.co', note: 'call (305) 555-0182' },
      list: ['ada@example.com'],
    });
    expect(clean).toEqual({ where: 'client.event', nested: { note: 'call [phone]' }, list: ['[email]'] });
  });
});
