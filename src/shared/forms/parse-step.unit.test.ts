import { describe, expect, it } from 'vitest';
import { autoForm } from './auto';
import { findStep, skipValues } from './engine';
import { lifeForm } from './life';
import { medicareForm } from './medicare';
import { parseStepInput } from './parse-step';
import type { StepDef } from './types';

const step = (form: typeof autoForm, name: string) => findStep(form, name) as StepDef;

describe('parseStepInput (the Worker reading one step)', () => {
  it('keeps valid values, silently drops invalid ones, ignores fields of other steps', () => {
    expect(
      parseStepInput(medicareForm, step(medicareForm, 'name'), {
        firstName: '  Ada ',
        lastName: '',
        zipcode: '33101',
        evil: 'x',
      }),
    ).toEqual({ firstName: 'Ada' });
    expect(parseStepInput(medicareForm, step(medicareForm, 'zip'), { zipcode: '3310' })).toEqual({});
  });

  it('joins date parts into the date, normalised to yyyy-MM-dd', () => {
    const values = parseStepInput(autoForm, step(autoForm, 'drivers'), {
      driver2DobMonth: '2',
      driver2DobDay: '21',
      driver2DobYear: '1965',
    });
    expect(values).toMatchObject({
      driver2Dob: '1965-02-21',
      driver2DobMonth: 2,
      driver2DobDay: 21,
      driver2DobYear: 1965,
    });
    expect(
      parseStepInput(lifeForm, step(lifeForm, 'about'), {
        dateOfBirthMonth: '12',
        dateOfBirthDay: '31',
        dateOfBirthYear: '1950',
      }),
    ).toEqual({ dateOfBirth: '1950-12-31' });
    expect(
      parseStepInput(lifeForm, step(lifeForm, 'about'), {
        dateOfBirthMonth: '2',
        dateOfBirthDay: '30',
        dateOfBirthYear: '1950',
      }),
    ).toEqual({});
  });

  it('explicit nulls (skip, removed slots) clear lead fields; booleans arrive as 1 or 0', () => {
    expect(
      parseStepInput(medicareForm, step(medicareForm, 'medicare'), skipValues(step(medicareForm, 'medicare'))),
    ).toEqual({ haveMedicare: null });
    expect(parseStepInput(medicareForm, step(medicareForm, 'medicare'), { haveMedicare: '0' })).toEqual({
      haveMedicare: false,
    });
    expect(parseStepInput(autoForm, step(autoForm, 'vehicles'), { vehicle1Year: '2020', vehicle2Make: null })).toEqual({
      vehicle1Year: 2020,
      vehicle2Make: null,
    });
  });
});
