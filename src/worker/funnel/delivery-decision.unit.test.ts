import { describe, expect, it } from 'vitest';
import { brandByCode, type Brand } from '../../../brands';
import { allowedSuspectReasons, verdictDeliverable } from '../defence/delivery-policy';
import { decideDelivery, recipientsFor } from './delivery-decision';

const brand = (code: string): Brand => {
  const found = brandByCode(code);
  if (!found) throw new Error(`no brand ${code}`);
  return found;
};

describe('who receives a lead', () => {
  it('Medicare: exactly the companies ticked, MediaAlpha only when it is itself listed and ticked', () => {
    const sellers = [
      { id: 'a-agency', name: 'A Agency, LLC', accepted: false },
      { id: 'b-agency', name: 'B Agency, LLC', accepted: true },
    ];
    expect(recipientsFor(brand('bh'), 'medicare', sellers)).toEqual([
      { id: 'b-agency', name: 'B Agency, LLC', kind: 'seller' },
    ]);
    expect(
      recipientsFor(
        brand('bh'),
        'medicare',
        sellers.map((s) => ({ ...s, accepted: false })),
      ),
    ).toEqual([]);
    expect(
      recipientsFor(brand('bh'), 'medicare', [{ id: 'mediaalpha', name: 'MediaAlpha, Inc.', accepted: true }]),
    ).toEqual([{ id: 'mediaalpha', name: 'MediaAlpha, Inc.', kind: 'mediaalpha' }]);
  });

  it('auto: QuoteWizard where the brand buys through it and lists it, and the marketplace its list names', () => {
    expect(recipientsFor(brand('ps'), 'auto', null).map((r) => r.kind)).toEqual(['quotewizard', 'mediaalpha']);
    // bh does not enable QuoteWizard: only what its partner list names.
    expect(recipientsFor(brand('bh'), 'auto', null).map((r) => r.kind)).toEqual(['mediaalpha']);
  });

  it('withholds for every reason that holds, and delivers only when none does', () => {
    const to = [{ id: 'b', name: 'B', kind: 'seller' as const }];
    expect(
      decideDelivery({ complete: true, deliverableVerdict: true, duplicateOf: null, optedOut: false, recipients: to }),
    ).toEqual({ deliver: true, recipients: to, withheld: [], duplicateOf: null });
    expect(
      decideDelivery({ complete: false, deliverableVerdict: false, duplicateOf: 'x', optedOut: true, recipients: [] }),
    ).toEqual({
      deliver: false,
      recipients: [],
      withheld: ['partial', 'verdict', 'duplicate', 'opted_out', 'no_recipient'],
      duplicateOf: 'x',
    });
  });
});

describe('the delivery policy by verdict', () => {
  const env = (reasons: string) => ({ DELIVER_SUSPECT_REASONS: reasons });

  it('clean yes, bot never, suspect only when every reason is allowed by name', () => {
    expect(verdictDeliverable(env(''), 'clean', [])).toBe(true);
    expect(verdictDeliverable(env('fast,honeypot'), 'bot', ['honeypot'])).toBe(false);
    expect(verdictDeliverable(env(''), 'suspect', ['fast'])).toBe(false);
    expect(verdictDeliverable(env('fast'), 'suspect', ['fast'])).toBe(true);
    expect(verdictDeliverable(env('fast'), 'suspect', ['fast', 'ip-proxy'])).toBe(false);
    expect(verdictDeliverable(env('fast'), null, [])).toBe(false);
  });

  it('a missing Turnstile token can never be allowed: it is no better than a failed one', () => {
    expect([...allowedSuspectReasons(env('turnstile-unverified, fast, no-such-reason'))]).toEqual(['fast']);
    expect(verdictDeliverable(env('turnstile-unverified'), 'suspect', ['turnstile-unverified'])).toBe(false);
  });
});
