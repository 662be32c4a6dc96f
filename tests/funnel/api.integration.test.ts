import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CURRENT_CONSENT_VERSIONS } from '../../src/shared/consent';

import { decode, leadsOf, visitor } from '../support/funnel';

/** The version the Medicare contact step shows now: an older one past its grace window is asked again. */
const CURRENT_CONSENT_VERSION = CURRENT_CONSENT_VERSIONS.medicare;

/** The island's JSON path: POST /api/form/submit, zod-validated, idempotent on the submission id. */
describe('POST /api/form/submit', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    submissionId: crypto.randomUUID(),
    page: '/get-yours-otc',
    step: 'zip',
    values: { zipcode: '33101' },
    pageUrl: 'http://bh.localhost/get-yours-otc/zip?utm_source=x',
    ...over,
  });

  it('stores the step and names the next one; a repeated submission id stores once', async () => {
    const v = visitor('bh');
    const first = body();
    const res = await v.api(first);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      next: 'medicare',
      completed: false,
      blocked: false,
      missing: [],
      unknown: [],
      typos: [],
      duplicate: false,
    });
    // Another real ZIP code under the same id (99999 is no ZIP code: the shipped data blocks it).
    const again = await v.api({ ...first, values: { zipcode: '30301' } });
    expect(await again.json()).toMatchObject({ next: 'medicare', duplicate: true });
    expect(decode(await (await v.get('/get-yours-otc/zip')).text())).toContain('value="33101"');
  });

  it('merges into both the form bucket and the shared bucket', async () => {
    const v = visitor('bh');
    await v.api(body({ values: { zipcode: '30301' } }));
    // Another Medicare-product form (a quiz) starts from the shared '*' bucket.
    expect(decode(await (await v.get('/quiz/medicare/zip')).text())).toContain('value="30301"');
  });

  it('skip stores nulls; the handler blocks a step without its required answer', async () => {
    const v = visitor('bh');
    const blocked = await v.api(body({ values: { zipcode: 'nope' } }));
    expect(await blocked.json()).toMatchObject({ next: null, blocked: true, missing: ['zipcode'] });
    const skipped = await v.api(body({ step: 'medicare', action: 'skip', values: { haveMedicare: null } }));
    expect(await skipped.json()).toMatchObject({ next: 'medicaid', blocked: false });
  });

  it('the final step writes one lead with the consent proof, the same id twice still one', async () => {
    const v = visitor('bh');
    await v.api(body());
    await v.api(body({ step: 'name', values: { firstName: 'Ada' } }));
    const final = body({
      step: 'contact',
      values: { phone: '(305) 555-0182' },
      consentVersion: CURRENT_CONSENT_VERSION,
      pageUrl: 'http://bh.localhost/get-yours-otc/contact?email=a%40b.co&utm_source=x',
    });
    expect(await (await v.api(final)).json()).toMatchObject({ next: null, completed: true });
    expect(await (await v.api(final)).json()).toMatchObject({ completed: true, duplicate: true });
    const leads = await leadsOf(v.id);
    expect(leads).toHaveLength(1);
    expect(leads[0]?.page_url).toBe('http://bh.localhost/get-yours-otc/contact?utm_source=x');
    expect(leads[0]?.consent_version).toBe(CURRENT_CONSENT_VERSION);
  });

  it('answers malformed bodies with 400 JSON and keeps what was stored', async () => {
    const v = visitor('bh');
    await v.api(body());
    const bad: unknown[] = [
      { ...body(), submissionId: 'x' },
      { ...body(), values: { zipcode: { nested: true } } },
      { ...body(), values: 'zipcode=1' },
      { ...body(), extra: 1 },
      { ...body(), page: '/no-such-page' },
      { ...body(), step: 'no-such-step' },
      { ...body(), page: '/save-auto' }, // an auto page is not served for brand bh
      [],
    ];
    for (const b of bad) {
      const res = await v.api(b);
      expect(res.status, JSON.stringify(b)).toBe(400);
      const json = await res.json<{ error: { code: string; message: string } }>();
      expect(typeof json.error.code).toBe('string');
    }
    const notJson = await v.fetch('/api/form/submit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"submissionId":',
    });
    expect(notJson.status).toBe(400);
    const huge = await v.api(body({ values: { zipcode: '1'.repeat(40_000) } }));
    expect([400, 413]).toContain(huge.status);
    expect(decode(await (await v.get('/get-yours-otc/zip')).text())).toContain('value="33101"');
  });
});

describe('exit intent on pages', () => {
  it('renders the dialog island with the spec defaults where the page names a hook', async () => {
    const html = decode(await (await SELF.fetch('http://bh.localhost/get-yours-otc')).text());
    expect(html).toContain('data-island="exit-intent"');
    expect(html).toMatch(
      /"hook":"showDialog","options":\{"repeatAfterDays":7,"scrollDebounce":300,"touchDeviceSensitivity":15,"scrollPercentageToTrigger":0,"delaySecondsAndTrigger":0,"triggerOnExitIntent":true,"triggerOnPageLoad":false,"inactiveSecondsAndTrigger":0,"idleTime":60000\}/,
    );
    expect(html).toMatch(/<dialog[^>]*class="exit-intent"/);
  });
});
