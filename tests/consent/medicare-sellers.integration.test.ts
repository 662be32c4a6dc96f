import { describe, expect, it } from 'vitest';
import { brandByCode } from '../../brands';
import { hiddenFieldsOf, submissionIdOf, submitStep, visitor, type Visitor } from '../support/funnel';
import { sandboxScope, type SandboxScope } from '../support/sandbox';
import { consentPage, finishMedicare, leadOf, medicareContactOf } from '../support/consent';
import { pollUntil } from '../support/poll';
import { env } from 'cloudflare:workers';

async function deliveriesOf(leadId: string) {
  const rows = await env.DB.prepare('SELECT recipient, kind, status, sent_at FROM lead_deliveries WHERE lead_id = ?')
    .bind(leadId)
    .all<{ recipient: string; kind: string; status: string; sent_at: string | null }>();
  return rows.results;
}

/**
 * Item 2 (42 CFR 422.2274(g)(4)): the Medicare consent step lists each entity of the
 * brand record with its own unticked checkbox; personal data reaches a partner only for the
 * entities the visitor ticked, and the partner request names only those. With none ticked the
 * visitor still gets a number and no contact data leaves.
 */
const sellers = brandByCode('bh')?.consent.medicare?.sellers ?? [];

/** The number the island asks for after the final step (as the page does), and the sandbox's record of it. */
async function numberAfterLead(v: Visitor, sb: SandboxScope) {
  const res = await v.fetch('/api/mediaalpha/get-phone', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ product: 'medicare', page: 'get-yours-otc', zip: '33101' }),
  });
  expect(res.status).toBe(200);
  const body = await res.json<{ phone: { digits: string; href: string } }>();
  expect(body.phone.href).toMatch(/^tel:\+1\d{10}$/);
  // On a loaded run the reply can be the get-phone deadline's while the partner call is on its way.
  const calls = await pollUntil(
    () => sb.calls('mediaalpha', '/get-phone'),
    (list) => list.length > 0,
    15_000,
  );
  return { phone: body.phone, calls };
}

describe('Medicare one-to-one consent', () => {
  it('lists the three entities of the brand record, none ticked, and no "marketing partners"', async () => {
    const v = visitor('bh');
    await submitStep(v, '/get-yours-otc/zip', { zipcode: '33101' });
    await submitStep(v, '/get-yours-otc/medicare', { haveMedicare: '1' });
    await submitStep(v, '/get-yours-otc/medicaid', { haveMedicaid: '0' });
    await submitStep(v, '/get-yours-otc/name', { firstName: 'Ada', lastName: 'Lovelace' });
    const { raw, html } = await consentPage(v, '/get-yours-otc/contact');
    expect(sellers).toHaveLength(3);
    const boxes = [...raw.matchAll(/<input[^>]*type="checkbox"[^>]*>/g)].map((m) => m[0]);
    expect(boxes).toHaveLength(3);
    for (const [i, s] of sellers.entries()) {
      expect(boxes[i]).toContain(`name="consentSeller:${s.id}"`);
      expect(boxes[i]).not.toMatch(/checked/);
      expect(html).toContain(s.name);
    }
    expect(html).not.toMatch(/marketing partners/i);
    expect(html).toMatch(/share my information with the companies I ticked/);
    expect(html).toMatch(/licensed insurance agent who will contact/);
  });

  it('one of three accepted: personal data goes to that company alone, by its own delivery; MediaAlpha gets none', async () => {
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    const chosen = sellers[1];
    const own = medicareContactOf(v);
    await finishMedicare(v, [chosen?.id ?? '']);
    const lead = await leadOf(v.id);
    expect(JSON.parse(lead.consent_sellers ?? 'null')).toEqual(
      sellers.map((s) => ({ id: s.id, name: s.name, accepted: s.id === chosen?.id })),
    );
    expect(lead.tpmo_version).toBe('tpmo-2026-10-01');

    // The ticked company received the lead at its own endpoint, with the certificate to check it by.
    const received = await pollUntil(
      () => sb.calls('sellers'),
      (calls) => calls.length > 0,
      15_000,
    );
    expect(received.map((c) => c.path)).toEqual([`/${chosen?.id}/leads`]);
    expect(received[0]?.body).toMatchObject({
      lead_id: lead.id,
      recipient: { id: chosen?.id, name: chosen?.name },
      contact: { first_name: 'Ada', last_name: 'Lovelace', phone: own.phone.replace(/\D/g, ''), email: own.email },
      consent: {
        certificate_id: lead.certificate_id,
        certificate_url: `http://bh.localhost/certificates/${lead.certificate_id}`,
      },
    });
    // What was sent to whom and when, on the lead's record.
    const delivery = await pollUntil(
      () => deliveriesOf(lead.id),
      (rows) => rows.some((r) => r.status === 'accepted'),
      15_000,
    );
    expect(delivery).toEqual([
      expect.objectContaining({
        recipient: chosen?.id,
        kind: 'seller',
        status: 'accepted',
        sent_at: expect.any(String),
      }),
    ]);

    // MediaAlpha is not one of the companies listed: its call names the chosen company and carries nothing personal.
    // The finished form leased a number already; a loaded run may have timed that call out, so
    // the page's call is a second one. Every call carries the same thing.
    // The number is leased once the call's answers are in, before the contact step: that call
    // names no company (none was ticked yet). Once a company is ticked that number is not reused:
    // a call after the lead names the chosen one, so the call reaches it.
    const { calls } = await numberAfterLead(v, sb);
    expect(calls.length).toBeGreaterThanOrEqual(1);
    const created = await env.DB.prepare('SELECT created_at FROM leads WHERE id = ?')
      .bind(lead.id)
      .first<{ created_at: string }>();
    const leadAt = Date.parse(created?.created_at ?? '');
    for (const call of calls) {
      const data = (call.body as { data: Record<string, unknown> }).data;
      if (call.at > leadAt) expect(data.consented_sellers).toEqual([chosen?.name]);
      else expect(data.consented_sellers ?? []).toEqual([]);
      expect(data.contact).toBeUndefined();
    }
    expect(calls.filter((call) => call.at > leadAt)).not.toEqual([]);
    const atMediaAlpha = JSON.stringify(await sb.calls('mediaalpha'));
    for (const raw of ['Ada', 'Lovelace', own.phone.replace(/\D/g, ''), own.email])
      expect(atMediaAlpha).not.toContain(raw);
  });

  it('none accepted: the visitor still gets a number, the lead is partial, and no contact data reaches any partner', async () => {
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    const own = medicareContactOf(v);
    await finishMedicare(v, []);
    const lead = await leadOf(v.id);
    expect((JSON.parse(lead.consent_sellers ?? 'null') as { accepted: boolean }[]).every((s) => !s.accepted)).toBe(
      true,
    );
    expect(lead.certificate_id).toBeNull();

    const { phone, calls } = await numberAfterLead(v, sb);
    expect(phone.digits).toMatch(/^1\d{10}$/);
    // The partner was asked (zip and yes/no answers price the offer), just without contact data:
    // by the finished form's lease, and again by the page's call when a loaded run timed that one out.
    expect(calls.length).toBeGreaterThanOrEqual(1);
    const everything = JSON.stringify(await sb.calls());
    for (const raw of ['Ada', 'Lovelace', own.phone.replace(/\D/g, ''), own.email])
      expect(everything).not.toContain(raw);
    for (const call of calls) {
      const data = (call.body as { data: Record<string, unknown> }).data;
      expect(data.contact).toBeUndefined();
      expect(data.consented_sellers).toBeUndefined();
    }
    expect(await sb.calls('sellers')).toEqual([]);
  });

  it('the island path (JSON) records the ticked entities the same way; a forged id widens nothing', async () => {
    const v = visitor('bh');
    await submitStep(v, '/get-yours-otc/zip', { zipcode: '33101' });
    await submitStep(v, '/get-yours-otc/medicare', { haveMedicare: '1' });
    await submitStep(v, '/get-yours-otc/medicaid', { haveMedicaid: '0' });
    await submitStep(v, '/get-yours-otc/name', { firstName: 'Ada', lastName: 'Lovelace' });
    const page = await consentPage(v, '/get-yours-otc/contact');
    const hidden = hiddenFieldsOf(page.raw);
    const res = await v.api({
      submissionId: submissionIdOf(page.raw),
      page: '/get-yours-otc',
      step: 'contact',
      values: {
        phone: '(305) 555-0182',
        [`consentSeller:${sellers[0]?.id}`]: 'yes',
        'consentSeller:someone-else': 'yes',
      },
      consentVersion: page.version,
      pageUrl: 'http://bh.localhost/get-yours-otc/contact',
      ...(hidden.quoteToken ? { quoteToken: hidden.quoteToken } : {}),
    });
    expect(res.status).toBe(200);
    const lead = await leadOf(v.id);
    expect(JSON.parse(lead.consent_sellers ?? 'null')).toEqual(
      sellers.map((s, i) => ({ id: s.id, name: s.name, accepted: i === 0 })),
    );
  });
});
