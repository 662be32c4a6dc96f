import {
  createExecutionContext,
  createScheduledController,
  runDurableObjectAlarm,
  runInDurableObject,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/worker/index';
import { decode, visitor } from '../support/funnel';
import { finishLife, finishMedicare, fingerprintOf, leadOf } from '../support/consent';
import { archivedLead } from '../../src/worker/lead-archive/read';

/** The visitor object's privacy export (VisitorDO.exportState), as far as these tests read it. */
function exportOf(json: string): { values: Record<string, { value: unknown } | undefined> } {
  return JSON.parse(json) as { values: Record<string, { value: unknown } | undefined> };
}

/** Global Privacy Control, the do-not-sell page, operator export and deletion, retention. */
const OPS = { authorization: 'Bearer test-report-token', 'content-type': 'application/json' };

describe('Global Privacy Control', () => {
  it('Sec-GPC: 1 pages carry no tag-manager or ad script and push nothing to the data layer; others still do; shells are not shared', async () => {
    const v = visitor('bh');
    for (const path of ['/get-yours-otc', '/find-benefits', '/']) {
      const gpc = await v.fetch(path, { headers: { 'sec-gpc': '1' } });
      expect(gpc.status, path).toBe(200);
      const html = await gpc.text();
      expect(html).not.toContain('/gtm.js');
      expect(html).not.toContain('/ads.js');
      expect(html).not.toContain('ns.html');
      expect(html).not.toContain('dataLayer');
      expect(html).toMatch(/"gpc":true/);
      // The same page without the signal, right after (a shared shell must not leak either way).
      const normal = await visitor('bh').get(path);
      const plain = await normal.text();
      expect(plain).toContain('/gtm.js');
      expect(plain).toContain('/ads.js');
      expect(plain).toContain('dataLayer');
    }
  });

  it('a lead given under GPC records gpc: true, and so does its certificate', async () => {
    const v = visitor('bh');
    await v.fetch('/get-yours-otc', { headers: { 'sec-gpc': '1' } });
    // A certificate is signed for consent given: one company ticked.
    await finishMedicare(v, ['benefit-helpers-insurance-agency']);
    const lead = await leadOf(v.id);
    expect(lead.gpc).toBe(1);
    const { jws } = await (
      await v.fetch(`/certificates/${lead.certificate_id}`, { headers: { accept: 'application/json' } })
    ).json<{ jws: string }>();
    const payload = JSON.parse(atob((jws.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as {
      gpc: boolean;
    };
    expect(payload.gpc).toBe(true);
    const other = visitor('bh');
    await finishMedicare(other, ['benefit-helpers-insurance-agency']);
    expect((await leadOf(other.id)).gpc).toBe(0);
  });
});

describe('partners and do-not-sell pages', () => {
  it('every footer links the do-not-sell and partners pages; /partners lists the brand record in English and Spanish', async () => {
    const html = decode(await (await visitor('tqg').get('/compare-auto')).text());
    expect(html).toContain('href="/do-not-sell"');
    expect(html).toContain('Do not sell or share my personal information');
    expect(html).toContain('href="/partners"');
    const en = decode(await (await visitor('tqg').get('/partners')).text());
    expect(en).toContain('Companies that may contact you');
    expect(en).toContain('QuoteWizard.com, LLC');
    const es = decode(await (await visitor('bh').get('/partners?lang=es')).text());
    expect(es).toContain('Compañías que pueden comunicarse con usted');
    expect(es).toContain('Evergreen Senior Insurance Services, Inc.');
    expect(decode(await (await visitor('m10es').get('/')).text())).toContain(
      'No vender ni compartir mi información personal',
    );
  });

  it('a do-not-sell request is stored and confirmed; an unusable one is asked again with a 400 and nothing stored', async () => {
    const v = visitor('bh');
    const page = await v.get('/do-not-sell');
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<form[^>]*action="\/do-not-sell"/);
    const posted = await v.post('/do-not-sell', { email: ' Ada@Example.com ', phone: '' });
    expect(posted.status).toBe(303);
    const location = posted.headers.get('location') ?? '';
    expect(location).toMatch(/^\/do-not-sell\?received=[0-9a-f-]{36}$/);
    // The address names no part of the email (not "ada": a random id's hex can hold those letters).
    expect(location.toLowerCase()).not.toMatch(/example|@/);
    const id = location.split('=')[1];
    const row = await env.DB.prepare('SELECT * FROM privacy_requests WHERE id = ?').bind(id).first<{
      email: string | null;
      email_fingerprint: string | null;
      brand: string;
      kind: string;
      visitor_id: string;
    }>();
    // Kept as the keyed fingerprint of the normalised email, never the email itself.
    expect(row).toMatchObject({
      email: null,
      email_fingerprint: await fingerprintOf('email', 'ada@example.com'),
      brand: 'bh',
      kind: 'do-not-sell',
      visitor_id: v.id,
    });
    const confirmed = decode(await (await v.get(location)).text());
    expect(confirmed).toContain('We received your request.');
    expect(confirmed).toContain(id);

    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM privacy_requests').first<{ n: number }>();
    const bad = await v.post('/do-not-sell', { email: 'not-an-email', phone: '' });
    expect(bad.status).toBe(400);
    expect(decode(await bad.text())).toContain('Please enter a valid email');
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM privacy_requests').first<{ n: number }>())?.n).toBe(
      before?.n,
    );
  });
});

describe('operator privacy requests', () => {
  it('refuses without the report token', async () => {
    const res = await visitor('bh').fetch('/ops/privacy/delete', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '(305) 555-0182' }),
    });
    expect(res.status).toBe(401);
  });

  it('export then delete by phone: leads, Durable Object state and events go, certificates stay, every action audited, repeatable', async () => {
    const v = visitor('bh');
    const phone = `(305) 555-${String(1000 + Math.floor(Math.random() * 8999))}`;
    // One company ticked: consent given, so the lead has a certificate that must outlive the deletion.
    await finishMedicare(v, ['benefit-helpers-insurance-agency'], {
      phone,
      email: `${crypto.randomUUID()}@example.com`,
    });
    const lead = await leadOf(v.id);
    // An event of this visitor, as the queue consumer stores them.
    await env.DB.prepare(
      `INSERT INTO events (id, event, timestamp, received_at, session_id, anonymous_id, brand) VALUES (?, 'pageView', ?, ?, 's', ?, 'bh')`,
    )
      .bind(crypto.randomUUID(), new Date().toISOString(), new Date().toISOString(), v.id)
      .run();
    const stub = env.VISITOR.get(env.VISITOR.idFromName(v.key));
    expect(exportOf(await stub.exportState()).values['values:*']?.value).toMatchObject({ firstName: 'Ada' });
    // What was told to the ad platforms (ADS_DB, a database of its own): by the lead, by a visit of
    // this visitor that never became a lead (found through its value row in REVENUE_DB), and someone else's.
    const now = new Date().toISOString();
    const otherVisit = `visit-${crypto.randomUUID()}`;
    await env.REVENUE_DB.prepare(
      `INSERT INTO visit_values (session_id, ref, visitor_id, day, brand, page, traffic_source, campaign, paid, variant, click_ids, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'bh', 'medicare', 'google', '', 1, '', '{"gclid":"x"}', ?, ?)`,
    )
      .bind(otherVisit, `r${crypto.randomUUID().replace(/-/g, '').slice(0, 31)}`, v.id, now.slice(0, 10), now, now)
      .run();
    // Their place in an optimised experiment (REVENUE_DB too), and someone else's.
    const otherPerson = crypto.randomUUID();
    await env.REVENUE_DB.batch(
      [v.id, otherPerson].map((visitorId) =>
        env.REVENUE_DB.prepare(
          `INSERT INTO experiment_people (experiment_id, visitor_id, variant, day) VALUES ('privacy-test', ?, 'a', ?)`,
        ).bind(visitorId, now.slice(0, 10)),
      ),
    );
    const adRow = (id: string, sessionId: string, leadId: string | null) =>
      env.ADS_DB.prepare(
        `INSERT INTO ad_conversions (id, platform, kind, session_id, lead_id, value_cents, status, created_at) VALUES (?, 'google-ads', 'lead', ?, ?, 1, 'sent', ?)`,
      ).bind(id, sessionId, leadId, now);
    const someoneElse = `google-ads:lead:${crypto.randomUUID()}`;
    await env.ADS_DB.batch([
      adRow(`google-ads:lead:${lead.id}`, 'lead-session', lead.id),
      adRow(`google-ads:call:${crypto.randomUUID()}`, otherVisit, null),
      adRow(someoneElse, `visit-${crypto.randomUUID()}`, null),
    ]);

    const exported = await v.fetch('/ops/privacy/export', {
      method: 'POST',
      headers: OPS,
      body: JSON.stringify({ phone }),
    });
    expect(exported.status).toBe(200);
    const dump = await exported.json<{
      leads: { id: string }[];
      visitors: { state: { values: Record<string, unknown> } }[];
      events: unknown[];
    }>();
    expect(dump.leads.map((l) => l.id)).toEqual([lead.id]);
    expect(dump.visitors[0]?.state.values['values:*']).toBeDefined();
    expect(dump.events.length).toBeGreaterThanOrEqual(1);

    // A delete without lead ids is a preview: nothing goes.
    const preview = await v.fetch('/ops/privacy/delete', {
      method: 'POST',
      headers: OPS,
      body: JSON.stringify({ phone }),
    });
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({ preview: true, deleted: null, matched: [{ id: lead.id }] });
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM leads WHERE visitor_id = ?').bind(v.id).first('n')).toBe(1);
    const deleted = await v.fetch('/ops/privacy/delete', {
      method: 'POST',
      headers: OPS,
      body: JSON.stringify({ phone, leads: [lead.id] }),
    });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toMatchObject({
      deleted: { leads: 1, visitors: 1 },
      certificatesKept: [lead.certificate_id],
    });
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM leads WHERE visitor_id = ?').bind(v.id).first('n')).toBe(0);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM events WHERE anonymous_id = ?').bind(v.id).first('n')).toBe(
      0,
    );
    expect(JSON.parse(await stub.exportState())).toEqual({ values: {}, steps: [] });
    expect(
      (
        await env.ADS_DB.prepare(`SELECT id FROM ad_conversions WHERE id = ?1 OR lead_id = ?2 OR session_id = ?3`)
          .bind(someoneElse, lead.id, otherVisit)
          .all<{ id: string }>()
      ).results.map((r) => r.id),
    ).toEqual([someoneElse]);
    // Their visits' value rows (with the click ids) and their experiment place, in the revenue store.
    expect(
      await env.REVENUE_DB.prepare('SELECT COUNT(*) AS n FROM visit_values WHERE visitor_id = ?').bind(v.id).first('n'),
    ).toBe(0);
    expect(
      (
        await env.REVENUE_DB.prepare(
          `SELECT visitor_id FROM experiment_people WHERE experiment_id = 'privacy-test'`,
        ).all<{
          visitor_id: string;
        }>()
      ).results.map((r) => r.visitor_id),
    ).toEqual([otherPerson]);
    expect(
      await env.DB.prepare('SELECT COUNT(*) AS n FROM lead_certificates WHERE id = ?')
        .bind(lead.certificate_id)
        .first('n'),
    ).toBe(1);

    const again = await v.fetch('/ops/privacy/delete', {
      method: 'POST',
      headers: OPS,
      body: JSON.stringify({ phone }),
    });
    // Nobody matches any more: said clearly, nothing deleted.
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: { code: 'no_match' } });
    const audit = await env.DB.prepare(
      'SELECT action, subject_kind, subject_fingerprint, leads FROM privacy_audit ORDER BY at',
    ).all<{ action: string; subject_kind: string; subject_fingerprint: string; leads: number }>();
    const mine = audit.results.filter((r) => r.subject_kind === 'phone');
    expect(mine.map((r) => [r.action, r.leads])).toEqual(
      expect.arrayContaining([
        ['export', 1],
        ['preview', 1],
        ['delete', 1],
        ['preview', 0],
      ]),
    );
    expect(JSON.stringify(audit.results)).not.toContain(phone.replace(/\D/g, '').slice(3));

    const bad = await v.fetch('/ops/privacy/delete', { method: 'POST', headers: OPS, body: JSON.stringify({}) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid_request' } });
  });
});

describe('retention', () => {
  it('the Cron Trigger clears personal values of leads older than LEAD_RETENTION_DAYS; certificate and fingerprints remain', async () => {
    const old = visitor('bh');
    await finishLife(old);
    const fresh = visitor('bh');
    await finishLife(fresh);
    const oldLead = await leadOf(old.id);
    await env.DB.prepare('UPDATE leads SET created_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - 91 * 86_400_000).toISOString(), oldLead.id)
      .run();

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: '17 3 * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);

    // Long past its delivery window, the lead has left D1 for R2 (the lead move); past retention its
    // day keeps no personal object, so it reads back with its values cleared, as in D1.
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM leads WHERE id = ?').bind(oldLead.id).first('n')).toBe(0);
    const purged = await archivedLead(env.ARCHIVE, oldLead.id);
    expect(purged?.values).toBe('{}');
    expect(purged?.ip).toBeNull();
    expect(purged?.user_agent).toBeNull();
    expect(purged?.certificate_id).toBe(oldLead.certificate_id);
    // The contact is kept as a keyed fingerprint only; the plain hash goes.
    expect(purged?.phone_sha256).toBeNull();
    expect(purged?.phone_fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(purged?.consent_sha256).toBe(oldLead.consent_sha256);
    const kept = await leadOf(fresh.id);
    expect(JSON.parse(kept.values)).toMatchObject({ firstName: 'Grace' });
    expect(kept.personal_purged_at).toBeNull();
  });

  it("a visitor's Durable Object deletes its storage after the idle time, by alarm", async () => {
    const v = visitor('bh');
    await v.get('/get-yours-otc?firstname=Ada');
    const stub = env.VISITOR.get(env.VISITOR.idFromName(v.key));
    expect(exportOf(await stub.exportState()).values['values:*']).toBeDefined();
    // Not idle yet: the alarm re-arms and keeps everything.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(exportOf(await stub.exportState()).values['values:*']).toBeDefined();
    // Idle for longer than VISITOR_IDLE_DAYS: everything goes.
    await runInDurableObject(stub, (_instance, state) => {
      state.storage.sql.exec(
        'UPDATE kv SET updated_at = updated_at - ?',
        (Number(env.VISITOR_IDLE_DAYS) + 1) * 86_400_000,
      );
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(JSON.parse(await stub.exportState())).toEqual({ values: {}, steps: [] });
  });
});
