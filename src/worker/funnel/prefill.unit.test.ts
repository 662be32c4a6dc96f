import { describe, expect, it } from 'vitest';
import { prefillFromQuery } from './prefill';

describe('prefill from the address (spec section 2 personal fields)', () => {
  it('maps the parameters to lead field names, case-insensitively, and parses them leniently', () => {
    const values = prefillFromQuery(
      new URLSearchParams(
        'FirstName=Ada&lastname=Lovelace&phone=3055550182&email=ada%40example.com&dateofbirth=12/10/1950&has_medicare=1&has_medicaid=no&address=1+Main+St&zip_code=33101&age=75',
      ),
    );
    expect(values).toEqual({
      firstName: 'Ada',
      driver1FirstName: 'Ada',
      lastName: 'Lovelace',
      driver1LastName: 'Lovelace',
      phone: '(305) 555-0182',
      driver1Phone: '(305) 555-0182',
      email: 'ada@example.com',
      driver1Email: 'ada@example.com',
      dateOfBirth: '1950-12-10',
      driver1Dob: '1950-12-10',
      haveMedicare: true,
      haveMedicaid: false,
      driver1Address: '1 Main St',
      zipcode: '33101',
    });
  });

  it('drops invalid values and answers null when nothing usable arrived', () => {
    expect(prefillFromQuery(new URLSearchParams('email=not-an-email&dateofbirth=02/30/1950&utm_source=x'))).toBeNull();
    expect(prefillFromQuery(new URLSearchParams(''))).toBeNull();
  });
});
