import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLeadValues } from '../lead';
import {
  dateOfBirthRule,
  datePartsText,
  emailRule,
  maskPhone,
  nameRule,
  phoneRule,
  vehicleNameRule,
  vehicleYearRule,
  yesNoRule,
  zipRule,
} from './field-rules';

/**
 * The browser's zod-free rules must keep and drop exactly what the lead schema keeps and
 * drops (spec section 5), or the island would accept what the Worker silently discards.
 */
const samples = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.stringMatching(/^ ?\d{5} ?$/),
  fc.stringMatching(/^\(\d{3}\) \d{3}-\d{4}$/),
  fc.emailAddress(),
  fc.stringMatching(/^(19|20)\d\d$/),
  fc.stringMatching(/^\d{1,2}\/\d{1,2}\/(19|20)\d\d$/),
  fc.stringMatching(/^(19|20)\d\d-\d\d-\d\d$/),
  fc.constantFrom('1', '0', 'yes', 'no', 'on', 'true', 'FALSE', ' Yes ', 'maybe', ''),
  fc.string({ minLength: 250, maxLength: 260 }),
);

const cases: [string, 'medicare' | 'auto', (raw: string) => unknown][] = [
  ['zipcode', 'medicare', zipRule],
  ['firstName', 'medicare', nameRule],
  ['email', 'medicare', emailRule],
  ['phone', 'medicare', phoneRule],
  ['haveMedicare', 'medicare', yesNoRule],
  ['vehicle1Year', 'auto', vehicleYearRule],
  ['vehicle1Make', 'auto', vehicleNameRule],
  ['driver1Dob', 'auto', dateOfBirthRule],
  ['driver1Address', 'auto', nameRule],
];

describe('browser rules agree with the lead schema', () => {
  for (const [field, product, rule] of cases) {
    it(`${field}`, () => {
      fc.assert(
        fc.property(samples, (raw) => {
          const schema = (parseLeadValues(product, { [field]: raw }) as Record<string, unknown>)[field];
          expect(rule(raw)).toEqual(schema);
        }),
        { numRuns: 400 },
      );
    });
  }

  it('date parts read month first, and impossible dates are dropped', () => {
    expect(dateOfBirthRule(datePartsText('2', '13', '1950') ?? '')).toBe('1950-02-13');
    expect(datePartsText('2', '', '1950')).toBeUndefined();
    expect(dateOfBirthRule(datePartsText('2', '30', '1950') ?? '')).toBeUndefined();
    expect(dateOfBirthRule('13/02/1950')).toBe('1950-02-13');
    expect(dateOfBirthRule('03/04/1950')).toBe('1950-03-04');
  });

  it('the phone mask turns typed digits into (ddd) ddd-dddd', () => {
    expect(maskPhone('3')).toBe('(3');
    expect(maskPhone('3055')).toBe('(305) 5');
    expect(maskPhone('3055550182')).toBe('(305) 555-0182');
    expect(maskPhone('+1 305-555-0182 ext')).toBe('(305) 555-0182');
    expect(phoneRule(maskPhone('305555018'))).toBeUndefined();
  });
});
