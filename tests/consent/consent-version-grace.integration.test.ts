import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { brandByCode } from '../../brands';
import { CONSENT_GRACE_MS, CONSENT_VERSIONS, consentDisclosure, visibleConsent } from '../../src/shared/consent';
import {
  atHumanPace,
  consentPage,
  finishMedicare,
  jwsPayload,
  leadOf,
  medicareContactOf,
  sha256Hex,
} from '../support/consent';
import { decode, hiddenFieldsOf, submissionIdOf, submitStep, visitor, type Visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { sandboxScope } from '../support/sandbox';
import { passedTurnstile } from '../support/turnstile';

/**
 * A consent-version deploy never loses a lead, and never certifies a text the visitor did not
 * read. A page rendered under the Medicare version before 2026-12-22-medicare and sent within the
 * grace window after that deploy is certified under the version it showed, and delivered; sent
 * later, nothing is recorded or shared and the step asks again with the current text, the
 * answers kept. The certificate names what was visible next to the button and whether the
 * consent's <details> was opened.
 */
const OLD = '2026-12-15-medicare';
const CURRENT = '2026-12-22-medicare';
const supersededAt = Date.parse(CONSENT_VERSIONS[OLD]?.supersededAt ?? '');
const sellers = brandByCode('bh')?.consent.medicare?.sellers ?? [];
const chosen = sellers[1];

async function contactStep(v: Visitor) {
  await submitStep(v, '/get-yours-otc/zip', { zipcode: '33101' });
  await submitStep(v, '/get-yours-otc/medicare', { haveMedicare: '1' });
  await submitStep(v, '/get-yours-otc/medicaid', { haveMedicaid: '0' });
  await submitStep(v, '/get-yours-otc/name', { firstName: 'Ada', lastName: 'Lovelace' });
  const page = await consentPage(v, '/get-yours-otc/contact');
  await atHumanPace(v);
  return page;
}

/** The island's submit of the consent step, at a pinned Worker clock, posting `version` as the page's. */
function sendContact(v: Visitor, raw: string, version: string, at: number, opened: 'yes' | 'no') {
  return v.fetch('/api/form/submit', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-dev-clock': new Date(at).toISOString() },
    body: JSON.stringify({
      submissionId: submissionIdOf(raw),
      page: '/get-yours-otc',
      step: 'contact',
      action: 'submit',
      values: { ...medicareContactOf(v), [`consentSeller:${chosen?.id}`]: 'yes', consentFullTextOpened: opened },
      consentVersion: version,
      pageUrl: `${v.origin}/get-yours-otc/contact`,
      quoteToken: hiddenFieldsOf(raw).quoteToken,
      turnstileToken: passedTurnstile(v.origin, 'medicare'),
    }),
  });
}

async function certificateOf(v: Visitor, id: string | null): Promise<Record<string, unknown>> {
  const res = await v.fetch(`/certificates/${id}`, { headers: { accept: 'application/json' } });
  expect(res.status).toBe(200);
  return jwsPayload((await res.json<{ jws: string }>()).jws);
}

async function deliveries(leadId: string) {
  const rows = await env.DB.prepare('SELECT recipient, status FROM lead_deliveries WHERE lead_id = ?')
    .bind(leadId)
    .all<{ recipient: string; status: string }>();
  return rows.results;
}

describe('a consent version changed while the page was open', () => {
  it('inside the grace window: certified under the version the page showed, naming what was visible, and delivered', async () => {
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    const page = await contactStep(v);
    const res = await sendContact(v, page.raw, OLD, supersededAt + CONSENT_GRACE_MS - 60_000, 'yes');
    expect(await res.json()).toMatchObject({ completed: true, shared: true });
    const lead = await leadOf(v.id);
    const old = consentDisclosure(OLD, 'english', 'Benefit Helpers');
    expect(lead.consent_version).toBe(OLD);
    expect(lead.consent_sha256).toBe(await sha256Hex(old?.text ?? ''));
    const payload = await certificateOf(v, lead.certificate_id);
    // The old page showed a summary line in view and the full text behind a tap: the certificate says so.
    const summary = old ? visibleConsent(old)?.text : undefined;
    expect(summary).toMatch(/^By pressing "Talk to a licensed agent"/);
    expect(payload).toMatchObject({
      consent: { version: OLD, sha256: lead.consent_sha256 },
      shown: {
        version: OLD,
        visible_sha256: await sha256Hex(summary ?? ''),
        attested_in_view: false,
        full_text_opened: true,
      },
    });
    const sent = await pollUntil(
      () => deliveries(lead.id),
      (rows) => rows.some((r) => r.status === 'accepted'),
      15_000,
    );
    expect(sent).toEqual([{ recipient: chosen?.id, status: 'accepted' }]);
  });

  it('past the grace window: nothing recorded or shared, the step asks again with the current text, the answers kept', async () => {
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    const page = await contactStep(v);
    const late = supersededAt + CONSENT_GRACE_MS + 60_000;
    const res = await sendContact(v, page.raw, OLD, late, 'no');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: 'consent_changed', issues: [{ path: ['consentVersion'] }] },
    });
    const rows = await env.DB.prepare('SELECT id FROM leads WHERE visitor_id = ?').bind(v.id).all();
    expect(rows.results).toEqual([]);
    expect(await sb.calls('sellers')).toEqual([]);

    // Where the island goes: the same step, the current text, why it asks again, the phone still there.
    const again = await consentPage(v, '/get-yours-otc/contact?consent=changed');
    expect(again.version).toBe(CURRENT);
    expect(again.html).toContain('The wording of this consent changed after this page was opened');
    expect(again.html).toContain(`value="${medicareContactOf(v).phone}"`);

    // Agreeing to the current text finishes it: certified under it, all of it in view.
    const done = await sendContact(v, again.raw, CURRENT, late, 'no');
    expect(await done.json()).toMatchObject({ completed: true, shared: true });
    const lead = await leadOf(v.id);
    expect(lead.consent_version).toBe(CURRENT);
    expect(await certificateOf(v, lead.certificate_id)).toMatchObject({
      consent: { version: CURRENT, sha256: lead.consent_sha256 },
      shown: { version: CURRENT, visible_sha256: lead.consent_sha256, attested_in_view: true, full_text_opened: false },
    });
  });

  it('an unknown version is asked again as well; without JavaScript the step comes back (303) with the notice', async () => {
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    const page = await contactStep(v);
    const res = await v.post('/get-yours-otc/contact', {
      ...hiddenFieldsOf(page.raw),
      submissionId: submissionIdOf(page.raw),
      ...medicareContactOf(v),
      [`consentSeller:${chosen?.id}`]: 'yes',
      consentVersion: '2099-01-01-medicare',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/get-yours-otc/contact?consent=changed');
    const html = decode(await (await v.get('/get-yours-otc/contact?consent=changed')).text());
    expect(html).toContain('The wording of this consent changed');
    const rows = await env.DB.prepare('SELECT id FROM leads WHERE visitor_id = ?').bind(v.id).all();
    expect(rows.results).toEqual([]);
  });

  it('without JavaScript the certificate says whether the details were opened was not measured', async () => {
    const v = visitor('bh');
    await finishMedicare(v, [chosen?.id ?? '']);
    const lead = await leadOf(v.id);
    expect(await certificateOf(v, lead.certificate_id)).toMatchObject({
      shown: { version: CURRENT, attested_in_view: true, full_text_opened: 'not_measured' },
    });
  });
});
