import { describe, expect, it } from 'vitest';
import { brandByCode } from '../../brands';
import { consentDisclosure, CURRENT_CONSENT_VERSION, sha256Hex } from '../../src/shared/consent';
import { decode, leadsOf, PERSON_USER_AGENT, submissionIdOf, submitStep, visitor } from '../support/funnel';

/**
 * The funnel with JavaScript off: every step is a real form posted to the Worker, which
 * stores the values and answers 303 to the next step; the last step writes the lead.
 */
describe('Medicare funnel without JavaScript', () => {
  it('walks every step, shows stored values, and writes the lead with its consent proof', async () => {
    const v = visitor('bh');
    expect(await submitStep(v, '/get-yours-otc/zip?utm_source=news', { zipcode: '33101' })).toBe(
      '/get-yours-otc/medicare?utm_source=news',
    );
    expect(await submitStep(v, '/get-yours-otc/medicare?utm_source=news', { haveMedicare: '1' })).toBe(
      '/get-yours-otc/medicaid?utm_source=news',
    );
    expect(await submitStep(v, '/get-yours-otc/medicaid?utm_source=news', { haveMedicaid: '0' })).toBe(
      '/get-yours-otc/name?utm_source=news',
    );
    expect(
      await submitStep(v, '/get-yours-otc/name?utm_source=news', { firstName: ' Ada ', lastName: 'Lovelace' }),
    ).toBe('/get-yours-otc/contact?utm_source=news');

    // The next step shows what was stored; going back shows earlier answers.
    const contact = decode(await (await v.get('/get-yours-otc/contact?utm_source=news')).text());
    expect(contact).toContain('name="phone"');
    // The Medicare disclosure names the brand and each company the visitor ticks, never "marketing partners".
    expect(contact).toMatch(/the companies I ticked, and that they and Benefit Helpers may call/);
    const back = decode(await (await v.get('/get-yours-otc/name')).text());
    expect(back).toContain('value="Ada"');
    expect(back).toContain('value="Lovelace"');
    expect(decode(await (await v.get('/get-yours-otc/medicare')).text())).toMatch(
      /name="haveMedicare" checked="" value="1"/,
    );

    // Final step: the form stays put and shows the completion with a number to call.
    const done = await submitStep(v, '/get-yours-otc/contact?utm_source=news', {
      phone: '(305) 555-0182',
      email: 'ada@example.com',
      consentVersion: CURRENT_CONSENT_VERSION,
    });
    expect(done).toBe('/get-yours-otc/contact?utm_source=news');
    const finalPage = await (await v.get(done)).text();
    expect(finalPage).toContain('Thank you! Your request is in.');

    const leads = await leadsOf(v.id);
    expect(leads).toHaveLength(1);
    const lead = leads[0] ?? expect.unreachable('one lead');
    expect(lead).toMatchObject({
      brand: 'bh',
      page: 'get-yours-otc',
      form: 'medicare',
      product: 'medicare',
      ip: v.ip,
      user_agent: PERSON_USER_AGENT,
      consent_version: CURRENT_CONSENT_VERSION,
      consent_text_language: 'english',
    });
    expect(lead.smid).toMatch(/^\d{6}$/);
    expect(JSON.parse(lead.values)).toEqual({
      zipcode: '33101',
      haveMedicare: true,
      haveMedicaid: false,
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '(305) 555-0182',
      email: 'ada@example.com',
    });
    const shown = consentDisclosure(CURRENT_CONSENT_VERSION, 'english', brandByCode('bh')?.name ?? '');
    expect(lead.consent_sha256).toBe(await sha256Hex(shown?.text ?? ''));
    expect(lead.page_url).toBe('http://bh.localhost/get-yours-otc/contact?utm_source=news');
    expect(lead.consent_at).not.toBeNull();
  });

  it('drops personal query fields from the carried query and prefills the form from them', async () => {
    const v = visitor('bh');
    // Spec section 2, without JavaScript: a 303 to the address without its personal fields, the values kept.
    const arrival = await v.get('/get-yours-otc?firstname=Grace&lastname=Hopper&phone=3055550100&utm_campaign=c1');
    expect(arrival.status).toBe(303);
    expect(arrival.headers.get('location')).toBe('/get-yours-otc?utm_campaign=c1');
    const first = await v.get(arrival.headers.get('location') ?? '');
    expect(first.status).toBe(200);
    const html = decode(await first.text());
    expect(html).toContain('action="/get-yours-otc/zip?utm_campaign=c1"');
    const location = await submitStep(v, '/get-yours-otc/zip?utm_campaign=c1', {
      zipcode: '10001',
    });
    expect(location).toBe('/get-yours-otc/medicare?utm_campaign=c1');
    const name = decode(await (await v.get('/get-yours-otc/name')).text());
    expect(name).toContain('value="Grace"');
    expect(name).toContain('value="Hopper"');
    expect(decode(await (await v.get('/get-yours-otc/contact')).text())).toContain('value="(305) 555-0100"');
  });

  it('skip stores every value of the step as null and moves on', async () => {
    const v = visitor('bh');
    await submitStep(v, '/get-yours-otc/zip', { zipcode: '33101' });
    await submitStep(v, '/get-yours-otc/medicare', { haveMedicare: '1' });
    expect(await submitStep(v, '/get-yours-otc/medicare', { haveMedicare: '1', _action: 'skip' })).toBe(
      '/get-yours-otc/medicaid',
    );
    expect(decode(await (await v.get('/get-yours-otc/medicare')).text())).not.toMatch(/checked=""/);
  });

  it('a blocked step (required answer missing) comes back with one plain message on the question', async () => {
    const v = visitor('bh');
    const location = await submitStep(v, '/get-yours-otc/zip', { zipcode: 'abc' });
    expect(location).toBe('/get-yours-otc/zip?missing=zipcode');
    const html = decode(await (await v.get(location)).text());
    expect(html).toContain('Enter your 5-digit ZIP code.');
    expect(html).not.toContain('is not valid');
    expect(html).not.toContain('Please answer the question above');
    expect(html).toContain('aria-invalid="true"');
  });

  it('Spanish pages get Spanish labels, options and consent', async () => {
    const v = visitor('bh');
    const html = decode(await (await v.get('/get-yours-otc-es/contact')).text());
    expect(html).toContain('Su mejor número de teléfono');
    expect(html).toContain('las compañías que marqué y que ellas y Benefit Helpers me llamen');
    expect(html).not.toContain('socios de mercadeo');
    expect(decode(await (await v.get('/get-yours-otc-es/medicare')).text())).toContain('Sí');
  });
});

describe('auto funnel without JavaScript', () => {
  it('walks every step with 2 vehicles and 2 drivers (add and remove) and writes the lead', async () => {
    const v = visitor('ps');
    expect(await submitStep(v, '/save-auto/zip', { zipcode: '60601' })).toBe('/save-auto/vehicles');
    // Add a vehicle slot: the values so far are stored and the step comes back with 2 slots.
    const added = await submitStep(v, '/save-auto/vehicles', {
      vehicle1Year: '2020',
      vehicle1Make: 'Honda',
      vehicle1Model: 'Civic',
      vehicles: '1',
      _action: 'add',
    });
    expect(added).toBe('/save-auto/vehicles?vehicles=2');
    const twoSlots = decode(await (await v.get(added)).text());
    expect(twoSlots).toContain('name="vehicle2Year"');
    expect(twoSlots).toContain('value="Civic"');
    expect(twoSlots).toContain('<option value="2020" selected="">');
    expect(
      await submitStep(v, added, {
        vehicle1Year: '2020',
        vehicle1Make: 'Honda',
        vehicle1Model: 'Civic',
        vehicle2Year: '2018',
        vehicle2Make: 'Toyota',
        vehicle2Model: 'Camry',
        vehicles: '2',
      }),
    ).toBe('/save-auto/insurance');
    // One question a screen: each posts on its own (the tiles are the radios of a form that posts).
    expect(await submitStep(v, '/save-auto/insurance', { currentlyInsured: '1' })).toBe('/save-auto/insurer');
    expect(await submitStep(v, '/save-auto/insurer', { currentCompany: 'State Farm' })).toBe('/save-auto/home');
    expect(await submitStep(v, '/save-auto/home', { homeowner: '1' })).toBe('/save-auto/home-quote');
    expect(await submitStep(v, '/save-auto/home-quote', { interestedInHomeInsurance: '0' })).toBe('/save-auto/drivers');
    // The date of birth is one box without JavaScript too, typed as a visitor types it.
    const driversPage = decode(await (await v.get('/save-auto/drivers')).text());
    expect(driversPage).toContain('name="driver1Dob"');
    expect(driversPage).not.toContain('name="driver1DobMonth"');

    const driver1 = {
      driver1FirstName: 'Ada',
      driver1LastName: 'Lovelace',
      driver1Gender: 'female',
      driver1MaritalStatus: 'married',
      driver1Dob: '12/10/1965',
      driver1LicenseStatus: 'active',
      driver1Sr22: '0',
      driver1CreditRating: 'good',
      driver1MilitaryAffiliation: '1',
    };
    const driver2 = {
      driver2FirstName: 'William',
      driver2LastName: 'King',
      driver2Relationship: 'spouse',
      driver2Dob: '02211965',
      driver2LicenseStatus: 'active',
      driver2Sr22: '0',
      driver2CreditRating: 'excellent',
    };
    const driver3 = {
      driver3FirstName: 'Byron',
      driver3LastName: 'King',
      driver3Dob: '1/1/1990',
    };
    expect(await submitStep(v, '/save-auto/drivers', { ...driver1, drivers: '1', _action: 'add' })).toBe(
      '/save-auto/drivers?drivers=2',
    );
    expect(await submitStep(v, '/save-auto/drivers?drivers=2', { ...driver1, drivers: '2', _action: 'add' })).toBe(
      '/save-auto/drivers?drivers=3',
    );
    // Remove driver 2 of 3: driver 3 moves up to become driver 2.
    expect(
      await submitStep(v, '/save-auto/drivers?drivers=3', {
        ...driver1,
        ...driver2,
        ...driver3,
        drivers: '3',
        _action: 'remove:2',
      }),
    ).toBe('/save-auto/drivers?drivers=2');
    const afterRemove = decode(await (await v.get('/save-auto/drivers?drivers=2')).text());
    expect(afterRemove).toContain('value="Byron"');
    expect(afterRemove).toContain('value="01/01/1990"');
    expect(afterRemove).not.toContain('name="driver3FirstName"');
    expect(await submitStep(v, '/save-auto/drivers?drivers=2', { ...driver1, ...driver2, drivers: '2' })).toBe(
      '/save-auto/driver-details',
    );
    // License and record on their own step, one slot per driver named before, nothing to add there.
    const details = decode(await (await v.get('/save-auto/driver-details')).text());
    expect(details).toContain('name="driver2LicenseStatus"');
    expect(details).not.toContain('name="driver3LicenseStatus"');
    expect(details).not.toContain('name="driver1FirstName"');
    expect(details.slice(details.indexOf('<form'), details.indexOf('</form>'))).not.toContain('Add another driver');
    expect(await submitStep(v, '/save-auto/driver-details', { ...driver1, ...driver2, drivers: '2' })).toBe(
      '/save-auto/contact',
    );

    const done = await submitStep(v, '/save-auto/contact', {
      driver1Phone: '(312) 555-0147',
      driver1Email: 'ada@example.com',
      driver1Address: '1 Main St',
      driver1Address2: '',
      consentVersion: CURRENT_CONSENT_VERSION,
    });
    expect(done).toBe('/save-auto/contact');
    const leads = await leadsOf(v.id);
    expect(leads).toHaveLength(1);
    const values = JSON.parse(leads[0]?.values ?? '{}') as Record<string, unknown>;
    expect(values).toMatchObject({
      zipcode: '60601',
      vehicle1Year: 2020,
      vehicle1Make: 'Honda',
      vehicle2Model: 'Camry',
      currentlyInsured: true,
      currentCompany: 'State Farm',
      homeowner: true,
      interestedInHomeInsurance: false,
      driver1Dob: '1965-12-10',
      driver2FirstName: 'William',
      driver2Dob: '1965-02-21',
      driver1MilitaryAffiliation: true,
      driver1Phone: '(312) 555-0147',
    });
    expect(values.driver3FirstName).toBeUndefined();
    expect(values.driver1Address2).toBeUndefined();
    expect(leads[0]?.consent_sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('life form and quizzes without JavaScript', () => {
  it('the life form (get-life-now) completes with its decided fields', async () => {
    const v = visitor('bh');
    expect(await submitStep(v, '/get-life-now/zip', { zipcode: '85001' })).toBe('/get-life-now/coverage');
    expect(await submitStep(v, '/get-life-now/coverage', { coverageAmount: '25000' })).toBe('/get-life-now/about');
    expect(
      await submitStep(v, '/get-life-now/about', {
        gender: 'female',
        dateOfBirthMonth: '3',
        dateOfBirthDay: '4',
        dateOfBirthYear: '1952',
        tobaccoUse: '0',
      }),
    ).toBe('/get-life-now/name');
    expect(await submitStep(v, '/get-life-now/name', { firstName: 'Ada', lastName: 'Lovelace' })).toBe(
      '/get-life-now/contact',
    );
    await submitStep(v, '/get-life-now/contact', { phone: '(602) 555-0123', consentVersion: CURRENT_CONSENT_VERSION });
    const [lead] = await leadsOf(v.id);
    expect(lead?.product).toBe('life');
    expect(JSON.parse(lead?.values ?? '{}')).toEqual({
      zipcode: '85001',
      coverageAmount: '25000',
      gender: 'female',
      dateOfBirth: '1952-03-04',
      tobaccoUse: false,
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '(602) 555-0123',
    });
  });

  it('a quiz asks one question per screen and ends in a lead', async () => {
    const v = visitor('bh');
    const steps: [string, Record<string, string>][] = [
      ['zip', { zipcode: '33101' }],
      ['medicare', { haveMedicare: '1' }],
      ['medicaid', { haveMedicaid: '1' }],
      ['name', { firstName: 'Ada' }],
      ['phone', { phone: '(305) 555-0182', consentVersion: CURRENT_CONSENT_VERSION }],
    ];
    for (const [step, fields] of steps) {
      const html = await (await v.get(`/quiz/otc/${step}`)).text();
      // The step's own heading (the page's sections below the form have headings of their own).
      expect(html.match(/<h2 id="[^"]*-title"/g)?.length, `${step}: one question`).toBe(1);
      await submitStep(v, `/quiz/otc/${step}`, fields);
    }
    const [lead] = await leadsOf(v.id);
    expect(lead).toMatchObject({ form: 'quiz-otc', page: 'otc-quiz', product: 'medicare' });
  });
});

describe('stored values are never lost', () => {
  it('a reposted form (same submission id) stores once and writes one lead', async () => {
    const v = visitor('bh');
    const page = await (await v.get('/get-yours-otc/zip')).text();
    const id = submissionIdOf(page);
    // Two real ZIP codes (11111 and 22222 are none, and would not be kept).
    expect((await v.post('/get-yours-otc/zip', { submissionId: id, zipcode: '33101' })).status).toBe(303);
    expect((await v.post('/get-yours-otc/zip', { submissionId: id, zipcode: '60601' })).status).toBe(303);
    expect(decode(await (await v.get('/get-yours-otc/zip')).text())).toContain('value="33101"');

    for (const step of ['medicare', 'medicaid']) await submitStep(v, `/get-yours-otc/${step}`, {});
    await submitStep(v, '/get-yours-otc/name', { firstName: 'Ada' });
    const contact = await (await v.get('/get-yours-otc/contact')).text();
    const final = {
      submissionId: submissionIdOf(contact),
      phone: '(305) 555-0182',
      consentVersion: CURRENT_CONSENT_VERSION,
    };
    await v.post('/get-yours-otc/contact', final);
    await v.post('/get-yours-otc/contact', final);
    expect(await leadsOf(v.id)).toHaveLength(1);
  });

  it('bad or empty input never answers 500 and never erases what was stored', async () => {
    const v = visitor('bh');
    await submitStep(v, '/get-yours-otc/zip', { zipcode: '33101' });
    await submitStep(v, '/get-yours-otc/name', { firstName: 'Ada', lastName: 'Lovelace' });
    // Invalid and empty values are dropped, never stored; a required answer given invalidly is
    // asked again, as with JavaScript (src/shared/forms/step-verdict.ts), and the stored one stays.
    expect(await submitStep(v, '/get-yours-otc/zip', { zipcode: '1234x' })).toBe('/get-yours-otc/zip?missing=zipcode');
    expect(await submitStep(v, '/get-yours-otc/name', { firstName: '   ', lastName: 'x'.repeat(300) })).toBe(
      '/get-yours-otc/name?missing=firstName',
    );
    const junk = [
      v.post('/get-yours-otc/zip', { submissionId: 'not-a-uuid', zipcode: '<script>' }),
      v.get('/get-yours-otc/zip').then(() => v.post('/get-yours-otc/nope', { zipcode: '99999' })),
    ];
    for (const res of await Promise.all(junk)) expect(res.status).toBeLessThan(500);
    const binary = await v.get('/get-yours-otc/zip').then(() =>
      v.fetch('/get-yours-otc/zip', {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: new Uint8Array([0, 255, 1, 2]).buffer,
      }),
    );
    expect(binary.status).toBe(303);
    const html = decode(await (await v.get('/get-yours-otc/name')).text());
    expect(html).toContain('value="Ada"');
    expect(html).toContain('value="Lovelace"');
    expect(decode(await (await v.get('/get-yours-otc/zip')).text())).toContain('value="33101"');
  });
});

describe('personal fields in the address without JavaScript (spec section 2)', () => {
  // The spec's list, written here: firstname, lastname, age, email, phone, dateofbirth, address,
  // device, devicetype, session_id, has_medicare, has_medicaid.
  const SPEC_PERSONAL = [
    'firstname',
    'lastname',
    'age',
    'email',
    'phone',
    'dateofbirth',
    'address',
    'device',
    'devicetype',
    'session_id',
    'has_medicare',
    'has_medicaid',
  ];

  it('answers with a 303 to the clean address for each of them, on a page with or without a form', async () => {
    for (const name of SPEC_PERSONAL) {
      for (const path of ['/get-yours-otc/zip', '/privacy']) {
        const v = visitor('bh');
        const res = await v.get(`${path}?utm_source=news&${name}=x1&gclid=${'g'.repeat(16)}`);
        expect(res.status, `${path} ${name}`).toBe(303);
        expect(res.headers.get('location')).toBe(`${path}?utm_source=news&gclid=${'g'.repeat(16)}`);
      }
    }
  });

  it('keeps the values for prefill, tells the clean page once, and leaves an address without them alone', async () => {
    const v = visitor('bh');
    const arrival = await v.get('/get-yours-otc/name?firstname=Ada&lastname=Lovelace');
    expect(arrival.headers.get('location')).toBe('/get-yours-otc/name');
    const page = await v.get('/get-yours-otc/name');
    expect(page.status).toBe(200);
    const html = decode(await page.text());
    expect(html).toContain('value="Ada"');
    expect(html).toContain('value="Lovelace"');
    expect(html).toContain('"answersFromAddress":true');
    const again = decode(await (await v.get('/get-yours-otc/name')).text());
    expect(again).toContain('"answersFromAddress":false');
    expect((await v.get('/get-yours-otc/name?utm_source=news')).status).toBe(200);
  });
});
