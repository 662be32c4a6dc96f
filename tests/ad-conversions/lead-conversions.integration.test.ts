import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { autoContactOf, finishAuto } from '../support/auto-funnel';
import { visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { sandboxScope } from '../support/sandbox';
import { sha256Hex } from '../../src/shared/consent';
import { visitRef } from '../../src/worker/revenue';
import { postback } from '../revenue/support';
import { queueAdConversions, sendOne } from '../../src/worker/ad-conversions';

/**
 * A lead that reaches a buyer is told to the ad platforms that sent its visit, server to server,
 * through the AD_CONVERSIONS queue: Google Ads gets a Data Manager API event with the gclid and the
 * hashed contact, Meta a Lead event with fbc built from the fbclid and the hashed contact. A GPC
 * visitor's lead is told to nobody. A payout for the visit restates the Google conversion's value
 * (the same transactionId again, with the new value).
 */
const WAIT = 20_000;

function clickId(prefix: string): string {
  return `${prefix}${crypto.randomUUID().replace(/-/g, '')}`;
}

interface DeliveredLead {
  id: string;
  gpc: number | null;
  quotewizard_status: string | null;
}

async function accepted(visitorId: string): Promise<DeliveredLead | null> {
  return pollUntil(
    () =>
      env.DB.prepare('SELECT id, gpc, quotewizard_status FROM leads WHERE visitor_id = ?')
        .bind(visitorId)
        .first<DeliveredLead>(),
    (lead) => lead?.quotewizard_status === 'accepted',
    WAIT,
  );
}

/** A delivered lead of a visit that came with this gclid, its Google Ads conversion queued (the consumer's input). */
async function queuedGoogleConversion(gclid: string): Promise<string> {
  const sessionId = crypto.randomUUID();
  const leadId = crypto.randomUUID();
  const now = new Date().toISOString();
  // The lead is in DB, the visit in the revenue store's database: a write to each.
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO leads (id, created_at, brand, page, form, product, session_id, visitor_id, submission_id, "values", status, gpc)
       VALUES (?, ?, 'ps', 'save-auto', 'auto', 'auto', ?, ?, ?, '{}', 'complete', 0)`,
    ).bind(leadId, now, sessionId, crypto.randomUUID(), crypto.randomUUID()),
  ]);
  await env.REVENUE_DB.batch([
    env.REVENUE_DB.prepare(
      `INSERT INTO visit_values (session_id, ref, visitor_id, day, brand, page, traffic_source, campaign, paid, variant, click_ids, created_at, updated_at)
       VALUES (?, ?, 'v', ?, 'ps', 'save-auto', 'google', '', 1, '', ?, ?, ?)`,
    ).bind(
      sessionId,
      `r${crypto.randomUUID().replace(/-/g, '').slice(0, 31)}`,
      now.slice(0, 10),
      JSON.stringify({ gclid }),
      now,
      now,
    ),
  ]);
  // ad_conversions is in the D1 database of its own (ADS_DB): a batch runs in one database.
  await env.ADS_DB.prepare(
    `INSERT INTO ad_conversions (id, platform, kind, session_id, lead_id, value_cents, status, created_at)
     VALUES (?, 'google-ads', 'lead', ?, ?, 500, 'queued', ?)`,
  )
    .bind(`google-ads:lead:${leadId}`, sessionId, leadId, now)
    .run();
  return leadId;
}

describe('ad platform conversions', () => {
  it('sends a delivered lead to Google Ads and Meta with the click ids and hashed contact only', async () => {
    const qw = sandboxScope();
    const gclid = clickId('Cj0KCQ');
    const fbclid = clickId('IwAR');
    const v = visitor('ps', { ip: qw.ip, urlParams: { gclid, fbclid, utm_source: 'google', utm_campaign: 'auto-q4' } });
    expect((await v.get('/save-auto')).status).toBe(200);
    await finishAuto(v, '/save-auto', { adSharing: 'yes' });
    expect((await accepted(v.id))?.quotewizard_status).toBe('accepted');

    // QuoteWizard got the visit's ref with the lead (its payout postback names it).
    const [delivery] = await qw.calls('quotewizard', '/v1/leads/auto');
    expect((delivery?.body as { tracking_ref?: string }).tracking_ref).toBe(await visitRef(env, v.sessionId));

    const google = sandboxScope(gclid);
    const calls = await pollUntil(
      () => google.calls('google-data-manager'),
      (list) => list.length > 0,
      WAIT,
    );
    expect(calls).toHaveLength(1);
    const request = calls[0]?.body as { destinations: unknown[]; events: Record<string, unknown>[]; encoding: string };
    expect(request.destinations).toEqual([
      { operatingAccount: { accountType: 'GOOGLE_ADS', accountId: '1234567890' }, productDestinationId: '987654321' },
    ]);
    expect(request.encoding).toBe('HEX');
    const conversion = request.events[0];
    expect(conversion).toMatchObject({
      adIdentifiers: { gclid },
      currency: 'USD',
      eventSource: 'WEB',
      userData: {
        userIdentifiers: [
          { emailAddress: await sha256Hex(autoContactOf(v).driver1Email.trim().toLowerCase()) },
          { phoneNumber: await sha256Hex(`+1${autoContactOf(v).digits}`) },
        ],
      },
      // The visitor ticked the ad-sharing box; nobody is asked about ad personalisation (ad-consent.ts).
      consent: { adUserData: 'CONSENT_GRANTED', adPersonalization: 'CONSENT_DENIED' },
    });
    const meta = sandboxScope(fbclid);
    const events = await pollUntil(
      () => meta.calls('meta-capi'),
      (list) => list.length > 0,
      WAIT,
    );
    const event = (events[0]?.body as { data: Record<string, unknown>[] }).data[0];
    expect(event).toMatchObject({
      event_name: 'Lead',
      action_source: 'website',
      user_data: {
        em: [await sha256Hex(autoContactOf(v).driver1Email)],
        ph: [await sha256Hex(`1${autoContactOf(v).digits}`)],
      },
    });
    expect((event?.user_data as { fbc: string }).fbc).toMatch(new RegExp(`^fb\\.1\\.\\d{13}\\.${fbclid}$`));
    // Nothing personal in clear went to either platform.
    const sent = JSON.stringify([calls, events]);
    for (const clear of [autoContactOf(v).driver1Email, autoContactOf(v).digits, 'Grace', 'Hopper'])
      expect(sent).not.toContain(clear);

    const rows = await pollUntil(
      () =>
        env.ADS_DB.prepare(
          "SELECT platform, status FROM ad_conversions WHERE session_id = ? AND kind = 'lead' ORDER BY platform",
        )
          .bind(v.sessionId)
          .all(),
      (r) => r.results.every((row) => row.status === 'sent') && r.results.length === 2,
      WAIT,
    );
    expect(rows.results).toEqual([
      { platform: 'google-ads', status: 'sent' },
      { platform: 'meta-capi', status: 'sent' },
    ]);

    // QuoteWizard's payout for the lead: attributed by the ref, and Google's conversion restated.
    const transactionId = (conversion as { transactionId: string }).transactionId;
    const paid = await postback('quotewizard', {
      conversion_id: `qw-${crypto.randomUUID()}`,
      type: 'lead',
      payout: 18.75,
      at: new Date().toISOString(),
      ref: await visitRef(env, v.sessionId),
    });
    expect(await paid.json()).toEqual({ status: 'recorded', attributed: true });
    const restated = await pollUntil(
      () => google.calls('google-data-manager'),
      (list) => list.length > 1,
      WAIT,
    );
    const restatement = (restated[1]?.body as { events: Record<string, unknown>[] }).events[0];
    expect(restatement).toMatchObject({
      transactionId,
      eventTimestamp: (conversion as { eventTimestamp: string }).eventTimestamp,
      adIdentifiers: { gclid },
      conversionValue: 18.75,
      currency: 'USD',
    });
    expect(restatement?.lastUpdatedTimestamp).toEqual(expect.any(String));
  });

  it('tells no platform of a lead given under Global Privacy Control', async () => {
    const qw = sandboxScope();
    const gclid = clickId('Cj0KCQ');
    const v = visitor('ps', { ip: qw.ip, urlParams: { gclid, utm_source: 'google', utm_campaign: 'auto-q4' } });
    v.headers['sec-gpc'] = '1';
    expect((await v.get('/save-auto')).status).toBe(200);
    await finishAuto(v);
    // An opted-out visitor's lead is kept and sold to no one (docs/decisions/0104), so no platform hears of it.
    const lead = await env.DB.prepare('SELECT id, gpc, quotewizard_status, delivery FROM leads WHERE visitor_id = ?')
      .bind(v.id)
      .first<DeliveredLead & { delivery: string }>();
    expect(lead).toMatchObject({ gpc: 1, delivery: 'withheld', quotewizard_status: null });
    // The decision itself, not a race with the consumer: asked again, it refuses for GPC.
    const leadId = lead?.id ?? '';
    expect(await queueAdConversions(env, leadId)).toEqual({ queued: [], skipped: 'gpc' });
    // Nor are its click ids kept on the visit's value row.
    const visit = await env.REVENUE_DB.prepare('SELECT click_ids FROM visit_values WHERE session_id = ?')
      .bind(v.sessionId)
      .first();
    expect(visit).toEqual({ click_ids: '{}' });
    const rows = await env.ADS_DB.prepare('SELECT id FROM ad_conversions WHERE session_id = ?').bind(v.sessionId).all();
    expect(rows.results).toEqual([]);
    expect(await sandboxScope(gclid).calls('google-data-manager')).toEqual([]);
  });

  it('retries a platform that fails, and marks the conversion failed on the last delivery (the queue then dead-letters it)', async () => {
    const gclid = clickId('Cj0KCQ');
    const google = sandboxScope(gclid);
    await google.set('google-data-manager', 'unavailable');
    const leadId = await queuedGoogleConversion(gclid);
    const id = `google-ads:lead:${leadId}`;
    expect(await sendOne(env, id, 1)).toBe('retry');
    const row = () =>
      env.ADS_DB.prepare('SELECT status, attempts, error FROM ad_conversions WHERE id = ?').bind(id).first();
    expect(await row()).toMatchObject({ status: 'queued', attempts: 1, error: 'UNAVAILABLE' });
    expect(await sendOne(env, id, 6)).toBe('retry');
    expect(await row()).toMatchObject({ status: 'failed', attempts: 2, error: 'UNAVAILABLE' });
    // A redelivery of a final row sends nothing more.
    expect(await sendOne(env, id, 7)).toBe('done');
    expect(await google.calls('google-data-manager')).toHaveLength(2);
    await google.reset();
  });

  it('sends nothing with a development token outside development: the row says skipped', async () => {
    const gclid = clickId('Cj0KCQ');
    const google = sandboxScope(gclid);
    const leadId = await queuedGoogleConversion(gclid);
    const id = `google-ads:lead:${leadId}`;
    // The test service-account key carries the development marker; production refuses to use it.
    expect(await sendOne({ ...env, ENVIRONMENT: 'production' }, id, 1)).toBe('skipped');
    expect(
      await env.ADS_DB.prepare('SELECT status FROM ad_conversions WHERE id = ?').bind(id).first<{ status: string }>(),
    ).toEqual({ status: 'skipped' });
    expect(await google.calls('google-data-manager')).toEqual([]);
  });
});
