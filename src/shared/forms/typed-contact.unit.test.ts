import { describe, expect, it } from 'vitest';
import { lifeForm } from './life';
import { medicareForm } from './medicare';
import { stepVerdict } from './step-verdict';
import { typedInvalid, waivableTypos, withoutValues } from './typed-contact';
import type { StepDef } from './types';

const contact = medicareForm.steps.find((s) => s.name === 'contact') as StepDef;
const lifeContact = lifeForm.steps.find((s) => s.name === 'contact') as StepDef;
const about = lifeForm.steps.find((s) => s.name === 'about') as StepDef;

describe('a typed contact value is never dropped silently', () => {
  it('finds a one-digit slip in a phone, an email without its domain, an impossible date', () => {
    expect(typedInvalid(contact, { phone: '(305) 555-123', email: '' })).toEqual(['phone']);
    expect(typedInvalid(contact, { phone: '305555123' })).toEqual(['phone']);
    expect(typedInvalid(contact, { phone: '', email: 'ada@example' })).toEqual(['email']);
    expect(typedInvalid(about, { dateOfBirthMonth: '2', dateOfBirthDay: '30', dateOfBirthYear: '1950' })).toEqual([
      'dateOfBirth',
    ]);
    // A date half typed is a typo too, not an unanswered question.
    expect(typedInvalid(about, { dateOfBirthMonth: '2', dateOfBirthDay: '', dateOfBirthYear: '' })).toEqual([
      'dateOfBirth',
    ]);
  });

  it('leaves empty and valid answers alone, digits typed without the mask included', () => {
    expect(typedInvalid(contact, { phone: '', email: '' })).toEqual([]);
    expect(typedInvalid(contact, { phone: '3055551234', email: 'ada@example.com' })).toEqual([]);
    expect(typedInvalid(about, { dateOfBirthMonth: '2', dateOfBirthDay: '28', dateOfBirthYear: '1950' })).toEqual([]);
  });

  it('offers to go on without an optional value only; a required phone is asked for as ever', () => {
    expect(waivableTypos(contact, { phone: '305555123' })).toEqual(['phone']);
    expect(waivableTypos(lifeContact, { phone: '305555123', email: 'x@' })).toEqual(['email']);
  });

  it('blocks the step while a typo stands, and goes on once it is cleared', () => {
    const typos = waivableTypos(contact, { phone: '305555123' });
    expect(stepVerdict(contact, {}, {}, [], typos)).toMatchObject({ advance: false, typos: ['phone'] });
    expect(stepVerdict(contact, {}, {}, [], [])).toMatchObject({ advance: true, typos: [] });
    expect(withoutValues(about, ['dateOfBirth'])).toEqual({
      dateOfBirth: null,
      dateOfBirthMonth: null,
      dateOfBirthDay: null,
      dateOfBirthYear: null,
    });
  });
});
