import { describe, expect, it } from 'vitest';
import { autoForm } from './auto';
import { dateBoxParts, dateBoxText, maskDateBox } from './date-box';
import { parseStepInput } from './parse-step';

describe('a date of birth typed in one box', () => {
  it('digits take their slashes as each part fills, never before (Backspace is not stuck)', () => {
    expect(maskDateBox('1')).toBe('1');
    expect(maskDateBox('12')).toBe('12');
    expect(maskDateBox('121')).toBe('12/1');
    expect(maskDateBox('12/')).toBe('12/');
    expect(maskDateBox('1210')).toBe('12/10');
    expect(maskDateBox('12101965')).toBe('12/10/1965');
    expect(maskDateBox('12/10/19651')).toBe('12/10/1965');
    // A slash typed closes a short part; letters and extra slashes are dropped.
    expect(maskDateBox('1/5/1990')).toBe('1/5/1990');
    expect(maskDateBox('a1//5x/1990')).toBe('1/5/1990');
    // A stored date (yyyy-MM-dd) is left as it is.
    expect(maskDateBox('1965-12-10')).toBe('1965-12-10');
  });

  it('has its parts once the year has four digits, and shows stored parts as MM/DD/YYYY', () => {
    expect(dateBoxParts('12/10/196')).toBeNull();
    expect(dateBoxParts('12/10')).toBeNull();
    expect(dateBoxParts('02211965')).toEqual({ month: '2', day: '21', year: '1965' });
    expect(dateBoxParts('1/5/1990')).toEqual({ month: '1', day: '5', year: '1990' });
    expect(dateBoxText('12', '9', '1966')).toBe('12/09/1966');
    expect(dateBoxText('12', '', '1966')).toBe('');
  });

  it('posted without JavaScript (the box alone), the Worker reads it as the island sends it', () => {
    const drivers = autoForm.steps.find((s) => s.name === 'drivers');
    if (!drivers) throw new Error('no drivers step');
    const base = { driver1FirstName: 'Ada', driver1LastName: 'Lovelace', drivers: '2' };
    expect(parseStepInput(autoForm, drivers, { ...base, driver1Dob: '12101965' })).toMatchObject({
      driver1Dob: '1965-12-10',
    });
    expect(
      parseStepInput(autoForm, drivers, { ...base, driver1Dob: '12/10/1965', driver2Dob: '2/21/1965' }),
    ).toMatchObject({ driver1Dob: '1965-12-10', driver2Dob: '1965-02-21' });
    // The island's parts, as before.
    expect(
      parseStepInput(autoForm, drivers, {
        ...base,
        driver1DobMonth: '12',
        driver1DobDay: '10',
        driver1DobYear: '1965',
      }),
    ).toMatchObject({ driver1Dob: '1965-12-10' });
    // Not a date: nothing kept.
    expect(parseStepInput(autoForm, drivers, { ...base, driver1Dob: '13451965' })).not.toHaveProperty('driver1Dob');
  });
});
