import { describe, expect, it } from 'vitest';
import { mapAutoLead, mapMedicareLead, removeEmpty, type AutoLeadFields } from './mapping';

describe('MediaAlpha Medicare mapping (spec section 7)', () => {
  it('maps every field: zip, currently_insured, receives_medicaid, contact', () => {
    expect(
      mapMedicareLead({
        zipcode: '33101',
        haveMedicare: true,
        haveMedicaid: false,
        firstName: 'Ada',
        lastName: 'Lovelace',
      }),
    ).toEqual({
      zip: '33101',
      currently_insured: 1,
      receives_medicaid: 0,
      contact: 'Ada Lovelace',
    });
  });

  it("sends zip 'auto' when no zip is known, and the resolved zip when given", () => {
    expect(mapMedicareLead({})).toEqual({ zip: 'auto' });
    expect(mapMedicareLead({ zipcode: '33101' }, '90210').zip).toBe('90210');
    expect(mapMedicareLead({ zipcode: '33101' }, null).zip).toBe('33101');
  });

  it('omits undefined booleans instead of sending 0, and a name with one part is kept', () => {
    const mapped = mapMedicareLead({ zipcode: '33101', haveMedicaid: true, lastName: 'Lovelace' });
    expect(mapped).toEqual({ zip: '33101', receives_medicaid: 1, contact: 'Lovelace' });
    expect('currently_insured' in mapped).toBe(false);
  });
});

const fullAuto: AutoLeadFields = {
  zipcode: '60601',
  currentlyInsured: true,
  currentCompany: 'State Farm',
  homeowner: false,
  interestedInHomeInsurance: true,
  driver1FirstName: 'Grace',
  driver1LastName: 'Hopper',
  driver1Gender: 'female',
  driver1MaritalStatus: 'married',
  driver1Dob: '1966-12-09',
  driver1Email: 'grace@example.com',
  driver1Phone: '(312) 555-0188',
  driver1Address: '1 Main St',
  driver1Address2: 'Apt 2',
  driver1CreditRating: 'excellent',
  driver1Sr22: false,
  driver1MilitaryAffiliation: true,
  driver1LicenseStatus: 'active',
  driver2FirstName: 'Sam',
  driver2LastName: 'Hopper',
  driver2Gender: 'non-binary',
  driver2MaritalStatus: 'domestic partner',
  driver2Dob: '1970-01-31',
  driver2CreditRating: 'fair',
  driver2Sr22: true,
  driver2MilitaryAffiliation: false,
  driver2LicenseStatus: 'learner',
  vehicle1Year: '2019',
  vehicle1Make: 'Toyota',
  vehicle1Model: 'Camry',
  vehicle2Year: 2021,
  vehicle2Make: 'Ford',
  vehicle2Model: 'F-150',
};

describe('MediaAlpha auto mapping (spec section 7)', () => {
  it('maps every field of a full lead', () => {
    expect(mapAutoLead(fullAuto)).toEqual({
      contact: 'Grace Hopper',
      email: 'grace@example.com',
      phone: '(312) 555-0188',
      address: '1 Main St',
      address2: 'Apt 2',
      zip: '60601',
      home_ownership: 0,
      interested_in_home_insurance: 1,
      vehicles: [
        { year: '2019', make: 'Toyota', model: 'Camry' },
        { year: '2021', make: 'Ford', model: 'F-150' },
      ],
      drivers: [
        {
          driver: 'Grace Hopper',
          gender: 'F',
          marital_status: 'married',
          birth_date: '1966-12-09',
          credit_rating: 'excellent',
          sr_22: 0,
          license_status: 'active',
        },
        {
          driver: 'Sam Hopper',
          gender: 'X',
          marital_status: 'domestic partner',
          birth_date: '1970-01-31',
          credit_rating: 'fair',
          sr_22: 1,
          license_status: 'learner',
        },
      ],
      currently_insured: 1,
      current_company: 'State Farm',
      military_affiliation: 1,
    });
  });

  it('sends no insurer for someone not insured today: one kept from before the answer changed is stale', () => {
    const mapped = mapAutoLead({ ...fullAuto, currentlyInsured: false });
    expect(mapped.currently_insured).toBe(0);
    expect('current_company' in mapped).toBe(false);
  });

  it('codes gender male as M', () => {
    expect(mapAutoLead({ driver1Gender: 'male' }).drivers).toEqual([{ gender: 'M' }]);
  });

  it("uses driver1's military affiliation for the whole lead, ignoring the other drivers'", () => {
    expect(
      mapAutoLead({ driver1MilitaryAffiliation: false, driver2MilitaryAffiliation: true }).military_affiliation,
    ).toBe(0);
    expect('military_affiliation' in mapAutoLead({ driver2MilitaryAffiliation: true })).toBe(false);
  });

  it('removes empty entries: blank strings, unknown drivers and vehicles, empty lists', () => {
    const mapped = mapAutoLead({
      zipcode: '60601',
      driver1FirstName: '  ',
      driver2Gender: 'male',
      vehicle3Make: 'Honda',
    });
    expect(mapped).toEqual({ zip: '60601', drivers: [{ gender: 'M' }], vehicles: [{ make: 'Honda' }] });
    expect(mapAutoLead({})).toEqual({});
  });

  it('prefers the resolved zip over the form zip', () => {
    expect(mapAutoLead({ zipcode: '60601' }, '60602').zip).toBe('60602');
  });
});

describe('removeEmpty', () => {
  it('keeps 0 and false, drops null, undefined, blank strings and emptied containers', () => {
    expect(removeEmpty({ a: 0, b: false, c: null, d: undefined, e: '', f: [null, {}], g: { h: ' ' }, i: 'x' })).toEqual(
      { a: 0, b: false, i: 'x' },
    );
  });
});
