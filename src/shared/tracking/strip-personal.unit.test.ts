import { describe, expect, it } from 'vitest';
import { isPersonalKey, stripPersonal, stripPersonalProperties } from './strip-personal';

describe('personal fields stripped from event properties', () => {
  it('removes lead fields of every product at any depth', () => {
    const properties = {
      stepName: 'contact',
      data: {
        zipcode: '33101',
        haveMedicare: true,
        firstName: 'Ada',
        lastName: 'Lovelace',
        driver1FirstName: 'Ada',
        driver2LastName: 'King',
        driver1Dob: '1950-01-01',
        driver1DobMonth: '01',
        driver1Email: 'ada@example.com',
        driver1Phone: '(305) 555-0101',
        driver1Address: '1 Main St',
        driver1Address2: 'Apt 2',
        drivers: [{ first_name: 'Ada', primary_phone: '3055550101', birth_date: '1950-01-01', gender: 'F' }],
      },
    };
    expect(stripPersonal(properties)).toEqual({
      stepName: 'contact',
      data: { zipcode: '33101', haveMedicare: true, drivers: [{ gender: 'F' }] },
    });
  });

  it("removes the spec's personal query fields in any case", () => {
    expect(
      stripPersonalProperties({
        FirstName: 'a',
        AGE: 70,
        device: 'x',
        devicetype: 'y',
        session_id: 'z',
        has_medicare: 1,
        has_medicaid: 0,
        keep: 1,
      }),
    ).toEqual({ keep: 1 });
  });

  it('keeps context keys that only look similar', () => {
    for (const key of ['phoneRule', 'pageName', 'name', 'sessionId', 'ipLookup', 'template', 'userAgent']) {
      expect(isPersonalKey(key), key).toBe(false);
    }
  });

  it('cleans personal query fields out of addresses and query strings', () => {
    expect(
      stripPersonal({
        url: {
          href: 'https://bh.example/get-yours-otc?gclid=abc&email=a%40b.co&firstname=Ada',
          search: '?phone=1&utm_campaign=x',
          pathname: '/p',
        },
      }),
    ).toEqual({
      url: { href: 'https://bh.example/get-yours-otc?gclid=abc', search: '?utm_campaign=x', pathname: '/p' },
    });
  });

  it('drops email-looking strings under any key', () => {
    expect(stripPersonal({ label: 'Contact ada@example.com', text: 'Get quotes' })).toEqual({ text: 'Get quotes' });
  });

  it('cuts off deep nesting and drops functions', () => {
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 12; i += 1) deep = { next: deep };
    const result = JSON.stringify(stripPersonal(deep));
    expect(result).not.toContain('leaf');
    expect(stripPersonal({ f: () => 1, n: null })).toEqual({ n: null });
  });
});
