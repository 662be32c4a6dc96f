import { describe, expect, it } from 'vitest';
import { FORM_IDS } from '../../routes/schema';
import {
  SPEC_CREDIT_RATINGS as CREDIT_RATINGS,
  SPEC_GENDERS as GENDERS,
  SPEC_LICENSE_STATUSES as LICENSE_STATUSES,
  SPEC_MARITAL_STATUSES as MARITAL_STATUSES,
} from '../../../tests/support/spec';
import { CURRENT_INSURERS, LEAD_FIELDS_BY_PRODUCT, COVERAGE_AMOUNTS, parseLeadValues } from '../lead';
import { consentStep, stepFields } from './engine';
import {
  COMMON_INSURERS,
  COVERAGE_AMOUNT_OPTIONS,
  usDollars,
  CREDIT_RATING_OPTIONS,
  GENDER_OPTIONS,
  LICENSE_STATUS_OPTIONS,
  MARITAL_STATUS_OPTIONS,
} from './options';
import { FORMS } from './registry';

const values = (options: readonly { value: string }[]) => options.map((o) => o.value);

describe('every form', () => {
  for (const id of FORM_IDS) {
    const form = FORMS[id];
    it(`${id}: field names are lead fields of its product, options parse, copy in both languages`, () => {
      expect(form.id).toBe(id);
      const leadFields = LEAD_FIELDS_BY_PRODUCT[form.product];
      const names = new Set<string>();
      for (const step of form.steps) {
        expect(step.title.english.length).toBeGreaterThan(0);
        expect(step.title.spanish.length).toBeGreaterThan(0);
        for (const field of stepFields(step)) {
          expect(Object.hasOwn(leadFields, field.name), `${id}.${step.name}.${field.name}`).toBe(true);
          expect(field.label.spanish).not.toBe('');
          names.add(field.name);
          const options =
            field.options === 'insurers' ? CURRENT_INSURERS.map((v) => ({ value: v })) : (field.options ?? []);
          for (const option of options) {
            expect(
              parseLeadValues(form.product, { [field.name]: option.value }),
              `${field.name}=${option.value}`,
            ).toHaveProperty(field.name);
          }
        }
        for (const required of step.required ?? [])
          expect(stepFields(step).some((f) => f.name === required)).toBe(true);
        if (step.skippable) expect(step.required ?? []).toEqual([]);
      }
      expect(new Set(form.steps.map((s) => s.name)).size).toBe(form.steps.length);
      // The phone step shows the consent and is the last step, so the lead carries the consent it was given under.
      expect(consentStep(form)).toBe(form.steps[form.steps.length - 1]);
      expect(names.has('zipcode')).toBe(true);
    });
  }

  it('tiles are answers the list offers, and every hint has its Spanish', () => {
    expect(COMMON_INSURERS.length).toBeGreaterThan(0);
    for (const insurer of COMMON_INSURERS) expect(CURRENT_INSURERS, insurer).toContain(insurer);
    for (const id of FORM_IDS)
      for (const step of FORMS[id].steps)
        for (const field of stepFields(step, 3)) {
          if (field.hint) expect(field.hint.spanish, `${id}.${field.name}`).not.toBe('');
          for (const tile of field.tiles ?? [])
            expect(field.options === 'insurers' ? CURRENT_INSURERS : [], `${id}.${field.name}`).toContain(tile);
        }
  });

  it('choice lists are exactly the spec enumerations', () => {
    expect(values(GENDER_OPTIONS)).toEqual([...GENDERS]);
    expect(values(MARITAL_STATUS_OPTIONS)).toEqual([...MARITAL_STATUSES]);
    expect(values(CREDIT_RATING_OPTIONS)).toEqual([...CREDIT_RATINGS]);
    expect(values(LICENSE_STATUS_OPTIONS)).toEqual([...LICENSE_STATUSES]);
    expect(values(COVERAGE_AMOUNT_OPTIONS)).toEqual([...COVERAGE_AMOUNTS]);
  });

  it('coverage amounts read as US dollars, grouped by thousands, in both languages', () => {
    const labels = ['$5,000', '$10,000', '$15,000', '$25,000', '$50,000'];
    expect(COVERAGE_AMOUNT_OPTIONS.map((o) => o.label.english)).toEqual(labels);
    expect(COVERAGE_AMOUNT_OPTIONS.map((o) => o.label.spanish)).toEqual(labels);
    expect(['5', '500', '1000', '999999', '1000000'].map(usDollars)).toEqual([
      '$5',
      '$500',
      '$1,000',
      '$999,999',
      '$1,000,000',
    ]);
  });

  it('life coverage stays in the final-expense range the page promises ($5,000 to $50,000)', () => {
    expect(Math.max(...COVERAGE_AMOUNTS.map(Number))).toBe(50_000);
    expect(Math.min(...COVERAGE_AMOUNTS.map(Number))).toBe(5_000);
    expect(parseLeadValues('life', { coverageAmount: '1000000' })).toEqual({});
  });

  it('the Medicare form asks the spec Medicare lead fields, then an optional, skippable contact step with the consent', () => {
    const asked = FORMS.medicare.steps.flatMap((s) => stepFields(s).map((f) => f.name));
    expect(asked).toEqual(['zipcode', 'haveMedicare', 'haveMedicaid', 'firstName', 'lastName', 'phone', 'email']);
    for (const id of ['medicare', 'quiz-otc', 'quiz-grocery', 'quiz-medicare', 'quiz-medicare-es'] as const) {
      const last = FORMS[id].steps.at(-1);
      expect(last, id).toMatchObject({ consent: true, skippable: true });
      expect(last?.required ?? [], id).toEqual([]);
    }
  });
});
