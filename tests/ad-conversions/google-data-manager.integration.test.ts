import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { pruneRetainedTables } from '../../src/worker/archive/table-prune';
import { describe, expect, it } from 'vitest';
import { ingestEventsRequestSchema } from '../support/data-manager-reference';
import { handleAdConversionBatch } from '../../src/worker/ad-conversions';
import { queueCallConversion } from '../../src/worker/ad-conversions/call-conversions';
import { adRetryDelaySeconds } from '../../src/worker/ad-conversions/consumer';
import { healthReport } from '../../src/worker/operations/health';
import { visitRef } from '../../src/worker/revenue';
import { finishAuto } from '../support/auto-funnel';
import { visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { origin, sandboxScope, type SandboxCall } from '../support/sandbox';
import { postback } from '../revenue/support';

/**
 * Google's Data Manager API end to end: a visit from a Google ad (gclid) whose lead reaches a
 * buyer and whose call a partner pays is two events:ingest requests at Google's stand-in, the lead
 * then the call, each with the fields the reference requires, both under one OAuth token minted
 * once. A "too recent" or UNAVAILABLE answer is retried (at the time Google names, or by backoff)
 * and the conversion is delivered once; a refusal is final and recorded with Google's reason,
 * which the health page shows.
 */
const WAIT = 20_000;

function clickId(prefix: string): string {
  return `${prefix}${crypto.randomUUID().replace(/-/g, '')}`;
}

type Events = { transactionId: string; eventTimestamp: string } & Record<string, unknown>;
function eventOf(call: SandboxCall | undefined): Events {
  return (call?.body as { events: Events[] }).events[0] as Events;
}

/** Every token the sandbox's OAuth endpoint issued (any scope: other files mint too). */
async function tokensIssued(): Promise<string[]> {
  const res = await fetch(`${origin}/__sandbox/calls?partner=google-oauth`);
  const { calls } = await res.json<{ calls: { body: { issued?: string } }[] }>();
  return calls.map((c) => c.body.issued).filter((t): t is string => typeof t === 'string');
}

/** A visit from a Google ad (its value row holds the gclid) and a queued call conversion of it. */
async function queuedCallConversion(gclid: string): Promise<string> {
  const sessionId = crypto.randomUUID();
  const now = new Date().toISOString();
  const id = `google-ads:call:mediaalpha:${crypto.randomUUID()}`;
  await env.REVENUE_DB.batch([
    env.REVENUE_DB.prepare(
      `INSERT INTO visit_values (session_id, ref, visitor_id, day, brand, page, traffic_source, campaign, paid, variant, click_ids, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'ps', 'save-auto', 'google', '', 1, '', ?, ?, ?)`,
    ).bind(
      sessionId,
      `r${crypto.randomUUID().replace(/-/g, '').slice(0, 31)}`,
      crypto.randomUUID(),
      now.slice(0, 10),
      JSON.stringify({ gclid }),
      now,
      now,
    ),
  ]);
  // ad_conversions is in the D1 database of its own (ADS_DB): a batch runs in one database.
  await env.ADS_DB.prepare(
    `INSERT INTO ad_conversions (id, platform, kind, session_id, lead_id, value_cents, status, created_at, updated_at, transaction_id, event_at)
     VALUES (?, 'google-ads', 'call', ?, NULL, 3100, 'queued', ?, ?, ?, ?)`,
  )
    .bind(id, sessionId, now, now, `call-${crypto.randomUUID().replace(/-/g, '')}`, now)
    .run();
  return id;
}

/** One queue delivery of a message naming `id`, as the platform hands it to the consumer. */
async function deliver(id: string, attempts: number): Promise<{ acked: boolean; retryDelay: number | null }> {
  let acked = false;
  let retryDelay: number | null = null;
  const message = {
    id: crypto.randomUUID(),
    timestamp: new Date(),
    body: { v: 1, id },
    attempts,
    ack: () => {
      acked = true;
    },
    retry: (options?: { delaySeconds?: number }) => {
      retryDelay = options?.delaySeconds ?? 0;
    },
  };
  const batch = {
    queue: 'quote-funnel-ad-conversions',
    messages: [message],
    ackAll: () => {},
    retryAll: () => {},
  } as unknown as MessageBatch<unknown>;
  await handleAdConversionBatch(batch, env);
  return { acked, retryDelay };
}

const row = (id: string) =>
  env.ADS_DB.prepare('SELECT status, attempts, error FROM ad_conversions WHERE id = ?')
    .bind(id)
    .first<{ status: string; attempts: number; error: string | null }>();

describe('Google conversions through the Data Manager API', () => {
  it('sends a delivered lead, then its paid call, as two ingests under one token; a repeat is not resent, an adjustment restates', async () => {
    const qw = sandboxScope();
    const gclid = clickId('Cj0KCQ');
    const google = sandboxScope(gclid);
    const v = visitor('ps', { ip: qw.ip, urlParams: { gclid, utm_source: 'google', utm_campaign: 'auto-q4' } });
    expect((await v.get('/save-auto')).status).toBe(200);
    await finishAuto(v, '/save-auto', { adSharing: 'yes' });
    const lead = await pollUntil(
      () => google.calls('google-data-manager'),
      (list) => list.length > 0,
      WAIT,
    );
    expect(eventOf(lead[0])).toMatchObject({ adIdentifiers: { gclid }, eventSource: 'WEB', currency: 'USD' });

    const callAt = new Date(Date.now() - 120_000).toISOString();
    const call = {
      conversion_id: `ma-call-${crypto.randomUUID()}`,
      type: 'call',
      payout: 42.5,
      at: callAt,
      ref: await visitRef(env, v.sessionId),
    };
    expect(await (await postback('mediaalpha', call)).json()).toEqual({ status: 'recorded', attributed: true });
    const both = await pollUntil(
      () => google.calls('google-data-manager'),
      (list) => list.length > 1,
      WAIT,
    );
    expect(both).toHaveLength(2);
    const [leadIngest, callIngest] = both;
    // Each request is one the reference accepts, with its required fields.
    for (const ingest of both) expect(ingestEventsRequestSchema.safeParse(ingest.body).success).toBe(true);
    expect((callIngest?.body as { destinations: unknown[] }).destinations).toEqual([
      { operatingAccount: { accountType: 'GOOGLE_ADS', accountId: '1234567890' }, productDestinationId: '987654322' },
    ]);
    const callEvent = eventOf(callIngest);
    expect(callEvent).toEqual({
      transactionId: expect.stringMatching(/^call-[0-9a-f]{40}$/),
      eventTimestamp: callAt,
      adIdentifiers: { gclid },
      conversionValue: 42.5,
      currency: 'USD',
      eventSource: 'PHONE',
      consent: { adUserData: 'CONSENT_GRANTED', adPersonalization: 'CONSENT_DENIED' },
    });
    // No contact rides on a call (a postback has none), and the lead's transaction id is its own.
    expect(callEvent.transactionId).not.toBe(eventOf(leadIngest).transactionId);

    // One token, minted once, carried by both requests.
    const bearer = leadIngest?.extra?.bearer;
    expect(bearer).toMatch(/^sandbox-dm-/);
    expect(callIngest?.extra?.bearer).toBe(bearer);
    expect((await tokensIssued()).filter((t) => t === bearer)).toHaveLength(1);

    // Twenty days on, the daily prune has run: past the 14 days of the other ad rows, a Google
    // conversion sent stays while it can be adjusted (docs/decisions/0335-...), so a late restatement is still sent.
    await pollUntil(
      () =>
        env.ADS_DB.prepare(
          `SELECT COUNT(*) AS n FROM ad_conversions WHERE session_id = ? AND platform = 'google-ads' AND status = 'sent'`,
        )
          .bind(v.sessionId)
          .first<{ n: number }>(),
      (r) => r?.n === 2,
      WAIT,
    );
    await pruneRetainedTables(env, new Date(Date.now() + 20 * 86_400_000));

    // The partner repeats its postback: nothing new. It adjusts the payout: the call is restated.
    expect(await (await postback('mediaalpha', call)).json()).toMatchObject({ status: 'duplicate' });
    // An adjustment names when the payout changed (adjusted_at): a report no newer than the stored one is stale.
    const adjustedAt = new Date().toISOString();
    expect(await (await postback('mediaalpha', { ...call, payout: 50, adjusted_at: adjustedAt })).json()).toMatchObject(
      {
        status: 'adjusted',
      },
    );
    const three = await pollUntil(
      () => google.calls('google-data-manager'),
      (list) => list.length > 2,
      WAIT,
    );
    expect(three).toHaveLength(3);
    expect(eventOf(three[2])).toMatchObject({
      transactionId: callEvent.transactionId,
      eventTimestamp: callAt,
      conversionValue: 50,
      eventSource: 'PHONE',
      lastUpdatedTimestamp: expect.any(String),
    });
    const rows = await pollUntil(
      () =>
        env.ADS_DB.prepare(
          `SELECT kind, status, value_cents FROM ad_conversions WHERE session_id = ? AND platform = 'google-ads' ORDER BY created_at, kind`,
        )
          .bind(v.sessionId)
          .all<{ kind: string; status: string; value_cents: number }>(),
      (r) => r.results.length === 3 && r.results.every((x) => x.status === 'sent'),
      WAIT,
    );
    expect(rows.results.map((r) => [r.kind, r.value_cents])).toEqual([
      ['lead', expect.any(Number)],
      ['call', 4250],
      ['adjustment', 5000],
    ]);
  });

  it('retries "too recent" at the time Google names and UNAVAILABLE by backoff, then delivers once', async () => {
    const gclid = clickId('Cj0KCQ');
    const google = sandboxScope(gclid);
    const id = await queuedCallConversion(gclid);

    await google.set('google-data-manager', 'too-recent');
    expect(await deliver(id, 1)).toEqual({ acked: false, retryDelay: 21_600 });
    expect(await row(id)).toMatchObject({ status: 'queued', error: 'FAILED_PRECONDITION TOO_RECENT_EVENT' });

    await google.set('google-data-manager', 'unavailable');
    expect(await deliver(id, 2)).toEqual({ acked: false, retryDelay: adRetryDelaySeconds(2) });
    expect(await row(id)).toMatchObject({ status: 'queued', error: 'UNAVAILABLE' });

    await google.set('google-data-manager', 'normal');
    expect(await deliver(id, 3)).toEqual({ acked: true, retryDelay: null });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3, error: null });
    // A redelivery of the sent row calls Google no more.
    expect(await deliver(id, 4)).toEqual({ acked: true, retryDelay: null });
    const calls = await google.calls('google-data-manager');
    expect(calls).toHaveLength(3);
    // The same conversion each time: Google dedupes by transactionId, and only the last was accepted.
    expect(new Set(calls.map((c) => eventOf(c).transactionId)).size).toBe(1);
    await google.reset();
  });

  it('records a refusal with Google reason, does not retry it, and shows it on the health page', async () => {
    const gclid = clickId('Cj0KCQ');
    const google = sandboxScope(gclid);
    const id = await queuedCallConversion(gclid);
    await google.set('google-data-manager', 'reject');
    expect(await deliver(id, 1)).toEqual({ acked: true, retryDelay: null });
    const reason = 'INVALID_ARGUMENT INVALID_CONVERSION_ACTION_ID destinations[0].productDestinationId';
    expect(await row(id)).toMatchObject({ status: 'failed', error: reason });

    const report = await healthReport(env);
    const check = report.checks.find((c) => c.id === 'ad-conversions:failed');
    expect(check?.ok).toBe(false);
    expect(check?.summary).toContain(`google-ads ${reason}`);
    const page = await SELF.fetch('http://bh.localhost/ops/health', {
      headers: { authorization: 'Bearer test-report-token', accept: 'text/html' },
    });
    expect(await page.text()).toContain(reason);
    await google.reset();
  });

  it('a dry run (validateOnly) is checked by Google and stored nowhere: the row is not "sent"', async () => {
    const gclid = clickId('Cj0KCQ');
    const google = sandboxScope(gclid);
    const id = await queuedCallConversion(gclid);
    const { sendOne } = await import('../../src/worker/ad-conversions');
    expect(await sendOne({ ...env, GOOGLE_DATA_MANAGER_VALIDATE_ONLY: 'true' }, id, 1)).toBe('skipped');
    expect(await row(id)).toMatchObject({ status: 'skipped', error: 'dry run: validateOnly, accepted and not stored' });
    const [call] = await google.calls('google-data-manager');
    expect((call?.body as { validateOnly?: boolean }).validateOnly).toBe(true);
  });

  it('holds a restatement until the conversion it restates was sent (Google would take it for the conversion)', async () => {
    const gclid = clickId('Cj0KCQ');
    const google = sandboxScope(gclid);
    const original = await queuedCallConversion(gclid);
    const session = await env.ADS_DB.prepare('SELECT session_id FROM ad_conversions WHERE id = ?')
      .bind(original)
      .first<{ session_id: string }>();
    const adjustment = `google-ads:adjustment:call:test:${crypto.randomUUID()}`;
    await env.ADS_DB.prepare(
      `INSERT INTO ad_conversions (id, platform, kind, session_id, lead_id, value_cents, status, created_at, updated_at, adjusts)
       VALUES (?, 'google-ads', 'adjustment', ?, NULL, 5000, 'queued', ?, ?, ?)`,
    )
      .bind(adjustment, session?.session_id ?? '', new Date().toISOString(), new Date().toISOString(), original)
      .run();
    expect(await deliver(adjustment, 1)).toEqual({ acked: false, retryDelay: 60 });
    expect(await google.calls('google-data-manager')).toEqual([]);
    expect(await deliver(original, 1)).toEqual({ acked: true, retryDelay: null });
    expect(await deliver(adjustment, 2)).toEqual({ acked: true, retryDelay: null });
    const calls = await google.calls('google-data-manager');
    expect(calls.map((c) => eventOf(c).conversionValue)).toEqual([31, 50]);
    expect(eventOf(calls[1]).transactionId).toBe(eventOf(calls[0]).transactionId);
  });

  it('tells Google of no call without a Google click, or from a visitor who opted out', async () => {
    const noClick = await queuedCallConversion('');
    const noClickSession = await env.ADS_DB.prepare('SELECT session_id FROM ad_conversions WHERE id = ?')
      .bind(noClick)
      .first<{ session_id: string }>();
    await env.REVENUE_DB.prepare(`UPDATE visit_values SET click_ids = '{}' WHERE session_id = ?`)
      .bind(noClickSession?.session_id ?? '')
      .run();
    const call = {
      partner: 'mediaalpha',
      conversionId: crypto.randomUUID(),
      at: new Date().toISOString(),
      payoutCents: 900,
    };
    expect(await queueCallConversion(env, { ...call, sessionId: noClickSession?.session_id ?? '' })).toEqual({
      'google-ads': 'no_click_id',
      'meta-capi': 'no_click_id',
    });

    const gclid = clickId('Cj0KCQ');
    const optedOut = await queuedCallConversion(gclid);
    const session = await env.ADS_DB.prepare('SELECT session_id FROM ad_conversions WHERE id = ?')
      .bind(optedOut)
      .first<{ session_id: string }>();
    await env.DB.prepare(
      `INSERT INTO leads (id, created_at, brand, page, form, product, session_id, visitor_id, submission_id, "values", status, gpc)
       VALUES (?, ?, 'ps', 'save-auto', 'auto', 'auto', ?, ?, ?, '{}', 'complete', 1)`,
    )
      .bind(
        crypto.randomUUID(),
        new Date().toISOString(),
        session?.session_id ?? '',
        crypto.randomUUID(),
        crypto.randomUUID(),
      )
      .run();
    expect(await queueCallConversion(env, { ...call, sessionId: session?.session_id ?? '' })).toMatchObject({
      'google-ads': 'gpc',
    });
    const rows = await env.ADS_DB.prepare(`SELECT id FROM ad_conversions WHERE id = ?`)
      .bind(`google-ads:call:mediaalpha:${call.conversionId}`)
      .all();
    expect(rows.results).toEqual([]);
  });
});
