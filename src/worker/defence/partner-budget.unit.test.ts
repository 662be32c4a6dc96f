import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { budgetFor, budgetScopes, partnerBudgets, DEFAULT_BUDGETS } from './partner-budget';
import {
  emptyBudget,
  RESERVE_QUIET_CALLS,
  spend,
  spendAcross,
  type BudgetScope,
  type BudgetState,
} from './partner-budget-do';

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

describe('one call counted in every scope', () => {
  const brand: BudgetScope = { key: 'brand:bh', kind: 'brand', limits: { perMinute: 10, perHour: 100 }, reserve: 0.5 };
  const net = (key: string): BudgetScope => ({ key, kind: 'network', limits: { perMinute: 4, perHour: 40 } });

  function run(states: Map<string, BudgetState>, scopes: BudgetScope[], at: number) {
    const step = spendAcross(states, scopes, at);
    for (const [k, v] of step.states) states.set(k, v);
    return step.outcome;
  }

  it('a network meets its cap whichever brand or /64 it calls through, and a refused call is counted nowhere', () => {
    const states = new Map<string, BudgetState>();
    const other: BudgetScope = { ...brand, key: 'brand:m10' };
    const outcomes = [0, 1, 2, 3, 4].map((at) =>
      run(states, [at % 2 ? brand : other, net(`net:/64-${at}`), net('net:/48')], at),
    );
    expect(outcomes.map((o) => o.allowed)).toEqual([true, true, true, true, false]);
    expect(outcomes[4]).toMatchObject({ scope: 'network', window: 'minute', firstRefusal: true, limit: 4 });
    expect((states.get('brand:bh')?.minute.count ?? 0) + (states.get('brand:m10')?.minute.count ?? 0)).toBe(4);
  });

  it('a busy network may not use the reserve; a quiet one still may', () => {
    const states = new Map<string, BudgetState>([
      ['brand:bh', { ...emptyBudget(0), minute: { start: 0, count: 5, reported: false } }],
    ]);
    states.set('net:busy', {
      minute: { start: 0, count: RESERVE_QUIET_CALLS, reported: false },
      hour: { start: 0, count: RESERVE_QUIET_CALLS, reported: false },
    });
    // Half the brand's minute (5 of 10) is the reserve: the busy network is refused by the brand's budget...
    expect(run(states, [brand, net('net:busy')], 1)).toMatchObject({ allowed: false, scope: 'brand', limit: 5 });
    // ...and a network with no calls yet takes the next number.
    expect(run(states, [brand, net('net:quiet')], 2)).toMatchObject({ allowed: true });
  });
});

describe('budgets as scopes', () => {
  it('the brand, all brands and each network of the client', () => {
    const budgets = partnerBudgets({ PARTNER_BUDGETS: JSON.stringify(DEFAULT_BUDGETS) });
    const scopes = budgetScopes(budgets, 'bh', 'mediaalpha', '2001:db8:1:2::9');
    expect(scopes.map((s) => [s.kind, s.key])).toEqual([
      ['brand', 'brand:bh'],
      ['all', 'all'],
      ['network', 'net:2001:db8:1:2::/64'],
      ['network', 'net:2001:db8:1:0::/56'],
      ['network', 'net:2001:db8:1:0::/48'],
    ]);
    expect(budgetScopes(budgets, 'bh', 'ipqs', '198.18.0.1')).toEqual([]);
  });
});

describe('the counter object', () => {
  it('gives back a call that was never made, and reports a spent window once', async () => {
    const stub = env.PARTNER_BUDGET.get(env.PARTNER_BUDGET.idFromName(`test:${crypto.randomUUID()}`));
    const scopes: BudgetScope[] = [{ key: 'brand:test', kind: 'brand', limits: { perMinute: 1, perHour: 10 } }];
    const keys = scopes.map((s) => s.key);
    const first = await stub.spend(scopes);
    expect(first.allowed).toBe(true);
    expect(await stub.spend(scopes)).toMatchObject({ allowed: false, window: 'minute', firstRefusal: true });
    // The stored lease was shown instead: the unit comes back and the next call may go.
    if (first.allowed) await stub.refund(first.at, keys);
    expect((await stub.spend(scopes)).allowed).toBe(true);
    expect(await stub.spend(scopes)).toMatchObject({ allowed: false, firstRefusal: false });
  });
});
