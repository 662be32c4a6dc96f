import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { visitor } from '../support/funnel';
import { loopbackIp, sandboxScope } from '../support/sandbox';

/**
 * Spec 7.6 and 3: the session's ip-quality result rides on every later event, including the
 * ones the Worker records itself (lowBidResult after a demand check); a result from another
 * session does not.
 */
function postJson(v: ReturnType<typeof visitor>, path: string, body: unknown) {
  return v.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/**
 * Asks for the demand check until the partner's answer comes back: a check that timed out (four
 * test workers on two cores can be slower than PARTNER_TIMEOUT_MS) is swallowed with no event,
 * as the spec wants, and is not what these tests are about.
 */
async function lowBidCheck(v: ReturnType<typeof visitor>): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await (
            await postJson(v, '/api/mediaalpha/demand-check', { page: 'get-yours-otc' })
          ).json<{ lowBid: unknown }>()
        ).lowBid,
      { timeout: 15_000, interval: 250 },
    )
    .toBe(true);
}

async function lowBidProperties(anonymousId: string): Promise<Record<string, unknown>[]> {
  const rows = await env.DB.prepare("SELECT properties FROM events WHERE event = 'lowBidResult' AND anonymous_id = ?")
    .bind(anonymousId)
    .all<{ properties: string }>();
  return rows.results.map((row) => JSON.parse(row.properties) as Record<string, unknown>);
}

describe('ip quality in server-side events', () => {
  it("carries the session's ip-quality result in a lowBidResult recorded after the check", async () => {
    const sb = sandboxScope(loopbackIp());
    const v = visitor('bh', { ip: sb.ip });
    await sb.set('mediaalpha', 'low-bid');
    const check = await (
      await postJson(v, '/api/ipqs/check-ip', { userId: v.id, sessionId: v.sessionId })
    ).json<{ result: Record<string, unknown> }>();
    expect(check.result).toMatchObject({ fraudScore: expect.any(Number) });
    await lowBidCheck(v);
    await expect.poll(async () => (await lowBidProperties(v.id)).length, { timeout: 10_000, interval: 200 }).toBe(1);
    const [event] = await lowBidProperties(v.id);
    expect(event?.ipQuality).toEqual(check.result);
    expect(event?.session).toMatchObject({ id: v.sessionId });
  });

  it('records lowBidResult without an ip-quality result when the session has none', async () => {
    const sb = sandboxScope(loopbackIp());
    const v = visitor('bh', { ip: sb.ip });
    await sb.set('mediaalpha', 'low-bid');
    await lowBidCheck(v);
    await expect.poll(async () => (await lowBidProperties(v.id)).length, { timeout: 10_000, interval: 200 }).toBe(1);
    // Null, as in a page's event before its check: the context always has the field (spec section 3).
    expect((await lowBidProperties(v.id))[0]?.ipQuality).toBeNull();
  });
});
