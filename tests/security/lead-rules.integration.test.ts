import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { decode, hiddenFieldsOf, leadsOf, submitStep, visitor, type Visitor } from '../support/funnel';
import { asIfTaken } from '../support/pace';
import { sandboxScope } from '../support/sandbox';
import { passedTurnstile } from '../support/turnstile';
import { answerMedicareSteps, finalStepKit, FIRST_SELLER, jsonStep } from './support';

/**
 * Lead rules on the server. Complete only with every step in order, the
 * current consent version and a valid quote token; otherwise partial and sent to no partner.
 * One visitor, one form, one phone within 24 h: one lead.
 */
const WAIT = { timeout: 15_000, interval: 100 };

interface StatusRow {
  id: string;
  status: string | null;
  partial_reasons: string | null;
  submissions: number;
}

async function statusOf(v: Visitor): Promise<StatusRow[]> {
  const rows = await env.DB.prepare('SELECT id, status, partial_reasons, submissions FROM leads WHERE visitor_id = ?')
    .bind(v.id)
    .all<StatusRow>();
  return rows.results;
}

async function getPhone(v: Visitor, product = 'medicare', page = 'get-yours-otc') {
  const response = await v.fetch('/api/mediaalpha/get-phone', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ product, page }),
  });
  expect(response.status).toBe(200);
}

describe('lead rules', () => {
  it('15 submissions of the final step with one phone give one lead', async () => {
    const v = visitor('bh');
    await answerMedicareSteps(v);
    const kit = await finalStepKit(v);
    const replies = await Promise.all(
      Array.from({ length: 15 }, () => v.api(jsonStep('contact', { phone: '(305) 555-0182', ...FIRST_SELLER }, kit))),
    );
    // Each one is merged into the lead, or refused by the lead-creation rate limit: never a second row.
    const merged = replies.filter((reply) => reply.status === 200).length;
    for (const reply of replies) expect([200, 429]).toContain(reply.status);
    expect(merged).toBeGreaterThan(1);
    const rows = await statusOf(v);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'complete', submissions: merged });
  });

  it('keeps as partial a lead whose steps were skipped, whose consent is missing or whose token is not valid', async () => {
    const onlyFinal = visitor('bh');
    const kit = await finalStepKit(onlyFinal);
    expect((await onlyFinal.api(jsonStep('contact', { phone: '(305) 555-0182', ...FIRST_SELLER }, kit))).status).toBe(
      200,
    );
    expect(await statusOf(onlyFinal)).toMatchObject([{ status: 'partial', partial_reasons: '["steps"]' }]);

    const noConsent = visitor('bh');
    await answerMedicareSteps(noConsent);
    const { quoteToken } = await finalStepKit(noConsent);
    await noConsent.api(jsonStep('contact', { phone: '(305) 555-0183', ...FIRST_SELLER }, { quoteToken }));
    expect(await statusOf(noConsent)).toMatchObject([{ status: 'partial', partial_reasons: '["consent"]' }]);

    const badToken = visitor('bh');
    await answerMedicareSteps(badToken);
    const { consentVersion } = await finalStepKit(badToken);
    await badToken.api(
      jsonStep('contact', { phone: '(305) 555-0184', ...FIRST_SELLER }, { consentVersion, quoteToken: 'v1.e30.AAAA' }),
    );
    expect(await statusOf(badToken)).toMatchObject([{ status: 'partial', partial_reasons: '["quote_token"]' }]);

    // A complete resubmission completes the same row; a partial one after it changes nothing.
    const fresh = await (
      await badToken.fetch('/api/quote-token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json<{ token: string }>();
    await badToken.api(
      jsonStep('contact', { phone: '(305) 555-0184', ...FIRST_SELLER }, { consentVersion, quoteToken: fresh.token }),
    );
    await badToken.api(jsonStep('contact', { phone: '(305) 555-0184', ...FIRST_SELLER }, { consentVersion }));
    const rows = await statusOf(badToken);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'complete', partial_reasons: null, submissions: 3 });
  });

  it('completes a real visitor without JavaScript: the final form carries its own quote token', async () => {
    const v = visitor('bh');
    await submitStep(v, '/get-yours-otc/zip', { zipcode: '33101' });
    for (const step of ['medicare', 'medicaid']) await submitStep(v, `/get-yours-otc/${step}`, { _action: 'skip' });
    await submitStep(v, '/get-yours-otc/name', { firstName: 'Ada', lastName: 'Lovelace' });
    const contact = decode(await (await v.get('/get-yours-otc/contact')).text());
    expect(hiddenFieldsOf(contact).quoteToken).toMatch(/^v1\./);
    await submitStep(v, '/get-yours-otc/contact', { phone: '(305) 555-0185', ...FIRST_SELLER });
    expect(await statusOf(v)).toMatchObject([{ status: 'complete' }]);
  });

  it('sends no contact field to MediaAlpha before consent, nor after Medicare consent, and a partial lead to no partner', async () => {
    // Medicare: get-phone before the final step carries no name, nor after a complete lead (MediaAlpha is not a company listed).
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    await answerMedicareSteps(v);
    await getPhone(v);
    await expect.poll(async () => (await sb.calls('mediaalpha', '/get-phone')).length, WAIT).toBe(1);
    const [before] = await sb.calls('mediaalpha', '/get-phone');
    expect(JSON.stringify(before?.body)).toContain('33101');
    expect(JSON.stringify(before?.body)).not.toMatch(/Ada|Lovelace/);
    const afterScope = sandboxScope();
    const consented = visitor('bh', { ip: afterScope.ip });
    await answerMedicareSteps(consented);
    // Medicare consent is per seller: the visitor ticks the first company listed.
    const seller =
      /name="(consentSeller:[^"]+)"/.exec(await (await consented.get('/get-yours-otc/contact')).text())?.[1] ?? 'none';
    const kit = await finalStepKit(consented);
    expect(
      await (await consented.api(jsonStep('contact', { phone: '(305) 555-0186', [seller]: 'yes' }, kit))).json(),
    ).toMatchObject({ completed: true });
    // The ads listing (a lead judged `bot` by the verdict gets no lease call, but still a listing).
    const ads = await consented.fetch('/api/mediaalpha/ads', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ product: 'medicare', page: 'get-yours-otc' }),
    });
    expect(ads.status).toBe(200);
    await expect.poll(async () => (await afterScope.calls('mediaalpha', '/ads')).length, WAIT).toBe(1);
    const [after] = await afterScope.calls('mediaalpha', '/ads');
    // Medicare data goes only to the company ticked, by its own delivery: MediaAlpha's calls stay without a name.
    expect(JSON.stringify(after?.body)).not.toMatch(/Ada|Lovelace/);
    // And before consent the same listing call carries no name.
    const ads0 = await v.fetch('/api/mediaalpha/ads', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ product: 'medicare', page: 'get-yours-otc' }),
    });
    expect(ads0.status).toBe(200);
    await expect.poll(async () => (await sb.calls('mediaalpha', '/ads')).length, WAIT).toBe(1);
    const [adsBefore] = await sb.calls('mediaalpha', '/ads');
    expect(JSON.stringify(adsBefore?.body)).not.toMatch(/Ada|Lovelace/);

    // Auto on ps (QuoteWizard buys its leads): a lead of the final step alone is partial, and
    // only the complete lead of another visitor reaches QuoteWizard.
    const partialScope = sandboxScope();
    const partial = visitor('ps', { ip: partialScope.ip });
    const contact = hiddenFieldsOf(await (await partial.get('/save-auto/contact')).text());
    await submitStep(partial, '/save-auto/contact', {
      ...contact,
      driver1Phone: '(312) 555-0188',
      driver1Email: 'grace@example.com',
    });
    expect(await statusOf(partial)).toMatchObject([{ status: 'partial', partial_reasons: '["steps"]' }]);

    const completeScope = sandboxScope();
    const complete = visitor('ps', { ip: completeScope.ip });
    await submitStep(complete, '/save-auto/zip', { zipcode: '60601' });
    await submitStep(complete, '/save-auto/vehicles', {
      vehicle1Year: '2020',
      vehicle1Make: 'Toyota',
      vehicle1Model: 'Camry',
      vehicles: '1',
    });
    for (const step of ['insurance', 'insurer', 'home', 'home-quote'])
      await submitStep(complete, `/save-auto/${step}`, { _action: 'skip' });
    await submitStep(complete, '/save-auto/drivers', {
      driver1FirstName: 'Grace',
      driver1LastName: 'Hopper',
      driver1DobMonth: '12',
      driver1DobDay: '9',
      driver1DobYear: '1966',
      drivers: '1',
    });
    await submitStep(complete, '/save-auto/driver-details', { _action: 'skip' });
    // At a person's pace: a lead posted in a second is judged bot and goes to no partner.
    await asIfTaken(complete);
    // Its own phone and email: the partial visitor's would make this one a second person's duplicate.
    await submitStep(complete, '/save-auto/contact', {
      driver1Phone: '(312) 555-0189',
      driver1Email: 'grace.complete@example.com',
      'cf-turnstile-response': passedTurnstile(complete.origin, 'auto'),
    });
    expect(await statusOf(complete)).toMatchObject([{ status: 'complete' }]);
    await expect.poll(async () => (await completeScope.calls('quotewizard')).length, WAIT).toBeGreaterThan(0);
    expect(await partialScope.calls('quotewizard')).toEqual([]);
    expect(await leadsOf(partial.id)).toHaveLength(1);
  });
});
