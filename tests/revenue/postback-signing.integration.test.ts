import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { loopbackIp } from '../support/sandbox';
import { bodyOnlySignature, postback, rollupOfVisit, secretOf, signed } from './support';

/**
 * Postbacks no one can bend: signed with their time (t=...,v1=..., as Stripe signs webhooks), a
 * time more than five minutes away refused, an older report of a payout never replacing a newer
 * one, impossible dates, duplicate keys and a type the partner does not report refused. Every
 * refusal is a status with a JSON error naming the problem, and nothing stored changes. Each test
 * makes its own visits and conversion ids.
 */
const MIN = 60_000;

interface ErrorBody {
  error: { code: string; message: string; issues?: { fields?: string[] } };
}

/** A visit with a value row and its ref, as a listing shown to a browser makes one. */
async function pricedVisit() {
  const v = visitor('bh', { ip: loopbackIp() });
  const shown = await v.fetch('/api/mediaalpha/ads', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: 'clicks' }),
  });
  expect(shown.status).toBe(200);
  const row = await pollUntil(
    () =>
      env.REVENUE_DB.prepare('SELECT ref, created_at FROM visit_values WHERE session_id = ?')
        .bind(v.sessionId)
        .first<{ ref: string; created_at: string }>(),
    (r) => r !== null,
    10_000,
  );
  return { v, ref: row?.ref ?? '', createdAt: row?.created_at ?? '' };
}

async function stored(id: string) {
  return env.REVENUE_DB.prepare('SELECT payout_cents, adjustments FROM payouts WHERE partner = ? AND conversion_id = ?')
    .bind('mediaalpha', id)
    .first<{ payout_cents: number; adjustments: number }>();
}

/** Sends exactly these bytes with exactly this header: a captured request, re-sent. */
function resend(text: string, signature: string) {
  return SELF.fetch('http://bh.localhost/api/postback/mediaalpha', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signature },
    body: text,
  });
}

async function refusal(response: Response, status: number, code: string): Promise<ErrorBody['error']> {
  expect(response.status).toBe(status);
  const body = await response.json<ErrorBody>();
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(10);
  return body.error;
}

describe('postbacks signed with their time', () => {
  it('an older report never replaces a newer adjustment: 50 -> 20 -> the 50 again stays 20', async () => {
    const { v, ref } = await pricedVisit();
    const id = `conv-${crypto.randomUUID()}`;
    const at = new Date(Date.now() - 2 * MIN).toISOString();
    const fifty = JSON.stringify({
      conversion_id: id,
      type: 'click',
      payout: 50,
      at,
      adjusted_at: new Date(Date.now() - 90_000).toISOString(),
      ref,
    });
    const fiftySignature = signed(fifty, secretOf('mediaalpha'));
    expect(await (await resend(fifty, fiftySignature)).json()).toEqual({ status: 'recorded', attributed: true });
    const twenty = { conversion_id: id, type: 'click', payout: 20, at, adjusted_at: new Date().toISOString(), ref };
    expect(await (await postback('mediaalpha', twenty)).json()).toEqual({ status: 'adjusted', attributed: true });
    expect(await stored(id)).toEqual({ payout_cents: 2000, adjustments: 1 });

    // The 50's request captured and re-sent as it was (its time still within five minutes): refused, 20 stays.
    const replay = await refusal(await resend(fifty, fiftySignature), 409, 'stale_adjustment');
    expect(replay.issues?.fields).toEqual(['adjusted_at']);
    // The 50's body signed afresh (a partner's retry queue delivering late): its adjustment time is older, 20 stays.
    await refusal(await postback('mediaalpha', fifty), 409, 'stale_adjustment');
    // The same request captured six minutes ago: its signed time is too old to be accepted at all.
    const captured = signed(fifty, secretOf('mediaalpha'), new Date(Date.now() - 6 * MIN));
    await refusal(await resend(fifty, captured), 401, 'signature_expired');

    expect(await stored(id)).toEqual({ payout_cents: 2000, adjustments: 1 });
    expect(await rollupOfVisit(v.sessionId)).toMatchObject({ realized_click_cents: 2000 });

    // A newer adjustment still applies.
    const later = { ...twenty, payout: 35, adjusted_at: new Date(Date.now() + 1000).toISOString() };
    expect(await (await postback('mediaalpha', later)).json()).toEqual({ status: 'adjusted', attributed: true });
    expect(await stored(id)).toEqual({ payout_cents: 3500, adjustments: 2 });
    expect(await rollupOfVisit(v.sessionId)).toMatchObject({ realized_click_cents: 3500 });
  });

  it('orders reports without adjusted_at by their signed time', async () => {
    const id = `conv-${crypto.randomUUID()}`;
    const body = {
      conversion_id: id,
      type: 'call',
      at: new Date(Date.now() - 3 * MIN).toISOString(),
      phone: '+18005550142',
    };
    expect(
      (await postback('mediaalpha', { ...body, payout: 50 }, { signedAt: new Date(Date.now() - 2 * MIN) })).status,
    ).toBe(200);
    expect((await postback('mediaalpha', { ...body, payout: 20 })).status).toBe(200);
    // Sent later but signed earlier than the 20 (within the tolerance): older, refused.
    const late = await postback('mediaalpha', { ...body, payout: 50 }, { signedAt: new Date(Date.now() - MIN) });
    expect((await refusal(late, 409, 'stale_adjustment')).issues?.fields).toEqual(['t']);
    expect(await stored(id)).toEqual({ payout_cents: 2000, adjustments: 1 });
  });

  it('refuses the old body-only signature and a time more than five minutes away, and takes any matching v1', async () => {
    const id = `conv-${crypto.randomUUID()}`;
    const text = JSON.stringify({
      conversion_id: id,
      type: 'call',
      payout: 10,
      at: new Date().toISOString(),
      phone: '+18005550143',
    });
    const secret = secretOf('mediaalpha');
    const old = await refusal(await resend(text, bodyOnlySignature(text, secret)), 401, 'signature_outdated');
    expect(old.message).toContain('t=<unix seconds>,v1=');
    await refusal(await resend(text, signed(text, secret, new Date(Date.now() - 6 * MIN))), 401, 'signature_expired');
    await refusal(await resend(text, signed(text, secret, new Date(Date.now() + 6 * MIN))), 401, 'signature_expired');
    // The signed time is what is checked: a t changed after signing no longer matches.
    const honest = signed(text, secret, new Date(Date.now() - 10 * MIN));
    const moved = honest.replace(/^t=\d+/, `t=${Math.floor(Date.now() / 1000)}`);
    await refusal(await resend(text, moved), 401, 'bad_signature');
    expect(await stored(id)).toBeNull();

    // Within the tolerance, and with a second v1 under a rotated-out secret beside the right one.
    const good = signed(text, secret, new Date(Date.now() - 4 * MIN));
    const wrong = signed(text, 'the-old-secret', new Date(Date.now() - 4 * MIN)).split(',')[1] ?? '';
    const accepted = await resend(text, `${good.split(',')[0]},${wrong},${good.split(',')[1]}`);
    expect(accepted.status).toBe(200);
    expect(await stored(id)).toMatchObject({ payout_cents: 1000 });
  });

  it('refuses dates before the visit or the kept window and in the future', async () => {
    const { ref } = await pricedVisit();
    const id = `conv-${crypto.randomUUID()}`;
    const base = { conversion_id: id, type: 'call', payout: 5, phone: '+18005550144' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, at: '1970-01-01T00:00:00.000Z' }, 'at'],
      [{ ...base, at: '2099-01-01T00:00:00.000Z' }, 'at'],
      [{ ...base, at: new Date(Date.now() + 10 * MIN).toISOString() }, 'at'],
      [{ ...base, at: new Date().toISOString(), adjusted_at: '2099-06-01T00:00:00Z' }, 'adjusted_at'],
      // A click payout dated an hour before the visit it names began.
      [{ conversion_id: id, type: 'click', payout: 5, ref, at: new Date(Date.now() - 60 * MIN).toISOString() }, 'at'],
    ];
    for (const [body, field] of cases) {
      const error = await refusal(await postback('mediaalpha', body), 400, 'date_out_of_range');
      expect(error.issues?.fields).toEqual([field]);
    }
    expect(await stored(id)).toBeNull();
  });

  it('refuses duplicate keys and a conversion type the partner does not report', async () => {
    const id = `conv-${crypto.randomUUID()}`;
    const at = new Date().toISOString();
    const doubled = `{"conversion_id":"${id}","type":"click","payout":5,"at":"${at}","payout":500}`;
    const error = await refusal(await postback('mediaalpha', doubled), 400, 'duplicate_key');
    expect(error.issues?.fields).toEqual(['payout']);
    expect(await stored(id)).toBeNull();

    // QuoteWizard buys leads: a call from it is refused, a lead taken.
    const call = { conversion_id: id, type: 'call', payout: 5, at, phone: '+18005550145' };
    const refused = await refusal(await postback('quotewizard', call), 400, 'type_not_handled');
    expect(refused.issues?.fields).toEqual(['type']);
    expect(refused.message).toContain('lead');
    const row = await env.REVENUE_DB.prepare('SELECT 1 AS ok FROM payouts WHERE partner = ? AND conversion_id = ?')
      .bind('quotewizard', id)
      .first();
    expect(row).toBeNull();
    const lead = await postback('quotewizard', { conversion_id: id, type: 'lead', payout: 5, at });
    expect(lead.status).toBe(200);
  });
});
