import { describe, expect, it } from 'vitest';
import { mapQuoteWizardAutoLead, mapQuoteWizardLead } from './mapping';

describe('QuoteWizard auto mapping (spec section 7)', () => {
  it('maps every field of a full lead', () => {
    expect(
      mapQuoteWizardAutoLead({
        zipcode: '60601',
        currentlyInsured: true,
        currentCompany: 'State Farm',
        homeowner: true,
        driver1FirstName: 'Grace',
        driver1LastName: 'Hopper',
        driver1Email: 'grace@example.com',
        driver1Dob: '1966-12-09',
        driver1Address: '1 Main St',
        driver1Phone: '(312) 555-0188',
        driver1Gender: 'female',
        driver1MaritalStatus: 'married',
        driver1CreditRating: 'good',
        driver1MilitaryAffiliation: true,
        driver2FirstName: 'Sam',
        driver2MaritalStatus: 'widowed',
        driver2MilitaryAffiliation: false,
        vehicle1Year: '2019',
        vehicle1Make: 'Toyota',
        vehicle1Model: 'Camry',
      }),
    ).toEqual({
      zip: '60601',
      drivers: [
        {
          first_name: 'Grace',
          last_name: 'Hopper',
          email: 'grace@example.com',
          dob: '1966-12-09',
          address: '1 Main St',
          primary_phone: '3125550188',
          gender: 'female',
          own_or_rent: 'own',
          marital_status: 'married',
          credit_rating: 'good',
          military_experience: 'true',
        },
        { first_name: 'Sam', own_or_rent: 'own', marital_status: 'non-married', military_experience: 'false' },
      ],
      coverage: { has_coverage: 'yes', former_insurer: 'state farm' },
      vehicles: [{ year: '2019', make: 'Toyota', model: 'Camry' }],
    });
  });

  it.each(['single', 'divorced', 'separated', 'widowed', 'domestic partner', 'unknown'])(
    'sends %s as non-married',
    (status) => {
      expect(mapQuoteWizardAutoLead({ driver1MaritalStatus: status }).drivers).toEqual([
        { marital_status: 'non-married' },
      ]);
    },
  );

  it('sends has_coverage no and rent for false answers, and omits unknown ones', () => {
    expect(mapQuoteWizardAutoLead({ currentlyInsured: false, homeowner: false, driver1FirstName: 'A' })).toEqual({
      drivers: [{ first_name: 'A', own_or_rent: 'rent' }],
      coverage: { has_coverage: 'no' },
    });
    expect(mapQuoteWizardAutoLead({})).toEqual({});
  });
});

describe('a household of two drivers', () => {
  it('a driver named the spouse makes both drivers married; the relation itself is not sent', () => {
    const mapped = mapQuoteWizardAutoLead({
      driver1FirstName: 'Ada',
      driver1Dob: '1965-12-10',
      driver2FirstName: 'William',
      driver2LastName: 'King',
      driver2Dob: '1965-02-21',
      driver2Relationship: 'spouse',
    });
    expect(mapped.drivers).toEqual([
      { first_name: 'Ada', dob: '1965-12-10', marital_status: 'married' },
      { first_name: 'William', last_name: 'King', dob: '1965-02-21', marital_status: 'married' },
    ]);
  });

  it('a child is not married by relation, and an answered marital status stands', () => {
    const mapped = mapQuoteWizardAutoLead({
      driver1FirstName: 'Ada',
      driver1MaritalStatus: 'widowed',
      driver2FirstName: 'Byron',
      driver2Relationship: 'child',
    });
    expect(mapped.drivers).toEqual([{ first_name: 'Ada', marital_status: 'non-married' }, { first_name: 'Byron' }]);
  });
});

describe('QuoteWizard for Medicare', () => {
  it('throws the spec error', () => {
    expect(() => mapQuoteWizardLead('medicare', {})).toThrow(
      new Error('QuoteWizard schema not implemented for Medicare'),
    );
    expect(mapQuoteWizardLead('auto', { zipcode: '60601' })).toEqual({ zip: '60601' });
  });
});
