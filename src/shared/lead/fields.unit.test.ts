import { describe, expect, it } from 'vitest';
import {
  SPEC_CREDIT_RATINGS as CREDIT_RATINGS,
  SPEC_GENDERS as GENDERS,
  SPEC_LICENSE_STATUSES as LICENSE_STATUSES,
  SPEC_MARITAL_STATUSES as MARITAL_STATUSES,
} from '../../../tests/support/spec';
import {
  autoLeadSchema,
  LEAD_FIELD_NAMES,
  lifeLeadSchema,
  medicareLeadSchema,
  parseLeadValues,
  toWireBoolean,
} from './fields';

const thisYear = new Date().getUTCFullYear();

/** One field through the Medicare schema; undefined when it was dropped. */
function medicare(field: string, value: unknown): unknown {
  return (medicareLeadSchema.parse({ [field]: value }) as Record<string, unknown>)[field];
}
function auto(field: string, value: unknown): unknown {
  return (autoLeadSchema.parse({ [field]: value }) as Record<string, unknown>)[field];
}
function life(field: string, value: unknown): unknown {
  return (lifeLeadSchema.parse({ [field]: value }) as Record<string, unknown>)[field];
}

describe('zipcode: exactly 5 digits', () => {
  it.each(['90210', '02108', ' 10001 '])('keeps %j', (zip) => {
    expect(medicare('zipcode', zip)).toBe(zip.trim());
  });
  it.each(['9021', '902100', '9021a', '90210-1234', 90210, '', null])('drops %j', (zip) => {
    expect(medicare('zipcode', zip)).toBeUndefined();
  });
});

describe('names and addresses: trimmed, 1 to 256 characters', () => {
  it('trims names', () => {
    expect(medicare('firstName', '  Ada ')).toBe('Ada');
    expect(auto('driver2LastName', '\tLovelace\n')).toBe('Lovelace');
  });
  it('keeps 256 characters and drops 257', () => {
    expect(medicare('lastName', 'x'.repeat(256))).toHaveLength(256);
    expect(medicare('lastName', 'x'.repeat(257))).toBeUndefined();
    expect(auto('driver1Address', 'a'.repeat(257))).toBeUndefined();
  });
  it('drops blank and non-string names', () => {
    expect(medicare('firstName', '   ')).toBeUndefined();
    expect(medicare('firstName', 42)).toBeUndefined();
    expect(medicare('firstName', ['Ada'])).toBeUndefined();
  });
  it('drops a huge string without failing the object', () => {
    const parsed = medicareLeadSchema.parse({ firstName: 'y'.repeat(5_000_000), lastName: 'Lovelace' });
    expect(parsed).toEqual({ lastName: 'Lovelace' });
  });
  it('keeps Address and Address2 trimmed', () => {
    expect(auto('driver1Address', ' 1 Main St ')).toBe('1 Main St');
    expect(auto('driver3Address2', 'Apt 4')).toBe('Apt 4');
    expect(auto('driver1Address2', '')).toBeUndefined();
  });
});

describe('email: trimmed, valid', () => {
  it('trims and keeps a valid address', () => {
    expect(medicare('email', '  ada@example.com ')).toBe('ada@example.com');
    expect(auto('driver1Email', 'a.b+c@sub.example.org')).toBe('a.b+c@sub.example.org');
  });
  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com', `${'a'.repeat(250)}@example.com`])(
    'drops %j',
    (email) => {
      expect(medicare('email', email)).toBeUndefined();
    },
  );
});

describe('phone: (ddd) ddd-dddd', () => {
  it('keeps the masked pattern', () => {
    expect(medicare('phone', '(555) 123-4567')).toBe('(555) 123-4567');
    expect(auto('driver1Phone', ' (212) 555-0100 ')).toBe('(212) 555-0100');
  });
  it.each(['5551234567', '555-123-4567', '(555)123-4567', '(555) 123-456', '+1 (555) 123-4567'])(
    'drops %j',
    (phone) => {
      expect(medicare('phone', phone)).toBeUndefined();
    },
  );
});

describe('date of birth', () => {
  it('accepts yyyy-MM-dd as is', () => {
    expect(life('dateOfBirth', '1950-03-04')).toBe('1950-03-04');
  });
  it('reads slash dates month first (MM/dd/yyyy)', () => {
    expect(life('dateOfBirth', '03/04/1950')).toBe('1950-03-04');
    expect(auto('driver1Dob', '12/01/1980')).toBe('1980-12-01');
  });
  it('falls back to day first (dd/MM/yyyy) only when month first is impossible', () => {
    expect(life('dateOfBirth', '25/12/1950')).toBe('1950-12-25');
    expect(life('dateOfBirth', '13/01/1960')).toBe('1960-01-13');
  });
  it('accepts one-digit day and month in slash dates', () => {
    expect(life('dateOfBirth', '3/4/1950')).toBe('1950-03-04');
  });
  it.each(['02/30/2001', '13/13/2000', '2001-02-29', '1999-13-01', '00/10/1980', '31/31/1980', '2000-02-30'])(
    'drops the impossible date %j',
    (date) => {
      expect(life('dateOfBirth', date)).toBeUndefined();
    },
  );
  it('keeps a real leap day', () => {
    expect(life('dateOfBirth', '02/29/2000')).toBe('2000-02-29');
  });
  it.each(['1950/03/04', '03-04-1950', '03.04.1950', 'March 4 1950', '1950-3-4', '', 19500304])(
    'drops the format %j',
    (date) => {
      expect(life('dateOfBirth', date)).toBeUndefined();
    },
  );
  it('drops dates in the future and more than 120 years ago', () => {
    expect(life('dateOfBirth', `${thisYear + 1}-01-01`)).toBeUndefined();
    expect(life('dateOfBirth', `01/01/${thisYear - 121}`)).toBeUndefined();
    expect(life('dateOfBirth', `${thisYear - 119}-01-01`)).toBe(`${thisYear - 119}-01-01`);
  });
  it('never flips a future month-first reading into a past day-first one', () => {
    // 12/01 of next year is a calendar date read month first; it is in the future, so dropped.
    expect(life('dateOfBirth', `12/01/${thisYear + 1}`)).toBeUndefined();
  });
});

describe('driver Dob assembled from DobDay, DobMonth, DobYear', () => {
  it('builds Dob when only the parts arrive, and normalises the parts', () => {
    const lead = autoLeadSchema.parse({ driver2DobDay: '4', driver2DobMonth: '03', driver2DobYear: '1950' });
    expect(lead).toEqual({ driver2DobDay: 4, driver2DobMonth: 3, driver2DobYear: 1950, driver2Dob: '1950-03-04' });
  });
  it('prefers an explicit Dob over the parts', () => {
    const lead = autoLeadSchema.parse({
      driver1Dob: '1960-01-02',
      driver1DobDay: 9,
      driver1DobMonth: 9,
      driver1DobYear: 1970,
    });
    expect(lead.driver1Dob).toBe('1960-01-02');
  });
  it('builds no Dob from an impossible or incomplete set of parts', () => {
    expect(
      autoLeadSchema.parse({ driver1DobDay: 30, driver1DobMonth: 2, driver1DobYear: 2001 }).driver1Dob,
    ).toBeUndefined();
    expect(autoLeadSchema.parse({ driver1DobDay: 3, driver1DobMonth: 2 }).driver1Dob).toBeUndefined();
  });
  it('drops out-of-range parts', () => {
    expect(auto('driver1DobDay', 32)).toBeUndefined();
    expect(auto('driver1DobMonth', '13')).toBeUndefined();
    expect(auto('driver1DobYear', thisYear - 121)).toBeUndefined();
    expect(auto('driver1DobYear', '19')).toBeUndefined();
  });
});

describe('vehicles', () => {
  it('keeps a 4-digit year as a number, from 1900 to next year', () => {
    expect(auto('vehicle1Year', '2015')).toBe(2015);
    expect(auto('vehicle2Year', 1900)).toBe(1900);
    expect(auto('vehicle3Year', thisYear + 1)).toBe(thisYear + 1);
  });
  it.each(['15', '20155', 1899, thisYear + 2, 2015.5, 'abcd'])('drops the year %j', (year) => {
    expect(auto('vehicle1Year', year)).toBeUndefined();
  });
  it('trims make and model to 1 to 50 characters', () => {
    expect(auto('vehicle1Make', ' Toyota ')).toBe('Toyota');
    expect(auto('vehicle1Model', 'm'.repeat(50))).toHaveLength(50);
    expect(auto('vehicle1Model', 'm'.repeat(51))).toBeUndefined();
    expect(auto('vehicle2Make', ' ')).toBeUndefined();
  });
});

describe('enumerations match their lists exactly', () => {
  it.each(GENDERS)('gender %j', (value) => expect(auto('driver1Gender', value)).toBe(value));
  it.each(CREDIT_RATINGS)('credit rating %j', (value) => expect(auto('driver1CreditRating', value)).toBe(value));
  it.each(MARITAL_STATUSES)('marital status %j', (value) => expect(auto('driver2MaritalStatus', value)).toBe(value));
  it.each(LICENSE_STATUSES)('licence status %j', (value) => expect(auto('driver3LicenseStatus', value)).toBe(value));
  it.each([
    ['driver1Gender', 'Male'],
    ['driver1Gender', 'nonbinary'],
    ['driver1Gender', 'M'],
    ['driver1CreditRating', 'very good'],
    ['driver1CreditRating', ' good'],
    ['driver1MaritalStatus', 'domestic_partner'],
    ['driver1MaritalStatus', 'Married'],
    ['driver1LicenseStatus', 'valid'],
    ['driver1LicenseStatus', ''],
    ['currentCompany', 'geico'],
    ['currentCompany', 'Acme Mutual'],
  ])('drops %s = %j', (field, value) => {
    expect(auto(field, value)).toBeUndefined();
  });
  it('keeps a listed current insurer and Other', () => {
    expect(auto('currentCompany', 'GEICO')).toBe('GEICO');
    expect(auto('currentCompany', 'Other')).toBe('Other');
  });
  it('keeps a listed coverage amount and drops others', () => {
    expect(life('coverageAmount', '25000')).toBe('25000');
    expect(life('coverageAmount', 25000)).toBeUndefined();
    expect(life('coverageAmount', '30000')).toBeUndefined();
  });
});

describe('booleans', () => {
  it.each([true, 'true', '1', 1, 'yes', 'on', 'Yes', ' TRUE '])('reads %j as true', (value) => {
    expect(medicare('haveMedicare', value)).toBe(true);
  });
  it.each([false, 'false', '0', 0, 'no', 'No'])('reads %j as false', (value) => {
    expect(medicare('haveMedicaid', value)).toBe(false);
  });
  it.each(['maybe', 2, -1, '', null, {}, 'off?'])('drops %j', (value) => {
    expect(auto('homeowner', value)).toBeUndefined();
  });
  it('covers every boolean field of the auto lead', () => {
    const lead = autoLeadSchema.parse({
      currentlyInsured: 'yes',
      homeowner: '0',
      interestedInHomeInsurance: 'on',
      driver1Sr22: 'false',
      driver1MilitaryAffiliation: 1,
    });
    expect(lead).toEqual({
      currentlyInsured: true,
      homeowner: false,
      interestedInHomeInsurance: true,
      driver1Sr22: false,
      driver1MilitaryAffiliation: true,
    });
  });
  it('sends booleans on the wire as 1 or 0 and leaves undefined out', () => {
    expect(toWireBoolean(true)).toBe(1);
    expect(toWireBoolean(false)).toBe(0);
    expect(toWireBoolean(undefined)).toBeUndefined();
  });
});

describe('objects', () => {
  it('drops invalid values while their valid siblings stay', () => {
    const lead = parseLeadValues('medicare', {
      zipcode: '1234',
      haveMedicare: 'yes',
      haveMedicaid: 'perhaps',
      firstName: ' Ada ',
      lastName: '',
      phone: '(555) 123-4567',
      email: 'not-an-email',
    });
    expect(lead).toEqual({ haveMedicare: true, firstName: 'Ada', phone: '(555) 123-4567' });
    // A dropped field leaves no key behind, so merging over stored values keeps them.
    expect(Object.keys(lead)).not.toContain('zipcode');
  });
  it('strips unknown keys', () => {
    const lead = parseLeadValues('auto', {
      zipcode: '90210',
      driver4FirstName: 'Eve',
      vehicle4Make: 'Ford',
      __proto__x: 1,
      isAdmin: true,
    });
    expect(lead).toEqual({ zipcode: '90210' });
  });
  it('keeps product fields apart: an auto field is unknown to the Medicare lead', () => {
    expect(parseLeadValues('medicare', { zipcode: '90210', driver1FirstName: 'Ada' })).toEqual({ zipcode: '90210' });
    expect(parseLeadValues('life', { tobaccoUse: 'no', gender: 'female', haveMedicare: true })).toEqual({
      tobaccoUse: false,
      gender: 'female',
    });
  });
  it('parses a full auto lead with two drivers and two vehicles', () => {
    const lead = parseLeadValues('auto', {
      zipcode: '73301',
      currentlyInsured: 'true',
      currentCompany: 'State Farm',
      driver1FirstName: 'Ada',
      driver1Dob: '25/12/1950',
      driver2FirstName: 'Charles',
      driver2Dob: '1960-01-02',
      vehicle1Year: '2019',
      vehicle1Make: 'Toyota',
      vehicle1Model: 'Camry',
      vehicle2Year: 2021,
      vehicle2Make: 'Ford',
      vehicle2Model: 'F-150',
    });
    expect(lead).toEqual({
      zipcode: '73301',
      currentlyInsured: true,
      currentCompany: 'State Farm',
      driver1FirstName: 'Ada',
      driver1Dob: '1950-12-25',
      driver2FirstName: 'Charles',
      driver2Dob: '1960-01-02',
      vehicle1Year: 2019,
      vehicle1Make: 'Toyota',
      vehicle1Model: 'Camry',
      vehicle2Year: 2021,
      vehicle2Make: 'Ford',
      vehicle2Model: 'F-150',
    });
  });
  it.each([null, undefined, 'zipcode=90210', 42, ['90210'], true])('never throws and yields {} for %j', (input) => {
    expect(parseLeadValues('auto', input)).toEqual({});
    expect(parseLeadValues('medicare', input)).toEqual({});
  });
  it('lists every known field name once, including flat driver and vehicle names', () => {
    expect(new Set(LEAD_FIELD_NAMES).size).toBe(LEAD_FIELD_NAMES.length);
    for (const name of [
      'zipcode',
      'haveMedicaid',
      'phone',
      'driver1FirstName',
      'driver2Dob',
      'driver3LicenseStatus',
      'vehicle3Model',
      'tobaccoUse',
    ]) {
      expect(LEAD_FIELD_NAMES).toContain(name);
    }
    // 5 auto + 3 drivers x 17 (Relationship: another driver's relation to driver 1) + 3 vehicles x 3
    // = 65 auto names; Medicare adds haveMedicare,
    // haveMedicaid, firstName, lastName, phone, email; life adds gender, dateOfBirth,
    // tobaccoUse, coverageAmount; every product carries callbackAt (a call-back time).
    expect(LEAD_FIELD_NAMES).toHaveLength(65 + 6 + 4 + 1);
    expect(LEAD_FIELD_NAMES).toContain('callbackAt');
  });
});
