import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { decode, submissionIdOf, submitStep, visitor, type Visitor } from '../support/funnel';
import { asIfTaken } from '../support/pace';
import { sandboxScope } from '../support/sandbox';

/**
 * Without JavaScript, the same facts. A step posted as a plain form writes
 * the formStepSubmitted the island would send (server-side, same context fields); the last
 * step leases a number on the server and the completion shows it; a page view is counted
 * once, by the page's <noscript> image when no script runs.
 */
const WAIT = { timeout: 15_000, interval: 100 };

interface EventRow {
  id: string;
  event: string;
  page: string | null;
  step_name: string | null;
  step_number: number | null;
  session_id: string;
  properties: string;
}

async function eventsOf(v: Visitor, event: string): Promise<EventRow[]> {
  const rows = await env.DB.prepare(
    'SELECT id, event, page, step_name, step_number, session_id, properties FROM events WHERE anonymous_id = ? AND event = ? ORDER BY received_at',
  )
    .bind(v.id, event)
    .all<EventRow>();
  return rows.results;
}

describe('a step posted without JavaScript', () => {
  it("writes formStepSubmitted with the island's fields and the event context, once per submission", async () => {
    const v = visitor('bh', { userAgent: 'no-js-test/1.0' });
    const path = '/get-yours-otc/name?utm_source=news&afid=aff42';
    const page = await v.get(path);
    const html = await page.text();
    const id = submissionIdOf(html);
    const post = () => v.post(path, { submissionId: id, firstName: 'Ada', lastName: 'Lovelace' });
    expect((await post()).status).toBe(303);
    await expect.poll(async () => (await eventsOf(v, 'formStepSubmitted')).length, WAIT).toBe(1);
    const [row] = await eventsOf(v, 'formStepSubmitted');
    expect(row).toMatchObject({ page: 'get-yours-otc', step_name: 'name', step_number: 4 });
    const props = JSON.parse(row?.properties ?? '{}') as Record<string, unknown>;
    expect(props).toMatchObject({
      stepName: 'name',
      stepNumber: 4,
      brand: { id: 'bh' },
      userId: v.id,
      page: {
        name: 'get-yours-otc',
        product: 'medicare',
        template: expect.any(String),
        step: { name: 'name', number: 4, fallback: false },
      },
      url: { pathname: '/get-yours-otc/name', search: '?utm_source=news&afid=aff42' },
      urlParams: { utm_source: 'news', afid: 'aff42' },
      phoneRule: { afid: 'aff42' },
      userAgent: 'no-js-test/1.0',
      ipLookup: { value: v.ip },
      // No script ran: the Worker's own check of the user agent (a test client's is no browser's).
      botDetection: { bot: true, signals: ['bot-ua'] },
    });
    expect(typeof props.formVersion).toBe('string');
    expect(props.session).toMatchObject({ id: row?.session_id });
    // Personal fields never reach an event: the names typed are not in it.
    expect(row?.properties).not.toContain('Ada');
    expect(row?.properties).not.toContain('Lovelace');

    // The same form posted again (reload, double click) is the same fact: still one row.
    expect((await post()).status).toBe(303);
    await submitStep(v, '/get-yours-otc/contact', { phone: '(305) 555-0182' });
    await expect
      .poll(async () => (await eventsOf(v, 'formStepSubmitted')).map((e) => e.step_name), WAIT)
      .toEqual(['name', 'contact']);
  });

  it('a skip is reported with empty data; the JSON (JavaScript) path writes none on the server', async () => {
    const v = visitor('bh');
    // The island's path: the island reports this step itself, the Worker must not count it too.
    const json = await v.api({
      submissionId: crypto.randomUUID(),
      page: '/get-yours-otc',
      step: 'zip',
      values: { zipcode: '33101' },
    });
    expect(json.status).toBe(200);
    await submitStep(v, '/get-yours-otc/medicare', { haveMedicare: '1', _action: 'skip' });
    await expect.poll(async () => (await eventsOf(v, 'formStepSubmitted')).length, WAIT).toBe(1);
    const [row] = await eventsOf(v, 'formStepSubmitted');
    expect(row?.step_name).toBe('medicare');
    expect(JSON.parse(row?.properties ?? '{}')).toMatchObject({ data: {} });
  });
});

describe('a form finished without JavaScript', () => {
  it('leases a number on the server and the completion shows it', async () => {
    const sb = sandboxScope();
    const v = visitor('ps', { ip: sb.ip });
    await submitStep(v, '/save-auto/zip', { zipcode: '60601' });
    for (const step of ['vehicles', 'insurance', 'insurer', 'home', 'home-quote'])
      await submitStep(v, `/save-auto/${step}`, { _action: 'skip' });
    await submitStep(v, '/save-auto/drivers', {
      driver1FirstName: 'Grace',
      driver1LastName: 'Hopper',
      driver1DobMonth: '12',
      driver1DobDay: '9',
      driver1DobYear: '1966',
      drivers: '1',
    });
    await submitStep(v, '/save-auto/driver-details', { _action: 'skip' });
    // At a person's pace: a lead judged a bot gets the default number (src/worker/defence), not the point here.
    await asIfTaken(v);
    const done = await submitStep(v, '/save-auto/contact', {
      driver1Phone: '(312) 555-0188',
      driver1Email: 'grace@example.com',
    });
    expect(done).toBe('/save-auto/contact');
    // The partner was asked once, for this visitor's lead, before (or just after) the redirect.
    await expect.poll(async () => (await sb.calls('mediaalpha', '/get-phone')).length, WAIT).toBe(1);
    const [call] = await sb.calls('mediaalpha', '/get-phone');
    expect(call?.body).toMatchObject({ data: { zip: '60601' }, sub_3: 'save-auto' });
    // The completion card shows the leased sandbox number (1-833-555-xxxx), not the brand's default.
    await expect
      .poll(async () => {
        const page = decode(await (await v.get(done)).text());
        // The completion card is shown and every number on the page to call is the lease.
        const shown = [...page.matchAll(/class="cta-phone__number">([^<]+)</g)].map((m) => m[1]);
        return (
          /class="[^"]*quote-form__done/.test(page) &&
          shown.length > 0 &&
          shown.every((n) => /^1-833-555-\d{4}$/.test(n ?? ''))
        );
      }, WAIT)
      .toBe(true);
  });
});

describe('a page view without JavaScript', () => {
  it('the page carries a <noscript> image that records one pageView with the step', async () => {
    const v = visitor('bh');
    const html = await (await v.get('/get-yours-otc/medicare?utm_campaign=spring')).text();
    const src = decode(/<noscript><img src="([^"]+)"/.exec(html)?.[1] ?? '');
    expect(src).toBe('/api/event/noscript-view.gif?path=%2Fget-yours-otc%2Fmedicare');
    const pixel = await v.fetch(src, {
      headers: { referer: `${v.origin}/get-yours-otc/medicare?utm_campaign=spring` },
    });
    expect(pixel.status).toBe(200);
    expect(pixel.headers.get('content-type')).toBe('image/gif');
    expect(pixel.headers.get('cache-control')).toBe('no-store');
    await expect.poll(async () => (await eventsOf(v, 'pageView')).length, WAIT).toBe(1);
    const [row] = await eventsOf(v, 'pageView');
    expect(row).toMatchObject({ page: 'get-yours-otc', step_name: 'medicare', step_number: 2 });
    expect(JSON.parse(row?.properties ?? '{}')).toMatchObject({
      pageName: expect.stringContaining('get-yours-otc'),
      url: { search: '?utm_campaign=spring' },
      page: { step: { name: 'medicare', fallback: false } },
    });
  });

  it("a landing view records the page's own path, not its first step's (where the form posts)", async () => {
    const v = visitor('bh');
    const html = await (await v.get('/get-yours-otc?utm_campaign=spring')).text();
    const src = decode(/<noscript><img src="([^"]+)"/.exec(html)?.[1] ?? '');
    expect(src).toBe('/api/event/noscript-view.gif?path=%2Fget-yours-otc');
    // The first step named in the address is another page to the view: the shared shell must not mix them.
    const stepHtml = await (await v.get('/get-yours-otc/zip')).text();
    expect(decode(/<noscript><img src="([^"]+)"/.exec(stepHtml)?.[1] ?? '')).toBe(
      '/api/event/noscript-view.gif?path=%2Fget-yours-otc%2Fzip',
    );
    expect((await v.fetch(src, { headers: { referer: `${v.origin}/get-yours-otc?utm_campaign=spring` } })).status).toBe(
      200,
    );
    await expect.poll(async () => (await eventsOf(v, 'pageView')).length, WAIT).toBe(1);
    const [row] = await eventsOf(v, 'pageView');
    // Spec section 2: a missing step shows the first step, and that is no fallback.
    expect(row).toMatchObject({ page: 'get-yours-otc', step_name: 'zip', step_number: 1 });
    expect(JSON.parse(row?.properties ?? '{}')).toMatchObject({
      url: { pathname: '/get-yours-otc', search: '?utm_campaign=spring' },
      page: { step: { name: 'zip', fallback: false } },
    });
  });

  it('an unknown step is reported as the fallback first step; an unknown page is refused (400) and records nothing', async () => {
    const v = visitor('bh');
    const html = await (await v.get('/get-yours-otc/nonsense')).text();
    const src = decode(/<noscript><img src="([^"]+)"/.exec(html)?.[1] ?? '');
    expect(src).toBe('/api/event/noscript-view.gif?path=%2Fget-yours-otc&fallback=1');
    const unknown = await v.fetch('/api/event/noscript-view.gif?path=%2Fno-such-page');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { code: 'unknown_page' } });
    expect((await v.fetch(src)).status).toBe(200);
    await expect.poll(async () => (await eventsOf(v, 'pageView')).length, WAIT).toBe(1);
    const [row] = await eventsOf(v, 'pageView');
    expect(row).toMatchObject({ page: 'get-yours-otc', step_name: 'zip', step_number: 1 });
    expect(JSON.parse(row?.properties ?? '{}')).toMatchObject({ fallback: true });
  });
});
