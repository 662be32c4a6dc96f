import { describe, expect, it } from 'vitest';
import { FORMS } from './registry';
import { callReadyStep, leasesAfterStep } from './call-ready';

describe('the number once a call is routable', () => {
  it('the Medicare forms lease after the Medicaid question, before the name and contact steps', () => {
    for (const id of ['medicare', 'quiz-medicare', 'quiz-medicare-es', 'quiz-otc', 'quiz-grocery'] as const) {
      const form = FORMS[id];
      expect(callReadyStep(form), id).toBe('medicaid');
      const names = form.steps.map((s) => s.name);
      expect(
        names.map((n) => leasesAfterStep(form, n)),
        id,
      ).toEqual(names.map((n, i) => i >= names.indexOf('medicaid') && i < names.length - 1));
      // Never before both Medicare answers: the zip alone is not what the call needs.
      expect(leasesAfterStep(form, 'zip')).toBe(false);
      expect(leasesAfterStep(form, 'medicare')).toBe(false);
    }
  });

  it('auto and life lease only at the finish', () => {
    for (const id of ['auto', 'life', 'quiz-auto'] as const) {
      expect(callReadyStep(FORMS[id]), id).toBeNull();
      for (const s of FORMS[id].steps) expect(leasesAfterStep(FORMS[id], s.name)).toBe(false);
    }
  });

  it('an unknown step leases nothing', () => {
    expect(leasesAfterStep(FORMS.medicare, 'nope')).toBe(false);
  });
});
