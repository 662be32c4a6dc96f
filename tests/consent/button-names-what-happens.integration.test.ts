import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  CONSENT_GRACE_MS,
  CONSENT_VERSIONS,
  consentDisclosure,
  CURRENT_CONSENT_VERSIONS,
} from '../../src/shared/consent';
import { autoStepPosts } from '../support/auto-lead';
import { atHumanPace, consentPage, jwsPayload, leadOf, sha256Hex } from '../support/consent';
import { hiddenFieldsOf, submissionIdOf, submitStep, visitor, type Visitor } from '../support/funnel';
import { passedTurnstile } from '../support/turnstile';

/**
 * The last button of each product says what happens next, and the consent text quotes that
 * button word for word, on the page as served: auto and life "Send my request" (no quote is shown
 * after it: the request goes to the partners named, an auto finish lists the offers there are,
 * and a number to call), Medicare "Talk to a licensed agent" (docs/decisions/0330). The auto and
 * life text that quoted "Get my quote" (2026-12-28) is kept: a page of it sent within the grace
 * window after 2026-12-30 went live is certified under it; later, the step asks again.
 */

/** The main button of the step as served (the same label on the hidden Enter default). */
function buttonLabel(html: string): string | undefined {
  return /<button[^>]*class="btn"[^>]*>([^<]*)<\/button>/.exec(html)?.[1];
}

/** Every label the page's consent words quote as the button pressed ("By clicking/pressing", "Al pulsar/hacer clic en"). */
function quotedLabels(html: string): string[] {
  return [
    ...html.matchAll(/(?:By clicking|By pressing|and clicking|Al pulsar|Al hacer clic en|y hacer clic en) "([^"]+)"/g),
  ].map((m) => m[1] ?? '');
}

async function autoContactStep(v: Visitor, base: string) {
  const posts = autoStepPosts(base);
  const contact = posts.pop();
  for (const { path, form } of posts) await submitStep(v, path, form);
  return consentPage(v, contact?.path ?? '');
}

async function lifeContactStep(v: Visitor) {
  await submitStep(v, '/get-life-now/zip', { zipcode: '85001' });
  await submitStep(v, '/get-life-now/coverage', { _action: 'skip' });
  await submitStep(v, '/get-life-now/about', { _action: 'skip' });
  await submitStep(v, '/get-life-now/name', { firstName: 'Grace', lastName: 'Hopper' });
  return consentPage(v, '/get-life-now/contact');
}

async function medicareContactStep(v: Visitor, base: string) {
  await submitStep(v, `${base}/zip`, { zipcode: '33101' });
  await submitStep(v, `${base}/medicare`, { haveMedicare: '1' });
  await submitStep(v, `${base}/medicaid`, { haveMedicaid: '0' });
  await submitStep(v, `${base}/name`, { firstName: 'Ada', lastName: 'Lovelace' });
  return consentPage(v, `${base}/contact`);
}

describe('the last button says what happens next, and the consent quotes it', () => {
  const cases = [
    { product: 'auto', brand: 'ps', label: 'Send my request', step: (v: Visitor) => autoContactStep(v, '/call-auto') },
    { product: 'life', brand: 'bh', label: 'Send my request', step: lifeContactStep },
    {
      product: 'medicare',
      brand: 'bh',
      label: 'Talk to a licensed agent',
      step: (v: Visitor) => medicareContactStep(v, '/get-yours-otc'),
    },
    {
      product: 'medicare',
      brand: 'm10es',
      label: 'Hablar con un agente',
      step: (v: Visitor) => medicareContactStep(v, '/get-yours-otc-es'),
    },
  ] as const;

  for (const { product, brand, label, step } of cases) {
    it(`${product} on ${brand}: the button reads "${label}" and every consent line on the step quotes exactly it`, async () => {
      const page = await step(visitor(brand));
      expect(page.version).toBe(CURRENT_CONSENT_VERSIONS[product]);
      expect(buttonLabel(page.html)).toBe(label);
      const quoted = quotedLabels(page.html);
      expect(quoted.length, 'the step shows consent words that name its button').toBeGreaterThan(0);
      expect(new Set(quoted)).toEqual(new Set([label]));
      expect(page.html).not.toContain('Get my quote');
    });
  }

  it('auto and life in Spanish: the current text quotes the label its button shows, and no quote is promised', () => {
    for (const product of ['auto', 'life'] as const) {
      const english = consentDisclosure(CURRENT_CONSENT_VERSIONS[product], 'english', 'X');
      const spanish = consentDisclosure(CURRENT_CONSENT_VERSIONS[product], 'spanish', 'X');
      expect(english?.action).toBe('Send my request');
      expect(spanish?.action).toBe('Enviar mi solicitud');
      expect(quotedLabels(english?.text ?? '')).toEqual(['Send my request']);
      expect(quotedLabels(spanish?.text ?? '')).toEqual(['Enviar mi solicitud']);
      expect(`${english?.text} ${spanish?.text}`).not.toMatch(/quote"|cotización"/);
    }
  });
});

const OLD = '2026-12-28';
const CURRENT = '2026-12-30';
const supersededAt = Date.parse(CONSENT_VERSIONS[OLD]?.supersededAt ?? '');

/** A life visitor's own phone, so one person's lead per product never makes another test's a duplicate. */
function lifePhoneOf(v: Pick<Visitor, 'key'>): string {
  const n = parseInt(v.key.replace(/-/g, '').slice(0, 8), 16) % 8_000_000;
  const digits = String(2_000_000 + n).padStart(7, '0');
  return `(602) ${digits.slice(0, 3)}-${digits.slice(3)}`;
}

/** The island's submit of the life consent step at a pinned Worker clock, posting `version` as the page's. */
function sendLifeContact(v: Visitor, raw: string, version: string, at: number) {
  return v.fetch('/api/form/submit', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-dev-clock': new Date(at).toISOString() },
    body: JSON.stringify({
      submissionId: submissionIdOf(raw),
      page: '/get-life-now',
      step: 'contact',
      action: 'submit',
      values: { phone: lifePhoneOf(v), consentFullTextOpened: 'no' },
      consentVersion: version,
      pageUrl: `${v.origin}/get-life-now/contact`,
      quoteToken: hiddenFieldsOf(raw).quoteToken,
      turnstileToken: passedTurnstile(v.origin, 'life'),
    }),
  });
}

async function certificateOf(v: Visitor, id: string | null): Promise<Record<string, unknown>> {
  const res = await v.fetch(`/certificates/${id}`, { headers: { accept: 'application/json' } });
  expect(res.status).toBe(200);
  return jwsPayload((await res.json<{ jws: string }>()).jws);
}

describe('the auto and life version that quoted "Get my quote", after "Send my request" went live', () => {
  it('the old text is kept word for word and still names its own button', () => {
    const old = consentDisclosure(OLD, 'english', 'X');
    expect(old?.action).toBe('Get my quote');
    expect(old?.text).toMatch(/^By clicking "Get my quote", I agree/);
    expect(consentDisclosure(OLD, 'spanish', 'X')?.action).toBe('Obtener mi cotización');
    expect(CONSENT_VERSIONS[OLD]?.supersededAt).not.toBeNull();
  });

  it('a page of the old version sent inside the grace window is certified under it', async () => {
    const v = visitor('bh');
    const page = await lifeContactStep(v);
    await atHumanPace(v);
    const res = await sendLifeContact(v, page.raw, OLD, supersededAt + CONSENT_GRACE_MS - 60_000);
    expect(await res.json()).toMatchObject({ completed: true });
    const lead = await leadOf(v.id);
    const old = consentDisclosure(OLD, 'english', 'Benefit Helpers');
    expect(lead.consent_version).toBe(OLD);
    expect(lead.consent_sha256).toBe(await sha256Hex(old?.text ?? ''));
    expect(await certificateOf(v, lead.certificate_id)).toMatchObject({
      consent: { version: OLD, sha256: lead.consent_sha256 },
      shown: { version: OLD },
    });
  });

  it('past the grace window: nothing recorded, the step asks again under the new label, the phone kept; agreeing certifies the new version', async () => {
    const v = visitor('bh');
    const page = await lifeContactStep(v);
    await atHumanPace(v);
    const late = supersededAt + CONSENT_GRACE_MS + 60_000;
    const res = await sendLifeContact(v, page.raw, OLD, late);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: 'consent_changed', issues: [{ path: ['consentVersion'] }] },
    });
    const rows = await env.DB.prepare('SELECT id FROM leads WHERE visitor_id = ?').bind(v.id).all();
    expect(rows.results).toEqual([]);

    const again = await consentPage(v, '/get-life-now/contact?consent=changed');
    expect(again.version).toBe(CURRENT);
    expect(buttonLabel(again.html)).toBe('Send my request');
    expect(again.html).toContain('The wording of this consent changed after this page was opened');
    expect(again.html).toContain(`value="${lifePhoneOf(v)}"`);

    const done = await sendLifeContact(v, again.raw, CURRENT, late);
    expect(await done.json()).toMatchObject({ completed: true });
    const lead = await leadOf(v.id);
    expect(lead.consent_version).toBe(CURRENT);
    expect(lead.consent_sha256).toBe(
      await sha256Hex(consentDisclosure(CURRENT, 'english', 'Benefit Helpers')?.text ?? ''),
    );
    expect(await certificateOf(v, lead.certificate_id)).toMatchObject({
      consent: { version: CURRENT, sha256: lead.consent_sha256 },
      shown: { version: CURRENT },
    });
  });
});
