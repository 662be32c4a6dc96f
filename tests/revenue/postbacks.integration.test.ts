import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { visitRef } from '../../src/worker/revenue';
import { visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { loopbackIp } from '../support/sandbox';
import { leasedNumber, postback, rollupOfVisit, secretOf, signed } from './support';

/**
 * Payouts in: POST /api/postback/{partner}, signed by the partner, idempotent by conversion id,
 * adjustments replace and are recorded, a call payout lands on the visit that leased the number at
 * that time and a click or lead payout on the visit its ref names; an unattributed payout is kept.
 * Each test makes its own visits and conversion ids, so files and tests never share a row.
 */
const WAIT = 10_000;

async function leasedVisit(urlParams = { utm_source: 'Google', utm_campaign: 'spring-sale' }) {
  const v = visitor('bh', { ip: loopbackIp(), urlParams });
  // The page first, as a browser does: partner calls take the page from the Worker's record of the visit.
  expect((await v.get('/get-yours-otc')).status).toBe(200);
  // The partner's lease: on a loaded run the deadline can answer first, and the lease is stored for the next ask.
  const { source, number } = await leasedNumber(v);
  expect(['partner', 'stored']).toContain(source);
  // The lease history and the visit row are written after the answer (waitUntil).
  // The lease history is in LEASES_DB, the visit row in REVENUE_DB: each its own D1 database.
  const lease = await pollUntil(
    () =>
      env.LEASES_DB.prepare('SELECT session_id FROM phone_leases WHERE number = ? AND session_id = ?')
        .bind(number, v.sessionId)
        .first<{ session_id: string }>(),
    (row) => row !== null,
    WAIT,
  );
  expect(lease?.session_id).toBe(v.sessionId);
  const visit = await pollUntil(
    () =>
      env.REVENUE_DB.prepare('SELECT ref FROM visit_values WHERE session_id = ?')
        .bind(v.sessionId)
        .first<{ ref: string }>(),
    (row) => row !== null,
    WAIT,
  );
  return { v, number, ref: visit?.ref ?? '' };
}

function conversionId(): string {
  return `conv-${crypto.randomUUID()}`;
}

async function payoutRow(partner: string, id: string) {
  return env.REVENUE_DB.prepare(
    'SELECT type, payout_cents, session_id, attributed_by, adjustments, phone, ref FROM payouts WHERE partner = ? AND conversion_id = ?',
  )
    .bind(partner, id)
    .first<{
      type: string;
      payout_cents: number;
      session_id: string | null;
      attributed_by: string | null;
      adjustments: number;
    }>();
}

describe('payout postbacks', () => {
  it('attributes a call payout to the visit that held the number, once, and records an adjustment', async () => {
    const { v, number } = await leasedVisit();
    const id = conversionId();
    const body = { conversion_id: id, type: 'call', payout: 42.5, at: new Date().toISOString(), phone: `+${number}` };

    const first = await postback('mediaalpha', body);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'recorded', attributed: true });
    expect(await payoutRow('mediaalpha', id)).toMatchObject({
      payout_cents: 4250,
      session_id: v.sessionId,
      attributed_by: 'lease',
    });
    const visit = await env.REVENUE_DB.prepare(
      'SELECT brand, page, traffic_source, campaign, realized_call_cents, payouts FROM visit_values WHERE session_id = ?',
    )
      .bind(v.sessionId)
      .first();
    expect(visit).toMatchObject({
      brand: 'bh',
      page: 'get-yours-otc',
      traffic_source: 'google',
      campaign: 'spring-sale',
      realized_call_cents: 4250,
      payouts: 1,
    });
    expect(await rollupOfVisit(v.sessionId)).toMatchObject({
      realized_cents: 4250,
      realized_call_cents: 4250,
      blended_cents: 4250,
    });

    // The same postback again (the partner retried): 200, nothing changes.
    const repeat = await postback('mediaalpha', body);
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toEqual({ status: 'duplicate', attributed: true });
    expect(await payoutRow('mediaalpha', id)).toMatchObject({ payout_cents: 4250, adjustments: 0 });
    expect(await rollupOfVisit(v.sessionId)).toMatchObject({ realized_cents: 4250, payouts: 1 });

    // An adjustment: same id, new payout. It replaces the payout and is recorded.
    // An adjustment names its own time (adjusted_at): the later report wins, whatever the arrival order.
    const adjusted = await postback('mediaalpha', { ...body, payout: 30, adjusted_at: new Date().toISOString() });
    expect(await adjusted.json()).toEqual({ status: 'adjusted', attributed: true });
    expect(await payoutRow('mediaalpha', id)).toMatchObject({ payout_cents: 3000, adjustments: 1 });
    const history = await env.REVENUE_DB.prepare(
      'SELECT previous_cents, payout_cents FROM payout_adjustments WHERE partner = ? AND conversion_id = ?',
    )
      .bind('mediaalpha', id)
      .all();
    expect(history.results).toEqual([{ previous_cents: 4250, payout_cents: 3000 }]);
    expect(await rollupOfVisit(v.sessionId)).toMatchObject({
      realized_cents: 3000,
      realized_call_cents: 3000,
      payouts: 1,
    });
  });

  it('attributes a click payout through the ref and keeps a payout for an unknown number as unattributed', async () => {
    const { v, ref } = await leasedVisit({ utm_source: 'bing', utm_campaign: 'c1' });
    expect(ref).toBe(await visitRef(env, v.sessionId));
    const click = conversionId();
    const answer = await postback('mediaalpha', {
      conversion_id: click,
      type: 'click',
      payout: 3.1,
      at: new Date().toISOString(),
      ref,
    });
    expect(await answer.json()).toEqual({ status: 'recorded', attributed: true });
    expect(await payoutRow('mediaalpha', click)).toMatchObject({
      session_id: v.sessionId,
      attributed_by: 'ref',
      payout_cents: 310,
    });
    expect(await rollupOfVisit(v.sessionId)).toMatchObject({ realized_click_cents: 310 });

    // A number no visit leased (or not at that time): kept, with no visit.
    const stray = conversionId();
    const unknown = await postback('mediaalpha', {
      conversion_id: stray,
      type: 'call',
      payout: 12,
      at: new Date().toISOString(),
      phone: '+18005550000',
    });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ status: 'recorded', attributed: false });
    expect(await payoutRow('mediaalpha', stray)).toMatchObject({
      session_id: null,
      attributed_by: null,
      payout_cents: 1200,
    });

    // The leased number before its lease began belongs to no visit either.
    const { number } = await leasedVisit();
    const early = conversionId();
    const before = await postback('mediaalpha', {
      conversion_id: early,
      type: 'call',
      payout: 5,
      at: new Date(Date.now() - 3_600_000).toISOString(),
      phone: `+${number}`,
    });
    expect(await before.json()).toEqual({ status: 'recorded', attributed: false });
  });

  it('refuses a bad signature, an unknown partner, malformed bodies, absurd payouts and personal data, storing nothing', async () => {
    const id = conversionId();
    const good = { conversion_id: id, type: 'call', payout: 10, at: new Date().toISOString(), phone: '+18335550101' };
    const refusals: [Response, number, string][] = [
      [await postback('mediaalpha', good, { secret: 'not-the-secret' }), 401, 'bad_signature'],
      [await postback('mediaalpha', good, { signature: 'sha256=zz' }), 401, 'signature_outdated'],
      [await postback('mediaalpha', good, { signature: 't=abc,v1=00' }), 401, 'bad_signature'],
      [await postback('mediaalpha', good, { signature: '' }), 401, 'bad_signature'],
      // Signed with the other partner's secret: each partner has its own.
      [await postback('mediaalpha', good, { secret: secretOf('quotewizard') }), 401, 'bad_signature'],
      [await postback('acme-leads', good), 404, 'unknown_partner'],
      [await postback('mediaalpha', '{"conversion_id":'), 400, 'invalid_json'],
      [await postback('mediaalpha', { ...good, type: 'sale' }), 400, 'invalid_request'],
      [await postback('mediaalpha', { ...good, payout: -5 }), 400, 'invalid_request'],
      [await postback('mediaalpha', { ...good, payout: 'ten' }), 400, 'invalid_request'],
      [await postback('mediaalpha', { ...good, at: 'yesterday' }), 400, 'invalid_request'],
      [await postback('mediaalpha', { ...good, phone: '8335550101' }), 400, 'invalid_request'],
      [await postback('mediaalpha', { ...good, payout: 100_000 }), 400, 'payout_out_of_range'],
      [await postback('mediaalpha', { ...good, email: 'ada@example.com' }), 400, 'personal_data'],
      [await postback('mediaalpha', { ...good, caller_number: '+13055550182' }), 400, 'personal_data'],
      [await postback('mediaalpha', { ...good, extra: 1 }), 400, 'invalid_request'],
    ];
    for (const [response, status, code] of refusals) {
      expect(response.status).toBe(status);
      const body = await response.json<{ error: { code: string; message: string; issues?: unknown } }>();
      expect(body.error.code).toBe(code);
    }
    // The 400s name the field.
    const missing = await postback('mediaalpha', { conversion_id: id, payout: 1, at: new Date().toISOString() });
    const issues = (await missing.json<{ error: { issues: { properties?: Record<string, unknown> } } }>()).error.issues;
    expect(Object.keys(issues.properties ?? {})).toContain('type');
    const personal = await postback('mediaalpha', { ...good, first_name: 'Ada' });
    expect((await personal.json<{ error: { issues: { fields: string[] } } }>()).error.issues.fields).toEqual([
      'first_name',
    ]);

    expect(await payoutRow('mediaalpha', id)).toBeNull();
  });

  it('takes a partner added as data with its own secret variable', async () => {
    // A partner row without a secret configured: refused as not configured, nothing stored.
    await env.DB.prepare(
      "INSERT INTO revenue_partners (name, mode, payout_ceiling_cents) VALUES ('acme-calls', 'postback', 1000) ON CONFLICT DO NOTHING",
    ).run();
    const id = conversionId();
    const body = JSON.stringify({ conversion_id: id, type: 'lead', payout: 1, at: new Date().toISOString() });
    const response = await postback('acme-calls', body, { signature: signed(body, 'whatever') });
    // The partner list is read once a minute per isolate: either not yet known (404) or known without a secret (503).
    expect([404, 503]).toContain(response.status);
    expect(await payoutRow('acme-calls', id)).toBeNull();
  });
});
