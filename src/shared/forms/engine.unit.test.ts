import { describe, expect, it } from 'vitest';
import { resolveStep } from '../../worker/step';
import { autoForm, driverGroup, vehicleGroup } from './auto';
import { autoQuiz } from './quizzes';
import {
  askedPosition,
  askedValues,
  canAdvance,
  findStep,
  groupCount,
  missingRequired,
  nextStepName,
  previousStepName,
  removeGroupSlot,
  skipValues,
  stepFields,
  stepInputNames,
  stepNumber,
} from './engine';
import { stepNamesFor } from './registry';
import { medicareForm } from './medicare';
import type { FormValues } from '../json';
import type { StepDef } from './types';

describe('step resolution', () => {
  it('orders the steps and stays put after the last one', () => {
    expect(stepNamesFor('medicare')).toEqual(['zip', 'medicare', 'medicaid', 'name', 'contact']);
    expect(stepNamesFor(null)).toEqual([]);
    expect(nextStepName(medicareForm, 'zip')).toBe('medicare');
    expect(nextStepName(medicareForm, 'contact')).toBeNull();
    expect(stepNumber(medicareForm, 'name')).toBe(4);
  });

  it('a missing step shows the first; an unknown one too, flagged as fallback', () => {
    const names = stepNamesFor('auto');
    expect(resolveStep(names, undefined)).toEqual({ name: 'zip', number: 1, fallback: false });
    expect(resolveStep(names, 'drivers')).toEqual({ name: 'drivers', number: 7, fallback: false });
    expect(resolveStep(names, 'nope')).toEqual({ name: 'zip', number: 1, fallback: true });
  });
});

describe('a step the answers leave unasked', () => {
  it('the insurer is passed over, forward and back, once the visitor says they are not insured', () => {
    for (const [form, insurance, insurer, after] of [
      [autoForm, 'insurance', 'insurer', 'home'],
      [autoQuiz, 'insured', 'company', 'homeowner'],
    ] as const) {
      for (const no of [false, 0, '0'] as const) {
        expect(nextStepName(form, insurance, { currentlyInsured: no })).toBe(after);
        expect(previousStepName(form, after, { currentlyInsured: no })).toBe(insurance);
      }
      // Insured, or not said (skipped): the insurer is asked.
      for (const values of [{ currentlyInsured: true }, { currentlyInsured: null }, {}] as FormValues[]) {
        expect(nextStepName(form, insurance, values)).toBe(insurer);
        expect(previousStepName(form, after, values)).toBe(insurer);
      }
    }
    expect(previousStepName(autoForm, 'zip', {})).toBeUndefined();
  });

  it("an insurer kept from before the answer changed to no is cleared from the lead's values, nothing else", () => {
    const values = { currentlyInsured: false, currentCompany: 'State Farm', homeowner: true };
    expect(askedValues(autoForm, values)).toEqual({ currentlyInsured: false, currentCompany: null, homeowner: true });
    const insured = { currentlyInsured: true, currentCompany: 'State Farm' };
    expect(askedValues(autoForm, insured)).toEqual(insured);
  });

  it('the step counter counts the steps asked: no gap, and one step fewer in all', () => {
    const total = autoForm.steps.length;
    expect(askedPosition(autoForm, 'home', { currentlyInsured: false })).toEqual({ number: 4, total: total - 1 });
    expect(askedPosition(autoForm, 'home', { currentlyInsured: true })).toEqual({ number: 5, total });
    expect(askedPosition(autoForm, 'insurance', {})).toEqual({ number: 3, total });
    // The step on screen always counts, even one the answers would pass over.
    expect(askedPosition(autoForm, 'insurer', { currentlyInsured: false })).toEqual({ number: 4, total });
  });
});

describe('skip and the submit handler', () => {
  it('skip submits every value of the step as null, date parts included', () => {
    const drivers = findStep(autoForm, 'drivers') as StepDef;
    const values = skipValues(drivers);
    expect(Object.keys(values).length).toBeGreaterThan(20);
    expect(Object.values(values).every((v) => v === null)).toBe(true);
    expect(values).toHaveProperty('driver3DobYear', null);
    expect(values).toHaveProperty('driver1Dob', null);
  });

  it('blocks while a required answer is missing, and when a handler returns false', () => {
    const zip = findStep(medicareForm, 'zip') as StepDef;
    expect(canAdvance(zip, {})).toBe(false);
    expect(missingRequired(zip, { zipcode: null })).toEqual(['zipcode']);
    expect(canAdvance(zip, { zipcode: '33101' })).toBe(true);
    const guarded: StepDef = { ...zip, onSubmit: (v) => v.zipcode !== '00000' };
    expect(canAdvance(guarded, { zipcode: '00000' })).toBe(false);
    expect(canAdvance(guarded, { zipcode: '33101' })).toBe(true);
  });
});

describe('driver and vehicle slots', () => {
  it('shows at least one slot, every slot up to the last with a value, at most 3', () => {
    expect(groupCount({}, vehicleGroup)).toBe(1);
    expect(groupCount({ vehicle2Make: 'Ford' }, vehicleGroup)).toBe(2);
    expect(groupCount({ vehicle3Year: 2020, vehicle2Make: null }, vehicleGroup)).toBe(3);
    expect(groupCount({}, vehicleGroup, 2)).toBe(2);
    expect(groupCount({}, vehicleGroup, 9)).toBe(3);
    expect(stepFields(findStep(autoForm, 'vehicles') as StepDef, 2).map((f) => f.name)).toEqual([
      'vehicle1Year',
      'vehicle1Make',
      'vehicle1Model',
      'vehicle2Year',
      'vehicle2Make',
      'vehicle2Model',
    ]);
  });

  it('removing a slot moves the later ones up and empties the last', () => {
    const patch = removeGroupSlot(
      {
        driver1FirstName: 'A',
        driver2FirstName: 'B',
        driver3FirstName: 'C',
        driver3DobYear: '1990',
        driver3Dob: '1990-01-01',
      },
      driverGroup,
      2,
    );
    expect(patch.driver2FirstName).toBe('C');
    expect(patch.driver2DobYear).toBe('1990');
    expect(patch.driver2Dob).toBe('1990-01-01');
    expect(patch.driver3FirstName).toBeNull();
    expect(patch.driver3Dob).toBeNull();
    expect(patch).not.toHaveProperty('driver1FirstName');
  });

  it("every driver is asked the military question (QuoteWizard takes each driver's, spec section 7)", () => {
    const names = stepInputNames(findStep(autoForm, 'driver-details') as StepDef);
    for (const driver of ['driver1', 'driver2', 'driver3']) expect(names).toContain(`${driver}MilitaryAffiliation`);
  });

  it('the driver step is split in two, each at most five questions a driver, every driver field asked once, another driver only what insurers need', () => {
    const who = findStep(autoForm, 'drivers') as StepDef;
    const record = findStep(autoForm, 'driver-details') as StepDef;
    expect(stepNamesFor('auto')).toEqual([
      'zip',
      'vehicles',
      'insurance',
      'insurer',
      'home',
      'home-quote',
      'drivers',
      'driver-details',
      'contact',
    ]);
    expect(stepFields(who, 1).map((f) => f.name)).toEqual([
      'driver1FirstName',
      'driver1LastName',
      'driver1Gender',
      'driver1MaritalStatus',
      'driver1Dob',
    ]);
    expect(stepFields(record, 1).map((f) => f.name)).toEqual([
      'driver1LicenseStatus',
      'driver1CreditRating',
      'driver1Sr22',
      'driver1MilitaryAffiliation',
    ]);
    // Another driver: what insurers ask of them (name, date of birth, relation to driver 1).
    expect(
      stepFields(who, 2)
        .map((f) => f.name)
        .filter((n) => n.startsWith('driver2')),
    ).toEqual(['driver2FirstName', 'driver2LastName', 'driver2Dob', 'driver2Relationship']);
    const asked = [...stepFields(who), ...stepFields(record)].map((f) => f.name);
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked).toHaveLength(5 + 2 * 4 + 3 * 4);
  });

  it('the details step shows a slot for each driver named on the step before, with no add of its own', () => {
    const record = (findStep(autoForm, 'driver-details') as StepDef).group as NonNullable<StepDef['group']>;
    expect(groupCount({ driver1FirstName: 'A' }, record)).toBe(1);
    expect(groupCount({ driver1FirstName: 'A', driver2FirstName: 'B' }, record)).toBe(2);
    // A request for more slots (the drivers step's "add") does not apply here, nor details left by a removed driver.
    expect(groupCount({ driver1FirstName: 'A', driver3LicenseStatus: 'active' }, record, 3)).toBe(1);
  });
});
