import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { sandboxScope } from '../support/sandbox';

/**
 * The spend budget of a paid partner (src/worker/defence/partner-budget.ts). vitest.config.ts
 * gives brand qs (visited by no other test file) a MediaAlpha budget of 3 calls a minute and 4
 * an hour; its windows start with the first call, so the test does not depend on the clock.
 * Visitors come from addresses of their own, so no rate limit stands in for the budget.
 */
const BUDGET_PER_MINUTE = 3;
type PhoneReply = { phone: { display: string }; source: string };

describe('partner spend budget', () => {
  it('a budget of 3 lets at most 3 paid calls through whoever asks, answers the rest with the default number, and says so once', async () => {
    const scopes = Array.from({ length: 8 }, () => sandboxScope());
    const replies: PhoneReply[] = [];
    for (const sb of scopes) {
      const v = visitor('qs', { ip: sb.ip });
      const res = await v.fetch('/api/mediaalpha/get-phone', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ page: 'get-yours-otc' }),
      });
      expect(res.status).toBe(200);
      replies.push(await res.json<PhoneReply>());
    }
    // Every visitor sees a number; the ones past the budget get the brand's default at once.
    for (const r of replies) expect(r.phone.display).toMatch(/^1-\d{3}-\d{3}-\d{4}$/);
    expect(replies.slice(BUDGET_PER_MINUTE).every((r) => r.source === 'unavailable')).toBe(true);

    // A demand check and a listing of the same brand are paid calls of the same partner: skipped too.
    const late = sandboxScope();
    const lateVisitor = visitor('qs', { ip: late.ip });
    const demand = await lateVisitor.fetch('/api/mediaalpha/demand-check', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 'get-yours-otc' }),
    });
    expect(demand.status).toBe(200);
    expect(await demand.json()).toMatchObject({ parsed: null });
    const ads = await lateVisitor.fetch('/api/mediaalpha/ads', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 'get-yours-otc' }),
    });
    expect(ads.status).toBe(200);
    expect(await ads.json()).toMatchObject({ ads: [] });

    // Where the effect lands: the sandbox's record of MediaAlpha calls from all of them.
    const count = async () =>
      (await Promise.all([...scopes, late].map((sb) => sb.calls('mediaalpha')))).reduce((n, c) => n + c.length, 0);
    const calls = await pollUntil(count, (n) => n >= BUDGET_PER_MINUTE, 15_000);
    expect(calls).toBe(BUDGET_PER_MINUTE);
    console.log(`[budget] 8 get-phone, 1 demand check and 1 listing against a budget of 3: ${calls} partner calls`);

    // One partnerBudgetSpent event for the spent minute, however many calls it refused.
    const events = await pollUntil(
      async () =>
        (
          await env.DB.prepare(
            `SELECT properties FROM events WHERE event = 'partnerBudgetSpent' AND brand = 'qs'`,
          ).all<{ properties: string }>()
        ).results,
      (rows) => rows.length > 0,
      15_000,
    );
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]?.properties ?? '{}')).toMatchObject({
      partner: 'mediaalpha',
      window: 'minute',
      limit: BUDGET_PER_MINUTE,
      source: 'server',
    });
    // Another brand's budget is its own: bh still reaches the partner.
    const other = sandboxScope();
    const bh = visitor('bh', { ip: other.ip });
    const res = await bh.fetch('/api/mediaalpha/get-phone', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 'get-yours-otc' }),
    });
    expect((await res.json<PhoneReply>()).source).not.toBe('unavailable');
  });
});

/**
 * The network budget: vitest.config.ts gives brand ayb (visited by no other test file) 12 paid
 * calls a minute, 4 for any one network, and keeps a quarter of the 12 for quiet networks.
 */
describe('partner spend budget per network', () => {
  const NETWORK_PER_MINUTE = 4;
  /** A fresh /48 in the documentation range, and an address in its `n`th /64. */
  const fresh48 = () => {
    const [a = 0, b = 0] = crypto.getRandomValues(new Uint16Array(2));
    return (n: number) => `2001:db8:${a.toString(16)}:${(((b & 0xff) << 8) | n).toString(16)}::${n + 1}`;
  };
  const getPhone = async (ip: string) => {
    const res = await visitor('ayb', { ip }).fetch('/api/mediaalpha/get-phone', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 'get-yours-otc' }),
    });
    expect(res.status).toBe(200);
    return res.json<PhoneReply>();
  };

  it(
    '60 /64s of one /48 get at most the network budget, and visitors of other networks keep getting numbers',
    {
      timeout: 120_000,
    },
    async () => {
      const abuser = fresh48();
      const scopes = Array.from({ length: 60 }, (_, n) => sandboxScope(abuser(n)));
      const replies: PhoneReply[] = [];
      const began = Date.now();
      for (const sb of scopes) replies.push(await getPhone(sb.ip));
      // A window lasts a minute from the first call it counts (not the clock's minute): a run slower
      // than a minute (a loaded machine) meets a fresh window for each minute it lasted.
      const allowed = NETWORK_PER_MINUTE * (1 + Math.floor((Date.now() - began) / 60_000));
      // Every reply is a number; past the network's budget, the default one without a partner call.
      for (const r of replies) expect(r.phone.display).toMatch(/^1-\d{3}-\d{3}-\d{4}$/);
      // The partner's own answer for at most the budget. The rest are refused (`unavailable`), stopped
      // first by the per-client rate limit (`limited`), or, on a loaded machine, the get-phone
      // deadline's `fallback` answered before the budget's refusal did: none of those is a lease.
      const answered = replies.filter((r) => r.source === 'partner' || r.source === 'default');
      expect(answered.length, JSON.stringify(replies.map((r) => r.source))).toBeLessThanOrEqual(allowed);
      const refused = replies.filter((r) => r.source === 'unavailable' || r.source === 'limited');
      expect(refused.length, JSON.stringify(replies.map((r) => r.source))).toBeGreaterThan(0);
      const count = async () =>
        (await Promise.all(scopes.map((sb) => sb.calls('mediaalpha')))).reduce((n, c) => n + c.length, 0);
      const made = await pollUntil(count, (n) => n >= NETWORK_PER_MINUTE, 15_000);
      expect(made).toBeGreaterThanOrEqual(NETWORK_PER_MINUTE);
      expect(made).toBeLessThanOrEqual(allowed);

      // Honest visitors, each from a network of their own, still reach the partner.
      const honest = Array.from({ length: 3 }, () => sandboxScope(fresh48()(0)));
      for (const sb of honest) expect((await getPhone(sb.ip)).source).not.toBe('unavailable');
      console.log(
        `[budget] 60 /64s of one /48: ${NETWORK_PER_MINUTE} partner calls; 3 visitors of other networks: 3 numbers`,
      );
    },
  );
});
