import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAdsReply } from './ads-reply';
import { adsReplySchema } from './listing-ad';

/**
 * The browser's zod-free reading of an ads reply must accept exactly what the Worker's schema
 * accepts, and give back the same value, or the island would show what the Worker rejects.
 */
const goodUrl = fc.constantFrom('https://carrier.test/quote?ref=a', 'http://cdn.test/a.svg', 'HTTPS://UPPER.TEST/');
const badUrl = fc.constantFrom('javascript:alert(1)', 'ftp://files.test/a', 'not a url', '/relative', '');
/** A valid offer (its optional fields at or near their limits)... */
const goodAd = fc.record(
  {
    type: fc.constantFrom('click', 'call'),
    click_url: goodUrl,
    logo_url: goodUrl,
    ref: fc.string({ maxLength: 8 }),
    price: fc.double({ noNaN: true, noDefaultInfinity: true }),
    pixels: fc.array(goodUrl, { maxLength: 3 }),
    headline: fc.string({ minLength: 198, maxLength: 200 }),
    description: fc.string({ minLength: 598, maxLength: 600 }),
    phone_number: fc.stringMatching(/^\+?\d{10,15}$/),
    vertical: fc.string({ maxLength: 40 }),
    language: fc.string({ maxLength: 8 }),
    extra: fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: ['type', 'click_url', 'logo_url', 'ref'] },
);
/** ...and one flaw at a time, so each rule is met on its own. */
const flaw = fc.oneof(
  fc.record({ type: fc.constantFrom('banner', 1, undefined) }),
  fc.record({ click_url: fc.oneof(badUrl, fc.constant(undefined)) }),
  fc.record({ logo_url: badUrl }),
  fc.record({ ref: fc.constantFrom(1, null, undefined) }),
  fc.record({ price: fc.constantFrom('1.5', null) }),
  fc.record({ pixels: fc.oneof(fc.tuple(goodUrl, badUrl), fc.constant('https://px.test/a')) }),
  fc.record({ headline: fc.oneof(fc.string({ minLength: 201, maxLength: 202 }), fc.constant(3)) }),
  fc.record({ description: fc.string({ minLength: 601, maxLength: 602 }) }),
  fc.record({ phone_number: fc.constantFrom('833555200', '+1833555200200200', '833-555-2002') }),
  fc.record({ vertical: fc.string({ minLength: 41, maxLength: 42 }) }),
  fc.record({ language: fc.oneof(fc.string({ minLength: 9, maxLength: 10 }), fc.constant(false)) }),
);
const ad = fc.oneof(
  goodAd,
  fc.tuple(goodAd, flaw).map(([good, bad]) => ({ ...good, ...bad })),
  fc.constantFrom(null, 'ad', []),
);
const reply = fc.oneof(
  fc.record({ ads: fc.array(ad, { maxLength: 3 }), requestId: fc.oneof(fc.string(), fc.constant(null)) }),
  fc.record({ ads: fc.constant('none'), requestId: fc.constant(null) }),
  fc.record({ ads: fc.array(goodAd, { maxLength: 1 }) }),
  fc.constantFrom(null, 'text', [], { ads: [], requestId: 7 }),
);

function read(data: unknown): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: readAdsReply(data) };
  } catch {
    return { ok: false };
  }
}

describe('readAdsReply', () => {
  it('accepts and returns exactly what adsReplySchema does', () => {
    fc.assert(
      fc.property(reply, (data) => {
        const json: unknown = JSON.parse(JSON.stringify(data));
        const schema = adsReplySchema.safeParse(json);
        expect(read(json)).toEqual(schema.success ? { ok: true, value: schema.data } : { ok: false });
      }),
      { numRuns: 2000 },
    );
  });

  it('never lets a javascript: link through', () => {
    const evil = { type: 'click', click_url: 'javascript:alert(1)', logo_url: 'https://cdn.test/a.svg', ref: 'a' };
    expect(() => readAdsReply({ ads: [evil], requestId: null })).toThrow(TypeError);
  });
});
