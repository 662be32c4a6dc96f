import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { budgetFor, partnerBudgets, DEFAULT_BUDGETS } from './partner-budget';
import { emptyBudget, spend } from './partner-budget-do';

describe('the spend counter', () => {
  const limits = { perMinute: 2, perHour: 3 };

  it('allows the budget, refuses the rest, and reports the first refusal of a window only', () => {
    let state = emptyBudget(0);
    const outcomes = [];
    for (const at of [0, 1, 2, 3]) {
      const step = spend(state, limits, at);
      state = step.state;
      outcomes.push(step.outcome);
    }
    expect(outcomes.map((o) => o.allowed)).toEqual([true, true, false, false]);
    expect(outcomes[2]).toMatchObject({ window: 'minute', firstRefusal: true, limit: 2, retryInMs: 59_998 });
    expect(outcomes[3]).toMatchObject({ window: 'minute', firstRefusal: false });
  });

  it('starts a minute with the first call after the last one ended, and the hour still caps', () => {
    let state = emptyBudget(0);
    for (const at of [0, 1]) state = spend(state, limits, at).state;
    const nextMinute = spend(state, limits, 60_000);
    expect(nextMinute.outcome.allowed).toBe(true);
    state = nextMinute.state;
    const overHour = spend(state, limits, 60_001);
    expect(overHour.outcome).toMatchObject({ allowed: false, window: 'hour', firstRefusal: true });
    const afterHour = spend(overHour.state, limits, 3_600_000);
    expect(afterHour.outcome.allowed).toBe(true);
  });
});

describe('budgets as data', () => {
  it('a brand entry replaces the default for its partner; a partner without one is not budgeted', () => {
    const budgets = partnerBudgets({
      PARTNER_BUDGETS:
        '{"*":{"mediaalpha":{"perMinute":10,"perHour":100}},"qs":{"mediaalpha":{"perMinute":1,"perHour":2}}}',
    });
    expect(budgetFor(budgets, 'bh', 'mediaalpha')).toEqual({ perMinute: 10, perHour: 100 });
    expect(budgetFor(budgets, 'qs', 'mediaalpha')).toEqual({ perMinute: 1, perHour: 2 });
    expect(budgetFor(budgets, 'bh', 'ipqs')).toBeNull();
  });

  it('a budget that does not parse keeps the default cap rather than none', () => {
    for (const text of ['not json', '{"*":{"mediaalpha":{"perMinute":-1,"perHour":1}}}'])
      expect(partnerBudgets({ PARTNER_BUDGETS: text })).toEqual(DEFAULT_BUDGETS);
  });
});

describe('the counter object', () => {
  it('gives back a call that was never made, and reports a spent window once', async () => {
    const stub = env.PARTNER_BUDGET.get(env.PARTNER_BUDGET.idFromName(`test:${crypto.randomUUID()}`));
    const limits = { perMinute: 1, perHour: 10 };
    const first = await stub.spend(limits);
    expect(first.allowed).toBe(true);
    expect(await stub.spend(limits)).toMatchObject({ allowed: false, window: 'minute', firstRefusal: true });
    // The stored lease was shown instead: the unit comes back and the next call may go.
    if (first.allowed) await stub.refund(first.at);
    expect((await stub.spend(limits)).allowed).toBe(true);
    expect(await stub.spend(limits)).toMatchObject({ allowed: false, firstRefusal: false });
  });
});
