import { describe, expect, it } from 'vitest';
import { brandByCode } from '../../brands';
import { finishAuto } from '../support/auto-funnel';
import { finishMedicare, medicareContactOf } from '../support/consent';
import { decode, hiddenFieldsOf, submitStep, visitor } from '../support/funnel';
import { asIfTaken } from '../support/pace';
import { passedTurnstile } from '../support/turnstile';

/**
 * The finish tells a visitor whose lead was kept the truth they can act on: kept because of
 * their own opt-out (what it means, where to look), or because a page without JavaScript could
 * not check a person sent it (call to finish). In English and Spanish, with and without JavaScript.
 */
const sellerOf = (brand: string) => brandByCode(brand)?.consent.medicare?.sellers[0]?.id ?? '';

/** The confirmation block of a finished page, decoded. */
async function finishOf(v: ReturnType<typeof visitor>, path: string): Promise<string> {
  const res = await v.get(path);
  expect(res.status).toBe(200);
  const html = decode(await res.text());
  const start = html.indexOf('data-confirmation');
  expect(start, 'the page shows the confirmation').toBeGreaterThan(0);
  // Up to the end of the confirmation (past the offer wall an auto finish nests in it).
  return html.slice(start, html.indexOf('</section>', html.indexOf('confirmation__next', start)));
}

describe('kept for the visitor’s own opt-out', () => {
  it('Sec-GPC: 1, without JavaScript: the finish says the details went nowhere because of their choice, and links their data page', async () => {
    const v = visitor('bh');
    await v.fetch('/get-yours-otc', { headers: { 'sec-gpc': '1' } });
    await finishMedicare(v, [sellerOf('bh')]);
    const finish = await finishOf(v, '/get-yours-otc/contact');
    expect(finish).toContain('data-shared="no"');
    expect(finish).toContain('data-withheld-because="opted-out"');
    expect(finish).toContain('You asked us not to sell or share your information (Global Privacy Control');
    expect(finish).toContain('Global Privacy Control is a setting of your browser');
    expect(finish).toMatch(/<a href="\/your-data">Your data<\/a>/);
    expect(finish).not.toContain('A licensed agent looks at the plans');
  });

  it('in Spanish, with the Spanish data page', async () => {
    const v = visitor('m10es');
    await v.fetch('/get-yours-otc-es', { headers: { 'sec-gpc': '1' } });
    await finishMedicare(v, [sellerOf('m10es')], medicareContactOf(v), { base: '/get-yours-otc-es' });
    const finish = await finishOf(v, '/get-yours-otc-es/contact');
    expect(finish).toContain('Usted pidió que no vendamos ni compartamos su información');
    expect(finish).toMatch(/<a href="\/your-data\?lang=es">Sus datos<\/a>/);
  });

  it('with JavaScript: the final submit’s answer carries the reason the island shows', async () => {
    const v = visitor('bh');
    await v.fetch('/get-yours-otc', { headers: { 'sec-gpc': '1' } });
    await submitStep(v, '/get-yours-otc/zip', { zipcode: '33101' });
    await submitStep(v, '/get-yours-otc/medicare', { haveMedicare: '1' });
    await submitStep(v, '/get-yours-otc/medicaid', { haveMedicaid: '0' });
    await submitStep(v, '/get-yours-otc/name', { firstName: 'Ada', lastName: 'Lovelace' });
    const hidden = hiddenFieldsOf(await (await v.get('/get-yours-otc/contact')).text());
    await asIfTaken(v);
    const res = await v.api({
      submissionId: crypto.randomUUID(),
      page: '/get-yours-otc',
      step: 'contact',
      values: { phone: medicareContactOf(v).phone, [`consentSeller:${sellerOf('bh')}`]: 'yes' },
      consentVersion: hidden.consentVersion,
      quoteToken: hidden.quoteToken,
      turnstileToken: passedTurnstile(v.origin, 'medicare'),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ completed: true, shared: false, withheldBecause: 'opted-out' });
  });
});

describe('kept because a page without JavaScript could not be verified', () => {
  it('an auto lead posted without a Turnstile token: the finish says to call to finish, with the number', async () => {
    const v = visitor('ps');
    const location = await finishAuto(v, '/save-auto', { 'cf-turnstile-response': '' });
    const finish = await finishOf(v, location);
    expect(finish).toContain('data-withheld-because="unverified"');
    expect(finish).toContain('We could not confirm that a person sent this request');
    expect(finish).toContain('To finish your request, call the number below');
    expect(finish).toMatch(/href="tel:\+1\d{10}"/);
  });

  it('in Spanish', async () => {
    const v = visitor('m10es');
    await finishMedicare(v, [sellerOf('m10es')], medicareContactOf(v), { base: '/get-yours-otc-es', turnstile: false });
    const finish = await finishOf(v, '/get-yours-otc-es/contact');
    expect(finish).toContain('Para terminar su solicitud, llame al número de abajo');
  });

  it('a lead delivered with a token keeps the usual finish', async () => {
    const v = visitor('ps');
    const finish = await finishOf(v, await finishAuto(v));
    expect(finish).toContain('data-shared="yes"');
    expect(finish).not.toContain('data-withheld-because');
  });
});
