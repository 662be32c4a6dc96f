import { describe, expect, it } from 'vitest';
import { decode, submitStep, visitor, type Visitor } from '../support/funnel';

/**
 * On the server: a ZIP code is checked against the shipped ZIP data (not
 * only for five digits), both for the island's JSON and for a form posted without
 * JavaScript, and a blocked step says one plain, kind thing per problem, in the page's language.
 */
const zipBody = (zipcode: string, page = '/get-yours-otc') => ({
  submissionId: crypto.randomUUID(),
  page,
  step: 'zip',
  values: { zipcode },
  pageUrl: `http://bh.localhost${page}/zip`,
});

/** The error lines a rendered step shows (visible ones: a cleared line is aria-hidden). */
function errorLines(html: string): string[] {
  return [...html.matchAll(/<p class="error"[^>]*role="alert"[^>]*>([^<]*)<\/p>/g)].map((m) => m[1] ?? '');
}

async function stepHtml(v: Visitor, path: string): Promise<string> {
  const res = await v.get(path);
  expect(res.status).toBe(200);
  return decode(await res.text());
}

describe('a ZIP code the shipped data does not hold', () => {
  for (const zipcode of ['00000', '99999']) {
    it(`JSON: ${zipcode} blocks the step as unknown and is not kept`, async () => {
      const v = visitor('bh');
      const reply = await v.api(zipBody(zipcode));
      expect(reply.status).toBe(200);
      expect(await reply.json()).toMatchObject({
        next: null,
        blocked: true,
        missing: ['zipcode'],
        unknown: ['zipcode'],
      });
      expect(await stepHtml(v, '/get-yours-otc/zip')).not.toContain(`value="${zipcode}"`);
    });
  }

  it('JSON: a real ZIP code advances, and a malformed one is missing, not unknown', async () => {
    const v = visitor('bh');
    expect(await (await v.api(zipBody('33101'))).json()).toMatchObject({ next: 'medicare', unknown: [] });
    expect(await (await v.api(zipBody('3310'))).json()).toMatchObject({
      blocked: true,
      missing: ['zipcode'],
      unknown: [],
    });
  });

  it('without JavaScript: 00000 comes back with "We don’t recognize that ZIP code" and nothing else', async () => {
    const v = visitor('bh');
    const location = await submitStep(v, '/get-yours-otc/zip?utm_source=news', { zipcode: '00000' });
    expect(location).toBe('/get-yours-otc/zip?utm_source=news&missing=zipcode&unknown=zipcode');
    const html = await stepHtml(v, location);
    expect(errorLines(html)).toEqual(['We don’t recognize that ZIP code. Check the 5 digits and try again.']);
    expect(html).toContain('aria-invalid="true"');
    // The round trip's own parameters are not carried to the next step.
    expect(await submitStep(v, location, { zipcode: '33101' })).toBe('/get-yours-otc/medicare?utm_source=news');
  });

  it('without JavaScript, in Spanish: the same problems in Spanish', async () => {
    const v = visitor('m10es');
    const unknown = await submitStep(v, '/get-yours-otc-es/zip', { zipcode: '99999' });
    expect(errorLines(await stepHtml(v, unknown))).toEqual([
      'No reconocemos ese código postal. Revise los 5 dígitos e inténtelo de nuevo.',
    ]);
    const empty = await submitStep(v, '/get-yours-otc-es/zip', { zipcode: '' });
    expect(errorLines(await stepHtml(v, empty))).toEqual(['Escriba su código postal de 5 dígitos.']);
  });
});

describe('one plain message per problem', () => {
  it('an empty ZIP code gets one line that says what to do, no generic second line', async () => {
    const v = visitor('bh');
    const location = await submitStep(v, '/get-yours-otc/zip', { zipcode: '' });
    const html = await stepHtml(v, location);
    expect(errorLines(html)).toEqual(['Enter your 5-digit ZIP code.']);
    expect(html).not.toMatch(/is not valid|highlighted question|question above/);
  });

  it('a driver step missing its answers names each one kindly', async () => {
    const v = visitor('ps');
    await submitStep(v, '/save-auto/zip', { zipcode: '60601' });
    const location = await submitStep(v, '/save-auto/drivers', { driver1FirstName: 'Ada', drivers: '1' });
    expect(new URL(location, v.origin).searchParams.get('missing')).toBe('driver1LastName,driver1Dob');
    expect(errorLines(await stepHtml(v, location))).toEqual([
      'Enter a last name.',
      'Enter the date of birth: month, day and 4-digit year.',
    ]);
  });
});

describe('Enter submits the main action without JavaScript', () => {
  it('the first submit button of every step form is the main action (no name), before "Add another driver"', async () => {
    const v = visitor('ps');
    for (const path of ['/save-auto/zip', '/save-auto/vehicles', '/save-auto/drivers', '/save-auto/driver-details']) {
      const html = await stepHtml(v, path);
      const form = html.slice(html.indexOf('<form'), html.indexOf('</form>'));
      const first = /<button[^>]*type="submit"[^>]*>/.exec(form)?.[0] ?? '';
      expect(first, path).toContain('default-submit');
      expect(first, path).not.toContain('name="_action"');
    }
    // A post with no _action (what Enter sends) is the step's submit, not an added slot.
    const location = await submitStep(v, '/save-auto/drivers', {
      driver1FirstName: 'Ada',
      driver1LastName: 'Lovelace',
      driver1DobMonth: '12',
      driver1DobDay: '10',
      driver1DobYear: '1965',
      drivers: '1',
    });
    expect(location).toBe('/save-auto/driver-details');
  });
});
