import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { autoContactOf, finishAuto } from '../support/auto-funnel';
import { finishMedicare } from '../support/consent';
import { visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { sandboxScope } from '../support/sandbox';
import { sha256Hex } from '../../src/shared/consent';
import { sendOne } from '../../src/worker/ad-conversions';
import { queueCallConversion } from '../../src/worker/ad-conversions/call-conversions';
import { visitRef } from '../../src/worker/revenue';
import { postback } from '../revenue/support';

/**
 * Meta hears of a lead as Meta's reference requires of a website event, and only as the visitor
 * allowed: contact hashes only under a consent text naming Google and Meta; nothing at all for a
 * visitor who refused (the do-not-sell page, or Global Privacy Control) nor for a Medicare lead;
 * and a deletion takes our click ids and conversion rows with the person.
 */
const WAIT = 20_000;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) meta-consent-test';

function clickId(prefix: string): string {
  return `${prefix}${crypto.randomUUID().replace(/-/g, '')}`;
}

type MetaEvent = Record<string, unknown> & { user_data: Record<string, unknown> };

async function metaEvents(fbclid: string, count = 1): Promise<MetaEvent[]> {
  const calls = await pollUntil(
    () => sandboxScope(fbclid).calls('meta-capi'),
    (list) => list.length >= count,
    WAIT,
  );
  return calls.flatMap((c) => (c.body as { data: MetaEvent[] }).data);
}

async function rowsOf(sessionId: string) {
  return (
    await env.ADS_DB.prepare(
      'SELECT platform, status, error FROM ad_conversions WHERE session_id = ? ORDER BY platform',
    )
      .bind(sessionId)
      .all<{ platform: string; status: string; error: string | null }>()
  ).results;
}

async function settled(sessionId: string, platforms: number) {
  return pollUntil(
    () => rowsOf(sessionId),
    (rows) => rows.length === platforms && rows.every((r) => r.status !== 'queued'),
    WAIT,
  );
}

/** A lead row of another consent version or zip, its Meta conversion queued: the consumer's input. */
async function queuedMetaConversion(fields: {
  fbclid: string;
  consentVersion: string;
  zipcode: string;
  product?: string;
}) {
  const sessionId = crypto.randomUUID();
  const leadId = crypto.randomUUID();
  const now = new Date().toISOString();
  const values = JSON.stringify({
    zipcode: fields.zipcode,
    driver1Email: 'old.version@example.com',
    driver1Phone: '(312) 555-0101',
  });
  // The lead is in DB, the visit in the revenue store's database: a write to each.
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO leads (id, created_at, brand, page, form, product, session_id, visitor_id, submission_id, "values", status, gpc,
         consent_version, ip, user_agent, page_url)
       VALUES (?, ?, 'ps', 'save-auto', 'auto', ?, ?, ?, ?, ?, 'complete', 0, ?, '203.0.113.7', ?, 'https://ps.example/save-auto/contact?fbclid=x&email=a%40b.c')`,
    ).bind(
      leadId,
      now,
      fields.product ?? 'auto',
      sessionId,
      crypto.randomUUID(),
      crypto.randomUUID(),
      values,
      fields.consentVersion,
      UA,
    ),
  ]);
  await env.REVENUE_DB.batch([
    env.REVENUE_DB.prepare(
      `INSERT INTO visit_values (session_id, ref, visitor_id, day, brand, page, traffic_source, campaign, paid, variant, click_ids, created_at, updated_at)
       VALUES (?, ?, 'v', ?, 'ps', 'save-auto', 'facebook', '', 1, '', ?, ?, ?)`,
    ).bind(
      sessionId,
      `r${crypto.randomUUID().replace(/-/g, '').slice(0, 31)}`,
      now.slice(0, 10),
      JSON.stringify({ fbclid: fields.fbclid }),
      now,
      now,
    ),
  ]);
  // ad_conversions is in the D1 database of its own (ADS_DB): a batch runs in one database.
  await env.ADS_DB.prepare(
    `INSERT INTO ad_conversions (id, platform, kind, session_id, lead_id, value_cents, status, created_at)
     VALUES (?, 'meta-capi', 'lead', ?, ?, 500, 'queued', ?)`,
  )
    .bind(`meta-capi:lead:${leadId}`, sessionId, leadId, now)
    .run();
  return `meta-capi:lead:${leadId}`;
}

describe('Meta Conversions API, as the reference requires and as the visitor allowed', () => {
  it('an fbclid auto visit: one Lead event with every field of a website event, the hashed contact, no query string', async () => {
    const qw = sandboxScope();
    const fbclid = clickId('IwAR');
    const v = visitor('ps', { ip: qw.ip, userAgent: UA, urlParams: { fbclid, utm_source: 'facebook' } });
    expect((await v.get('/save-auto')).status).toBe(200);
    await finishAuto(v, '/save-auto', { adSharing: 'yes' });
    expect(await settled(v.sessionId, 1)).toEqual([{ platform: 'meta-capi', status: 'sent', error: null }]);
    const lead = await env.DB.prepare(
      'SELECT submission_id, created_at, consent_version, ad_sharing FROM leads WHERE visitor_id = ?',
    )
      .bind(v.id)
      .first<{ submission_id: string; created_at: string; consent_version: string; ad_sharing: string }>();
    expect(lead).toMatchObject({ consent_version: '2026-12-30', ad_sharing: 'yes' });
    const events = await metaEvents(fbclid);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({
      event_name: 'Lead',
      event_time: Math.floor(Date.parse(lead?.created_at ?? '') / 1000),
      event_id: lead?.submission_id,
      action_source: 'website',
      user_data: {
        client_ip_address: qw.ip,
        client_user_agent: UA,
        em: [await sha256Hex(autoContactOf(v).driver1Email)],
        ph: [await sha256Hex(`1${autoContactOf(v).digits}`)],
      },
      // The zip typed (60601) is in Illinois: no state law Meta's Limited Data Use covers.
      data_processing_options: [],
    });
    expect((event?.user_data.fbc as string) ?? '').toMatch(new RegExp(`^fb\\.1\\.\\d{13}\\.${fbclid}$`));
    // The page, without its query string: no click id, campaign or anything appended to it.
    expect(event?.event_source_url).toMatch(/^http:\/\/ps\.localhost\/save-auto\/[a-z-]+$/);
  });

  it('a lead under a consent text that names no ad platform: the event goes, without email or phone', async () => {
    const fbclid = clickId('IwAR');
    const id = await queuedMetaConversion({ fbclid, consentVersion: '2026-12-01', zipcode: '60601' });
    expect(await sendOne(env, id, 1)).toBe('sent');
    const [event] = await metaEvents(fbclid);
    expect(event?.user_data).toEqual({
      client_ip_address: '203.0.113.7',
      client_user_agent: UA,
      fbc: expect.stringMatching(/^fb\.1\.\d{13}\./) as unknown,
    });
    expect(event?.event_source_url).toBe('https://ps.example/save-auto/contact');
  });

  it('a Californian gets Limited Data Use with country 1 and state 1000, by the zip they typed', async () => {
    const fbclid = clickId('IwAR');
    const id = await queuedMetaConversion({ fbclid, consentVersion: '2026-12-20', zipcode: '94103' });
    expect(await sendOne(env, id, 1)).toBe('sent');
    const [event] = await metaEvents(fbclid);
    expect(event).toMatchObject({
      data_processing_options: ['LDU'],
      data_processing_options_country: 1,
      data_processing_options_state: 1000,
    });
  });

  it('a Medicare visit: Meta hears nothing, Google gets the click without contact or granted consent', async () => {
    const fbclid = clickId('IwAR');
    const gclid = clickId('Cj0KCQ');
    const v = visitor('bh', { ip: sandboxScope().ip, urlParams: { fbclid, gclid, utm_source: 'facebook' } });
    expect((await v.get('/get-yours-otc')).status).toBe(200);
    await finishMedicare(v, ['harbor-licensed-agents']);
    // Google's row proves the lead was delivered and the platforms were decided.
    const rows = await settled(v.sessionId, 1);
    expect(rows.map((r) => r.platform)).toEqual(['google-ads']);
    const [google] = await pollUntil(
      () => sandboxScope(gclid).calls('google-data-manager'),
      (list) => list.length > 0,
      WAIT,
    );
    const event = (google?.body as { events: Record<string, unknown>[] }).events[0];
    expect(event).not.toHaveProperty('userData');
    expect(event).toMatchObject({
      adIdentifiers: { gclid },
      consent: { adUserData: 'CONSENT_DENIED', adPersonalization: 'CONSENT_DENIED' },
    });
    expect(await sandboxScope(fbclid).calls('meta-capi')).toEqual([]);
  });

  it('a Medicare conversion queued for Meta anyway (an older row) is skipped, not sent', async () => {
    const fbclid = clickId('IwAR');
    const id = await queuedMetaConversion({
      fbclid,
      consentVersion: '2026-12-15-medicare',
      zipcode: '33101',
      product: 'medicare',
    });
    expect(await sendOne(env, id, 1)).toBe('skipped');
    expect(await env.ADS_DB.prepare('SELECT status, error FROM ad_conversions WHERE id = ?').bind(id).first()).toEqual({
      status: 'skipped',
      error: 'medicare: nothing goes to Meta',
    });
    expect(await sandboxScope(fbclid).calls('meta-capi')).toEqual([]);
  });

  it('a visitor who said no on the do-not-sell page: no Google conversion, no Meta event', async () => {
    const fbclid = clickId('IwAR');
    const gclid = clickId('Cj0KCQ');
    const qw = sandboxScope();
    const v = visitor('ps', { ip: qw.ip, urlParams: { fbclid, gclid, utm_source: 'google' } });
    expect((await v.get('/save-auto')).status).toBe(200);
    expect((await v.post('/do-not-sell', { email: autoContactOf(v).driver1Email, phone: '' })).status).toBe(303);
    // Ticked, and still nothing: the do-not-sell request wins over the box.
    await finishAuto(v, '/save-auto', { adSharing: 'yes' });
    const lead = await env.DB.prepare('SELECT id, delivery FROM leads WHERE visitor_id = ?')
      .bind(v.id)
      .first<{ id: string; delivery: string | null }>();
    expect(lead?.id).toBeDefined();
    expect(await rowsOf(v.sessionId)).toEqual([]);
    expect(await sandboxScope(gclid).calls('google-data-manager')).toEqual([]);
    expect(await sandboxScope(fbclid).calls('meta-capi')).toEqual([]);
  });

  it('an opt-out made after the conversion was queued still stops it: the row says skipped, nothing is sent', async () => {
    const fbclid = clickId('IwAR');
    const id = await queuedMetaConversion({ fbclid, consentVersion: '2026-12-20', zipcode: '60601' });
    const leadId = id.split(':')[2] ?? '';
    const lead = await env.DB.prepare('SELECT visitor_id FROM leads WHERE id = ?')
      .bind(leadId)
      .first<{ visitor_id: string }>();
    await env.DB.prepare(
      `INSERT INTO privacy_requests (id, created_at, brand, kind, visitor_id, gpc) VALUES (?, ?, 'ps', 'do-not-sell', ?, 0)`,
    )
      .bind(crypto.randomUUID(), new Date().toISOString(), lead?.visitor_id ?? '')
      .run();
    expect(await sendOne(env, id, 1)).toBe('skipped');
    expect(await env.ADS_DB.prepare('SELECT status, error FROM ad_conversions WHERE id = ?').bind(id).first()).toEqual({
      status: 'skipped',
      error: 'opted out',
    });
    expect(await sandboxScope(fbclid).calls('meta-capi')).toEqual([]);
  });

  it('a visitor whose browser sends Sec-GPC: 1: no Google conversion, no Meta event', async () => {
    const fbclid = clickId('IwAR');
    const gclid = clickId('Cj0KCQ');
    const qw = sandboxScope();
    const v = visitor('ps', { ip: qw.ip, urlParams: { fbclid, gclid, utm_source: 'google' } });
    v.headers['sec-gpc'] = '1';
    expect((await v.get('/save-auto')).status).toBe(200);
    // Ticked, and still nothing: Global Privacy Control wins over the box.
    await finishAuto(v, '/save-auto', { adSharing: 'yes' });
    const lead = await env.DB.prepare('SELECT gpc FROM leads WHERE visitor_id = ?').bind(v.id).first<{ gpc: number }>();
    expect(lead?.gpc).toBe(1);
    expect(await rowsOf(v.sessionId)).toEqual([]);
    expect(await sandboxScope(gclid).calls('google-data-manager')).toEqual([]);
    expect(await sandboxScope(fbclid).calls('meta-capi')).toEqual([]);
  });

  it('deleting a person takes their click ids and conversion rows, so nothing more is sent; no platform offers a deletion call, so none is queued', async () => {
    const qw = sandboxScope();
    const fbclid = clickId('IwAR');
    const gclid = clickId('Cj0KCQ');
    const v = visitor('ps', { ip: qw.ip, userAgent: UA, urlParams: { fbclid, gclid, utm_source: 'google' } });
    expect((await v.get('/save-auto')).status).toBe(200);
    await finishAuto(v, '/save-auto', { adSharing: 'yes' });
    expect((await settled(v.sessionId, 2)).map((r) => r.status)).toEqual(['sent', 'sent']);
    const visits = () =>
      env.REVENUE_DB.prepare('SELECT COUNT(*) AS n FROM visit_values WHERE visitor_id = ? OR session_id = ?')
        .bind(v.id, v.sessionId)
        .first<{ n: number }>();
    expect((await visits())?.n).toBeGreaterThan(0);
    const lead = await env.DB.prepare('SELECT id FROM leads WHERE visitor_id = ?').bind(v.id).first<{ id: string }>();
    const before = {
      google: (await sandboxScope(gclid).calls()).length,
      meta: (await sandboxScope(fbclid).calls()).length,
    };

    const done = await v.post('/your-data/delete', { confirm: 'yes' });
    expect(done.status).toBe(303);

    expect(await rowsOf(v.sessionId)).toEqual([]);
    expect((await visits())?.n).toBe(0);
    const asked = await env.DB.prepare('SELECT recipient FROM partner_deletions WHERE lead_id = ?')
      .bind(lead?.id ?? '')
      .all<{ recipient: string }>();
    expect(asked.results.map((r) => r.recipient)).not.toEqual(expect.arrayContaining(['google-ads']));
    expect(asked.results.map((r) => r.recipient)).not.toEqual(expect.arrayContaining(['meta-capi']));
    expect(asked.results.map((r) => r.recipient)).toContain('quotewizard');
    // A call the partner pays after the deletion reaches no platform: the click ids went with the person.
    const call = {
      conversion_id: `ma-call-${crypto.randomUUID()}`,
      type: 'call',
      payout: 30,
      at: new Date().toISOString(),
      ref: await visitRef(env, v.sessionId),
    };
    expect(await (await postback('mediaalpha', call)).json()).toEqual({ status: 'recorded', attributed: false });
    expect(
      await queueCallConversion(env, {
        sessionId: v.sessionId,
        partner: 'mediaalpha',
        conversionId: call.conversion_id,
        at: call.at,
        payoutCents: 3000,
      }),
    ).toEqual({ 'google-ads': 'no_click_id', 'meta-capi': 'no_click_id' });
    expect(await rowsOf(v.sessionId)).toEqual([]);
    // Nothing more went to either platform for this person.
    expect((await sandboxScope(gclid).calls()).length).toBe(before.google);
    expect((await sandboxScope(fbclid).calls()).length).toBe(before.meta);
  });

  it('the privacy policy names Google and Meta and what they receive, in both languages', async () => {
    const en = await (await visitor('ps').get('/privacy')).text();
    expect(en).toContain('Advertising platforms: Google and Meta');
    expect(en).toMatch(/scrambled \(SHA-256 hashed\) copy of your email address and phone number/);
    expect(en).toContain('We send Meta nothing about Medicare requests.');
    const es = await (await visitor('m10es').get('/privacy')).text();
    expect(es).toContain('Plataformas de publicidad: Google y Meta');
    expect(es).toContain('A Meta no le enviamos nada de las solicitudes de Medicare.');
  });
});
