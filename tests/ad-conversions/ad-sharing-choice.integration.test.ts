import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { adSharingLabel } from '../../src/shared/consent';
import { visitRef } from '../../src/worker/revenue';
import { finishAuto } from '../support/auto-funnel';
import { consentPage, jwsPayload } from '../support/consent';
import { visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { sandboxScope } from '../support/sandbox';
import { postback, refOfRecordedVisit } from '../revenue/support';

/**
 * Ad sharing is the visitor's own choice: one box on the consent step, unticked as served, that a
 * plain form post carries. Left unticked, no platform hears of the lead nor of a later paid call;
 * ticked, the lead is told with the visitor's consent GRANTED. The answer is on the lead row and in
 * its signed certificate, with the label the visitor answered.
 */
const WAIT = 20_000;

function clickId(prefix: string): string {
  return `${prefix}${crypto.randomUUID().replace(/-/g, '')}`;
}

async function leadOf(visitorId: string) {
  return env.DB.prepare('SELECT id, ad_sharing, certificate_id, delivery FROM leads WHERE visitor_id = ?')
    .bind(visitorId)
    .first<{ id: string; ad_sharing: string | null; certificate_id: string | null; delivery: string | null }>();
}

async function certificateOf(v: ReturnType<typeof visitor>, id: string | null) {
  const res = await v.fetch(`/certificates/${id ?? ''}`, { headers: { accept: 'application/json' } });
  expect(res.status).toBe(200);
  return jwsPayload((await res.json<{ jws: string }>()).jws) as { ad_sharing?: unknown };
}

describe('the ad-sharing box on the consent step', () => {
  it('is served unticked with its label and works without JavaScript; Medicare has none', async () => {
    const v = visitor('ps');
    const { raw: html } = await consentPage(v, '/save-auto/contact');
    const box = /<input[^>]*name="adSharing"[^>]*>/.exec(html)?.[0] ?? '';
    expect(box).toMatch(/type="checkbox"/);
    expect(box).not.toMatch(/checked/);
    expect(html).toMatch(/<input[^>]*name="adSharingAsked"[^>]*value="yes"/);
    expect(html).toContain(adSharingLabel('auto', 'english', 'PolicySaver'));
    const medicare = await (await visitor('bh').get('/get-yours-otc/contact')).text();
    expect(medicare).not.toContain('name="adSharing"');
  });

  it('left unticked: no Google ingest, no Meta event, for the lead and for a later paid call', async () => {
    const qw = sandboxScope();
    const gclid = clickId('Cj0KCQ');
    const fbclid = clickId('IwAR');
    const v = visitor('ps', { ip: qw.ip, urlParams: { gclid, fbclid, utm_source: 'google' } });
    expect((await v.get('/save-auto')).status).toBe(200);
    await finishAuto(v);
    const lead = await leadOf(v.id);
    // The lead itself goes to the buyer as usual: the box is about the ad platforms only.
    expect(lead).toMatchObject({ ad_sharing: 'no', delivery: 'delivered' });
    expect((await certificateOf(v, lead?.certificate_id ?? null)).ad_sharing).toEqual({
      choice: 'no',
      label: adSharingLabel('auto', 'english', 'PolicySaver'),
      label_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
    });

    const call = {
      conversion_id: `ma-call-${crypto.randomUUID()}`,
      type: 'call',
      payout: 40,
      at: new Date(Date.now() - 60_000).toISOString(),
      ref: await refOfRecordedVisit(v.sessionId),
    };
    expect(call.ref).toBe(await visitRef(env, v.sessionId));
    expect(await (await postback('mediaalpha', call)).json()).toEqual({ status: 'recorded', attributed: true });
    // The lead's delivery and the payout are both recorded before anything would be queued for them.
    await pollUntil(
      () =>
        env.REVENUE_DB.prepare('SELECT 1 AS ok FROM payouts WHERE conversion_id = ?').bind(call.conversion_id).first(),
      (row) => row !== null,
      WAIT,
    );
    expect(
      (await env.ADS_DB.prepare('SELECT id FROM ad_conversions WHERE session_id = ?').bind(v.sessionId).all()).results,
    ).toEqual([]);
    expect(await sandboxScope(gclid).calls('google-data-manager')).toEqual([]);
    expect(await sandboxScope(fbclid).calls('meta-capi')).toEqual([]);
  });

  it('ticked: the certificate says yes, and Google is told with the consent GRANTED', async () => {
    const qw = sandboxScope();
    const gclid = clickId('Cj0KCQ');
    const v = visitor('ps', { ip: qw.ip, urlParams: { gclid, utm_source: 'google' } });
    expect((await v.get('/save-auto')).status).toBe(200);
    await finishAuto(v, '/save-auto', { adSharing: 'yes' });
    const lead = await leadOf(v.id);
    expect(lead?.ad_sharing).toBe('yes');
    expect((await certificateOf(v, lead?.certificate_id ?? null)).ad_sharing).toMatchObject({ choice: 'yes' });
    const [ingest] = await pollUntil(
      () => sandboxScope(gclid).calls('google-data-manager'),
      (list) => list.length > 0,
      WAIT,
    );
    expect((ingest?.body as { events: Record<string, unknown>[] }).events[0]).toMatchObject({
      consent: { adUserData: 'CONSENT_GRANTED', adPersonalization: 'CONSENT_DENIED' },
      userData: expect.any(Object) as unknown,
    });
  });
});
