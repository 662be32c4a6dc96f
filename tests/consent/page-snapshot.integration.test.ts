import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { brandByCode } from '../../brands';
import { CURRENT_CONSENT_VERSIONS } from '../../src/shared/consent';
import { atHumanPace, jwsPayload, leadOf, medicareContactOf, sha256Hex } from '../support/consent';
import {
  decode,
  hiddenFieldsOf,
  STAFFED_CLOCK,
  submissionIdOf,
  submitStep,
  visitor,
  type Visitor,
} from '../support/funnel';
import { sandboxScope } from '../support/sandbox';
import { passedTurnstile } from '../support/turnstile';

/**
 * The consent step as served: one snapshot per content hash in R2, shared by visitors of the
 * same step, with no answer of any of them in it; the certificate names it, the route shows it,
 * and shows the visitor's answers only to someone holding the lead's contact.
 */
const sellers = brandByCode('bh')?.consent.medicare?.sellers ?? [];
const firstSeller = sellers[0]?.id ?? '';

type Person = Record<'firstName' | 'lastName', string>;

/** A unique name per visitor, so finding it anywhere means it leaked. */
function personOf(v: Visitor): Person {
  const tag = v.key
    .replace(/-/g, '')
    .slice(0, 8)
    .replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)] ?? 'q');
  return { firstName: `Augusta${tag}`, lastName: `Byron${tag}` };
}

/**
 * The Medicare funnel as forms, the contact step read and posted at a staffed hour (the Worker's
 * clock pinned), so two visitors of one test see the same call copy whatever the time of day.
 * Returns the contact step's HTML as served.
 */
async function finishAt(v: Visitor, extra: Record<string, string> = {}): Promise<string> {
  const person = personOf(v);
  await submitStep(v, '/get-yours-otc/zip', { zipcode: '33101' });
  await submitStep(v, '/get-yours-otc/medicare', { haveMedicare: '1' });
  await submitStep(v, '/get-yours-otc/medicaid', { haveMedicaid: '0' });
  await submitStep(v, '/get-yours-otc/name', person);
  const page = await v.fetch('/get-yours-otc/contact', { headers: STAFFED_CLOCK });
  expect(page.status).toBe(200);
  const raw = await page.text();
  await atHumanPace(v);
  const res = await v.post('/get-yours-otc/contact', {
    ...hiddenFieldsOf(raw),
    submissionId: submissionIdOf(raw),
    ...medicareContactOf(v),
    [`consentSeller:${firstSeller}`]: 'yes',
    'cf-turnstile-response': passedTurnstile(v.origin, 'medicare'),
    ...extra,
  });
  expect(res.status).toBe(303);
  return raw;
}

async function certificateOf(v: Visitor): Promise<{ id: string; payload: Record<string, unknown> }> {
  const lead = await leadOf(v.id);
  expect(lead.certificate_id).toMatch(/^[0-9a-f-]{36}$/);
  const res = await v.fetch(`/certificates/${lead.certificate_id}`, { headers: { accept: 'application/json' } });
  const { jws } = await res.json<{ jws: string }>();
  return { id: lead.certificate_id ?? '', payload: jwsPayload(jws) };
}

/** The page's text as a reader sees it: tags and React's text separators removed, entities decoded. */
function textOf(html: string): string {
  return decode(html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
}

describe('the consent step as served', () => {
  it('two visitors share one snapshot that holds neither one’s answers, and the certificate names it', async () => {
    const [a, b] = [visitor('bh', { ip: sandboxScope().ip }), visitor('bh', { ip: sandboxScope().ip })];
    const [servedA] = [await finishAt(a), await finishAt(b)];
    const [certA, certB] = [await certificateOf(a), await certificateOf(b)];
    const page = certA.payload.page as { snapshot_sha256: string; status: string };
    expect(page).toEqual({ snapshot_sha256: expect.stringMatching(/^[0-9a-f]{64}$/), status: 'served' });
    // Stable across visitors: the same step, the same bytes, the same hash.
    expect(certB.payload.page).toEqual(page);
    // The served step carried the hash it was snapshotted under.
    expect(hiddenFieldsOf(servedA).pageSnapshot).toBe(page.snapshot_sha256);

    // The hash resolves to the HTML itself, byte for byte.
    const res = await a.get(`/api/page-snapshots/${page.snapshot_sha256}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const html = await res.text();
    expect(await sha256Hex(html)).toBe(page.snapshot_sha256);
    // It is the contact step: its form, its consent text whole (the one whose hash the certificate names).
    expect(html).toContain('action="/get-yours-otc/contact');
    const consent = certA.payload.consent as { sha256: string };
    const entry = await (await a.get(`/api/consent-texts/${consent.sha256}`)).json<{ text: string }>();
    expect(textOf(html)).toContain(entry.text.replace(/\s+/g, ' '));
    // Answers as field names, never the answers.
    expect(html).toContain('{{firstName}}');
    for (const v of [a, b]) {
      const own = medicareContactOf(v);
      for (const value of [personOf(v).firstName, personOf(v).lastName, own.email, own.phone, '33101', v.id])
        expect(html, value).not.toContain(value);
    }
    // Stored once, under its hash, with the row that says what it shows.
    const row = await env.DB.prepare('SELECT brand, page, step, bytes FROM page_snapshots WHERE sha256 = ?')
      .bind(page.snapshot_sha256)
      .first();
    expect(row).toEqual({
      brand: 'bh',
      page: 'get-yours-otc',
      step: 'contact',
      bytes: new TextEncoder().encode(html).byteLength,
    });
    const listed = await env.ARCHIVE.list({ prefix: 'page-snapshots/' });
    expect(listed.objects.filter((o) => o.key === `page-snapshots/${page.snapshot_sha256}.html`)).toHaveLength(1);
  });

  it('the certificate shows its step; the answers only to whoever holds the lead’s contact', async () => {
    const v = visitor('bh', { ip: sandboxScope().ip });
    await finishAt(v);
    const { id, payload } = await certificateOf(v);
    const hash = (payload.page as { snapshot_sha256: string }).snapshot_sha256;
    const stored = await (await v.get(`/api/page-snapshots/${hash}`)).text();

    const shown = await v.get(`/certificates/${id}/page`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-security-policy')).toMatch(/^sandbox;.*default-src 'none'/);
    expect(await shown.text()).toBe(stored);
    // The certificate's own page links to it.
    expect(await (await v.get(`/certificates/${id}`)).text()).toContain(`href="/certificates/${id}/page"`);

    const person = personOf(v);
    const own = medicareContactOf(v);
    const ask = (body: unknown) =>
      v.fetch(`/certificates/${id}/page`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const wrong = await ask({ phone: '(305) 555-0000' });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).not.toContain(person.firstName);
    // One right value beside a wrong one proves nothing.
    expect((await ask({ phone: own.phone, email: 'someone.else@example.com' })).status).toBe(403);
    const bad = await ask({ name: 'x' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid_request' } });

    const proven = await ask({ phone: own.phone });
    expect(proven.status).toBe(200);
    const filled = await proven.text();
    // The answers of earlier steps where their names stood, and what the visitor typed on this one.
    expect(filled).toContain(`"firstName":"${person.firstName}"`);
    expect(filled).toContain(`name="email" value="${own.email}"`);
    expect(filled).not.toContain('{{firstName}}');
    expect(proven.headers.get('content-security-policy')).toMatch(/^sandbox;/);
  });

  it('a hash the Worker never served for this step is marked refused, never named as served', async () => {
    const v = visitor('bh', { ip: sandboxScope().ip });
    const forged = 'ab'.repeat(32);
    await finishAt(v, { pageSnapshot: forged });
    const { id, payload } = await certificateOf(v);
    expect(payload.page).toEqual({
      snapshot_sha256: forged,
      status: 'refused',
      reason: 'not a snapshot this Worker served',
    });
    const shown = await v.get(`/certificates/${id}/page`);
    expect(shown.status).toBe(404);

    // A snapshot the Worker did serve, but of another step (a life page's), is refused too.
    const other = visitor('bh', { ip: sandboxScope().ip });
    const otherHash = await env.DB.prepare(
      "INSERT INTO page_snapshots (sha256, brand, page, step, consent_version, bytes, created_at) VALUES (?, 'bh', 'another-page', 'contact', 'x', 1, '2026-01-01') RETURNING sha256",
    )
      .bind('cd'.repeat(32))
      .first<string>('sha256');
    await finishAt(other, { pageSnapshot: otherHash ?? '' });
    expect((await certificateOf(other)).payload.page).toMatchObject({
      status: 'refused',
      reason: 'a snapshot of another page',
    });

    // Nor a snapshot of another step of this very page (its name step, as if it held the consent).
    const third = visitor('bh', { ip: sandboxScope().ip });
    const stepHash = await env.DB.prepare(
      "INSERT INTO page_snapshots (sha256, brand, page, step, consent_version, bytes, created_at) VALUES (?, 'bh', 'get-yours-otc', 'name', ?, 1, '2026-01-01') RETURNING sha256",
    )
      .bind('ef'.repeat(32), CURRENT_CONSENT_VERSIONS.medicare)
      .first<string>('sha256');
    await finishAt(third, { pageSnapshot: stepHash ?? '' });
    expect((await certificateOf(third)).payload.page).toMatchObject({
      status: 'refused',
      reason: 'a snapshot of another page',
    });
  });
});
