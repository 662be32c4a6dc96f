import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { brandByCode } from '../../brands';
import { finishAuto, autoContactOf } from '../support/auto-funnel';
import { consentPage, finishMedicare, leadOf, medicareContactOf } from '../support/consent';
import { decode, hiddenFieldsOf, submissionIdOf, submitStep, visitor, type Visitor } from '../support/funnel';
import { asIfTaken } from '../support/pace';
import { pollUntil } from '../support/poll';
import { sandboxScope } from '../support/sandbox';
import { passedTurnstile } from '../support/turnstile';

/**
 * Consent carried past the screen: personal data only to the companies a visitor chose, a
 * certificate only for consent given, opt-outs obeyed at delivery and on every later page, and
 * a confirmation that says what happened. Each test walks the funnel through the Worker and
 * reads where the data lands: the sandbox's record per company, the lead row, the page.
 */
const bh = brandByCode('bh');
const sellers = bh?.consent.medicare?.sellers ?? [];
const m10esSellers = brandByCode('m10es')?.consent.medicare?.sellers ?? [];
const WAIT_MS = 15_000;

async function withheldReasons(leadId: string): Promise<string[]> {
  const row = await env.DB.prepare('SELECT withheld_reasons FROM leads WHERE id = ?')
    .bind(leadId)
    .first<{ withheld_reasons: string | null }>();
  return JSON.parse(row?.withheld_reasons ?? '[]') as string[];
}

/** The confirmation the visitor sees on the form's address after finishing. */
async function confirmationOf(v: Visitor, path: string): Promise<{ shared: string | undefined; text: string }> {
  const html = decode(await (await v.get(path)).text());
  const section = /<section[^>]*data-confirmation=""[^>]*>[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  return { shared: /data-shared="(yes|no)"/.exec(section)?.[1], text: section.replace(/<[^>]+>/g, ' ') };
}

describe('personal data only to the companies chosen', () => {
  it('in Spanish on m10es: the second company ticked receives the lead; the certificate names it and only it', async () => {
    const sb = sandboxScope();
    const v = visitor('m10es', { ip: sb.ip });
    const base = '/get-yours-otc-es';
    await submitStep(v, `${base}/zip`, { zipcode: '33101' });
    await submitStep(v, `${base}/medicare`, { haveMedicare: '1' });
    await submitStep(v, `${base}/medicaid`, { haveMedicaid: '0' });
    await submitStep(v, `${base}/name`, { firstName: 'Ada', lastName: 'Lovelace' });
    const page = await consentPage(v, `${base}/contact`);
    await asIfTaken(v);
    const chosen = m10esSellers[1];
    const own = medicareContactOf(v);
    const res = await v.post(`${base}/contact`, {
      ...hiddenFieldsOf(page.raw),
      submissionId: submissionIdOf(page.raw),
      ...own,
      [`consentSeller:${chosen?.id}`]: 'yes',
      'cf-turnstile-response': passedTurnstile(v.origin, 'medicare'),
    });
    expect(res.status).toBe(303);
    const lead = await leadOf(v.id);
    const calls = await pollUntil(
      () => sb.calls('sellers'),
      (c) => c.length > 0,
      WAIT_MS,
    );
    expect(calls.map((c) => c.path)).toEqual([`/${chosen?.id}/leads`]);
    for (const other of m10esSellers.filter((s) => s.id !== chosen?.id))
      expect(JSON.stringify(await sb.calls('sellers'))).not.toContain(`/${other.id}/`);
    const { jws } = await (
      await v.fetch(`/certificates/${lead.certificate_id}`, { headers: { accept: 'application/json' } })
    ).json<{ jws: string }>();
    const payload = JSON.parse(atob((jws.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as {
      recipients: { id: string; name: string }[];
      lead_status: string;
      action: string;
    };
    expect(payload).toMatchObject({
      recipients: [{ id: chosen?.id, name: chosen?.name }],
      lead_status: 'complete',
      action: 'submit',
    });
    expect((await confirmationOf(v, `${base}/contact`)).shared).toBe('yes');
  });

  it('Skip on the contact step: partial, no certificate, nothing shared, and the confirmation says so', async () => {
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    await submitStep(v, '/get-yours-otc/zip', { zipcode: '33101' });
    await submitStep(v, '/get-yours-otc/medicare', { haveMedicare: '1' });
    await submitStep(v, '/get-yours-otc/medicaid', { haveMedicaid: '0' });
    await submitStep(v, '/get-yours-otc/name', { firstName: 'Ada', lastName: 'Lovelace' });
    const page = await consentPage(v, '/get-yours-otc/contact');
    await asIfTaken(v);
    await v.post('/get-yours-otc/contact', {
      ...hiddenFieldsOf(page.raw),
      submissionId: submissionIdOf(page.raw),
      [`consentSeller:${sellers[0]?.id}`]: 'yes',
      'cf-turnstile-response': passedTurnstile(v.origin, 'medicare'),
      _action: 'skip',
    });
    const lead = await leadOf(v.id);
    expect(lead.certificate_id).toBeNull();
    const row = await env.DB.prepare('SELECT status, partial_reasons, consent_action, delivery FROM leads WHERE id = ?')
      .bind(lead.id)
      .first<{ status: string; partial_reasons: string; consent_action: string; delivery: string }>();
    expect(row).toMatchObject({ status: 'partial', consent_action: 'skip', delivery: 'withheld' });
    expect(JSON.parse(row?.partial_reasons ?? '[]')).toContain('skipped');
    const confirmation = await confirmationOf(v, '/get-yours-otc/contact');
    expect(confirmation.shared).toBe('no');
    expect(confirmation.text).toContain('were not shared with any company');
    expect(confirmation.text).not.toContain('may call you at the number you gave');
    expect(await sb.calls('sellers')).toEqual([]);
  });

  it('a consent version no page shows any more: no lead, no certificate, nothing shared (the step asks again)', async () => {
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    // Without JavaScript the step comes back (303 to itself) with the current text to agree to.
    await finishMedicare(v, [sellers[0]?.id ?? ''], medicareContactOf(v), { extra: { consentVersion: '2026-01-01' } });
    const row = await env.DB.prepare('SELECT id FROM leads WHERE visitor_id = ?').bind(v.id).first();
    expect(row).toBeNull();
    expect(await sb.calls('sellers')).toEqual([]);
  });
});

describe('opt-outs obeyed everywhere', () => {
  it('do-not-sell with an email, then a new auto lead with it on another brand: nothing delivered, no tag manager after', async () => {
    const sb = sandboxScope();
    const v = visitor('ps', { ip: sb.ip });
    const own = autoContactOf(v);
    const filed = await v.post('/do-not-sell', { email: own.driver1Email.toUpperCase(), phone: '' });
    expect(filed.status).toBe(303);
    // The request keeps no raw contact.
    const stored = await env.DB.prepare(
      "SELECT email, phone, email_fingerprint FROM privacy_requests WHERE kind = 'do-not-sell' AND visitor_id = ?",
    )
      .bind(v.id)
      .first<{ email: string | null; phone: string | null; email_fingerprint: string | null }>();
    expect(stored).toMatchObject({
      email: null,
      phone: null,
      email_fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // This browser's later pages carry no tag manager or ad script.
    const later = await (await v.get('/save-auto')).text();
    expect(later).not.toContain('/gtm.js');
    expect(later).not.toContain('/ads.js');

    // Another person's browser, same email: the lead is kept and sold to no one.
    const other = visitor('tqg', { ip: sb.ip });
    await finishAuto(other, '/save-auto', { driver1Email: own.driver1Email });
    const lead = await leadOf(other.id);
    expect(await withheldReasons(lead.id)).toContain('opted_out');
    const barrier = visitor('ps', { ip: sb.ip });
    await finishAuto(barrier);
    await pollUntil(
      () => sb.calls('quotewizard', '/v1/leads/auto'),
      (calls) => calls.length > 0,
      WAIT_MS,
    );
    const sent = JSON.stringify(await sb.calls('quotewizard'));
    expect(sent).not.toContain(own.driver1Email);
    expect(sent).toContain(autoContactOf(barrier).driver1Email);
  });

  it('a GPC page, then pages without the header: no tag manager or ad script on any, and the lead goes nowhere', async () => {
    const v = visitor('bh');
    const first = await v.fetch('/get-yours-otc', { headers: { 'sec-gpc': '1' } });
    expect(first.headers.getSetCookie().some((c) => c.startsWith('__Host-qf_optout=1'))).toBe(true);
    for (const path of ['/get-yours-otc', '/find-benefits', '/']) {
      const html = await (await v.get(path)).text();
      expect(html, path).not.toContain('/gtm.js');
      expect(html, path).not.toContain('/ads.js');
      expect(html, path).toMatch(/"gpc":true/);
    }
    await finishMedicare(v, [sellers[0]?.id ?? '']);
    const lead = await leadOf(v.id);
    expect(lead.gpc).toBe(1);
    expect(await withheldReasons(lead.id)).toContain('opted_out');
  });
});

describe('the screen and the lead tell the truth', () => {
  it('a phone typed as plain digits without JavaScript is kept, as the island would keep it', async () => {
    const v = visitor('bh');
    const own = medicareContactOf(v);
    const digits = own.phone.replace(/\D/g, '');
    await finishMedicare(v, [sellers[0]?.id ?? ''], { phone: digits, email: own.email });
    const lead = await leadOf(v.id);
    expect((JSON.parse(lead.values) as { phone?: string }).phone).toBe(own.phone);
    expect((await confirmationOf(v, '/get-yours-otc/contact')).shared).toBe('yes');
  });
});
