import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { handleAdConversionBatch } from '../../src/worker/ad-conversions';
import { AD_CONVERSIONS_MAX_RETRIES } from '../../src/worker/ad-conversions/consumer';
import { callTransactionId, queueCallConversion } from '../../src/worker/ad-conversions/call-conversions';
import { healthReport } from '../../src/worker/operations/health';
import { visitRef } from '../../src/worker/revenue';
import { finishAuto } from '../support/auto-funnel';
import { visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { sandboxScope } from '../support/sandbox';
import { postback } from '../revenue/support';

/**
 * A partner's paid call of a visit that came from a Meta ad becomes one Meta `Contact` event with
 * action_source `phone_call`, at the call's time and for the payout, once: a repeated or adjusted
 * postback sends nothing more. Never for a Medicare visit, nor for one whose visitor refused ad
 * sharing (the do-not-sell page, or no on the final step). A failure is retried, then shown on the
 * health page.
 */
const WAIT = 20_000;

function clickId(prefix: string): string {
  return `${prefix}${crypto.randomUUID().replace(/-/g, '')}`;
}

type MetaEvent = Record<string, unknown> & { user_data: Record<string, unknown> };

function eventsOf(calls: { body: unknown }[]): MetaEvent[] {
  return calls.flatMap((c) => (c.body as { data: MetaEvent[] }).data);
}

async function rowsOf(sessionId: string) {
  return (
    await env.ADS_DB.prepare(
      `SELECT platform, kind, status, error, value_cents FROM ad_conversions WHERE session_id = ? ORDER BY created_at, kind`,
    )
      .bind(sessionId)
      .all<{ platform: string; kind: string; status: string; error: string | null; value_cents: number }>()
  ).results;
}

/** A visit of `page` from a Meta ad, with its value row (as a leased number or a priced visit leaves it). */
async function metaVisit(page: string, fbclid: string, visitorId = crypto.randomUUID()): Promise<string> {
  const sessionId = crypto.randomUUID();
  const now = new Date().toISOString();
  await env.REVENUE_DB.prepare(
    `INSERT INTO visit_values (session_id, ref, visitor_id, day, brand, page, traffic_source, campaign, paid, variant, click_ids, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'bh', ?, 'facebook', '', 1, '', ?, ?, ?)`,
  )
    .bind(
      sessionId,
      await visitRef(env, sessionId),
      visitorId,
      now.slice(0, 10),
      page,
      JSON.stringify({ fbclid }),
      now,
      now,
    )
    .run();
  return sessionId;
}

function paidCall(ref: string, payout = 38) {
  return {
    conversion_id: `ma-call-${crypto.randomUUID()}`,
    type: 'call',
    payout,
    at: new Date(Date.now() - 90_000).toISOString(),
    ref,
  };
}

/** One queue delivery of a message naming `id`, as the platform hands it to the consumer. */
async function deliver(id: string, attempts: number): Promise<{ acked: boolean; retried: boolean }> {
  let acked = false;
  let retried = false;
  const message = {
    id: crypto.randomUUID(),
    timestamp: new Date(),
    body: { v: 1, id },
    attempts,
    ack: () => {
      acked = true;
    },
    retry: () => {
      retried = true;
    },
  };
  const batch = {
    queue: 'quote-funnel-ad-conversions',
    messages: [message],
    ackAll: () => {},
    retryAll: () => {},
  } as unknown as MessageBatch<unknown>;
  await handleAdConversionBatch(batch, env);
  return { acked, retried };
}

describe('paid calls on Meta', () => {
  it('an fbclid auto visit that calls: one Contact event over the phone at the call time and payout, once', async () => {
    const qw = sandboxScope();
    const fbclid = clickId('IwAR');
    const meta = sandboxScope(fbclid);
    const v = visitor('ps', { ip: qw.ip, urlParams: { fbclid, utm_source: 'facebook' } });
    expect((await v.get('/save-auto')).status).toBe(200);
    await finishAuto(v, '/save-auto', { adSharing: 'yes' });
    await pollUntil(
      () => meta.calls('meta-capi'),
      (list) => list.length === 1,
      WAIT,
    );

    const call = paidCall(await visitRef(env, v.sessionId), 42.5);
    expect(await (await postback('mediaalpha', call)).json()).toEqual({ status: 'recorded', attributed: true });
    const calls = await pollUntil(
      () => meta.calls('meta-capi'),
      (list) => list.length === 2,
      WAIT,
    );
    const [lead, phone] = eventsOf(calls);
    expect(lead?.event_name).toBe('Lead');
    expect(phone).toEqual({
      event_name: 'Contact',
      event_time: Math.floor(Date.parse(call.at) / 1000),
      event_id: await callTransactionId('mediaalpha', call.conversion_id),
      action_source: 'phone_call',
      user_data: { fbc: expect.stringMatching(new RegExp(`^fb\\.1\\.\\d{13}\\.${fbclid}$`)) as unknown },
      custom_data: { value: 42.5, currency: 'USD' },
      // The zip typed on the lead (60601) is in Illinois: no Limited Data Use state.
      data_processing_options: [],
    });
    // Unique per call, and not the lead's: Meta deduplicates on event_name and event_id.
    expect(phone?.event_id).not.toBe(lead?.event_id);

    // The partner repeats its postback, then adjusts the payout: Meta is told nothing more.
    expect(await (await postback('mediaalpha', call)).json()).toMatchObject({ status: 'duplicate' });
    const adjusted = { ...call, payout: 50, adjusted_at: new Date().toISOString() };
    expect(await (await postback('mediaalpha', adjusted)).json()).toMatchObject({ status: 'adjusted' });
    const rows = await pollUntil(
      () => rowsOf(v.sessionId),
      (r) => r.length === 2 && r.every((x) => x.status !== 'queued'),
      WAIT,
    );
    expect(rows.map((r) => [r.platform, r.kind, r.status, r.value_cents])).toEqual([
      ['meta-capi', 'lead', 'sent', expect.any(Number)],
      ['meta-capi', 'call', 'sent', 4250],
    ]);
    expect(await meta.calls('meta-capi')).toHaveLength(2);
    // Asked again for this call at yet another payout, as the next adjustment would: Meta gets no second event.
    const again = await queueCallConversion(env, {
      sessionId: v.sessionId,
      partner: 'mediaalpha',
      conversionId: call.conversion_id,
      at: call.at,
      payoutCents: 5100,
    });
    expect(again['meta-capi']).toBe('already sent: Meta has no restatement');
    expect((await rowsOf(v.sessionId)).filter((r) => r.platform === 'meta-capi')).toHaveLength(2);
  });

  it('a call from a Medicare page (no lead: the page says the product) tells Meta nothing', async () => {
    const fbclid = clickId('IwAR');
    const sessionId = await metaVisit('get-yours-otc', fbclid);
    const call = paidCall(await visitRef(env, sessionId));
    expect(await (await postback('mediaalpha', call)).json()).toEqual({ status: 'recorded', attributed: true });
    const rows = await pollUntil(
      () => rowsOf(sessionId),
      (r) => r.length === 1 && r.every((x) => x.status !== 'queued'),
      WAIT,
    );
    expect(rows).toEqual([
      {
        platform: 'meta-capi',
        kind: 'call',
        status: 'skipped',
        error: 'medicare: nothing goes to Meta',
        value_cents: 3800,
      },
    ]);
    expect(await sandboxScope(fbclid).calls('meta-capi')).toEqual([]);
  });

  it('a visitor who asked us not to sell or share: the call is not told to Meta', async () => {
    const fbclid = clickId('IwAR');
    const visitorId = crypto.randomUUID();
    const sessionId = await metaVisit('save-auto', fbclid, visitorId);
    await env.DB.prepare(
      `INSERT INTO privacy_requests (id, created_at, brand, kind, visitor_id, gpc) VALUES (?, ?, 'ps', 'do-not-sell', ?, 0)`,
    )
      .bind(crypto.randomUUID(), new Date().toISOString(), visitorId)
      .run();
    const call = paidCall(await visitRef(env, sessionId));
    expect(await (await postback('mediaalpha', call)).json()).toEqual({ status: 'recorded', attributed: true });
    // The payout is stored (the money is real) and nothing is queued for any platform.
    await pollUntil(
      () =>
        env.REVENUE_DB.prepare('SELECT session_id FROM payouts WHERE conversion_id = ?')
          .bind(call.conversion_id)
          .first<{ session_id: string }>(),
      (row) => row?.session_id === sessionId,
      WAIT,
    );
    expect(await rowsOf(sessionId)).toEqual([]);
    expect(await sandboxScope(fbclid).calls('meta-capi')).toEqual([]);
  });

  it('a failing Meta is retried; past the last retry the row fails and the health page shows it', async () => {
    const fbclid = clickId('IwAR');
    const meta = sandboxScope(fbclid);
    const sessionId = await metaVisit('save-auto', fbclid);
    const id = `meta-capi:call:mediaalpha:${crypto.randomUUID()}`;
    const now = new Date().toISOString();
    await env.ADS_DB.prepare(
      `INSERT INTO ad_conversions (id, platform, kind, session_id, lead_id, value_cents, status, created_at, updated_at, transaction_id, event_at)
       VALUES (?, 'meta-capi', 'call', ?, NULL, 2700, 'queued', ?, ?, ?, ?)`,
    )
      .bind(id, sessionId, now, now, `call-${crypto.randomUUID().replace(/-/g, '')}`, now)
      .run();
    await meta.set('meta-capi', 'error');
    expect(await deliver(id, 1)).toEqual({ acked: false, retried: true });
    const row = () =>
      env.ADS_DB.prepare('SELECT status, error FROM ad_conversions WHERE id = ?')
        .bind(id)
        .first<{ status: string; error: string }>();
    expect(await row()).toEqual({ status: 'queued', error: 'http 503' });
    expect(await deliver(id, AD_CONVERSIONS_MAX_RETRIES + 1)).toEqual({ acked: false, retried: true });
    expect(await row()).toEqual({ status: 'failed', error: 'http 503' });
    const check = (await healthReport(env)).checks.find((c) => c.id === 'ad-conversions:failed');
    expect(check?.ok).toBe(false);
    expect(check?.summary).toContain('meta-capi http 503');
    // A redelivery of a failed row calls Meta no more; the two attempts were the same event.
    expect(await deliver(id, AD_CONVERSIONS_MAX_RETRIES + 2)).toEqual({ acked: true, retried: false });
    const calls = await meta.calls('meta-capi');
    expect(calls).toHaveLength(2);
    expect(new Set(eventsOf(calls).map((e) => e.event_id)).size).toBe(1);
    await meta.reset();
  });
});
