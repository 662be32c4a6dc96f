import { DurableObject } from 'cloudflare:workers';

/**
 * The spend counter of one paid partner, for every brand and network at once (partner-budget.ts
 * names it `{partner}`). A Durable Object, not the breaker's per-location memory and Cache API:
 * a budget is money, counted once for the whole world, and one object runs one request at a
 * time, so "check and count" cannot be raced by two locations or isolates.
 *
 * A call is counted against several scopes together: the brand's budget, the budget across all
 * brands, and the budget of each network the client belongs to (an IPv6 /64, /56 and /48, an IPv4
 * /24). It goes only when every scope has room, and is then counted in all of them, so a
 * network that moves between brands, or between the /64s of its /48, still meets one cap.
 *
 * Two windows per scope, a minute and an hour. Each starts with the first call after the last
 * one ended (not on the clock's minute), so a burst cannot take two budgets by straddling a
 * boundary. Windows live in the object's SQLite storage, one row per scope, so an evicted
 * object comes back with its counts; rows of scopes idle for an hour are pruned as calls come.
 */
export interface BudgetLimits {
  perMinute: number;
  perHour: number;
}

export type BudgetWindow = 'minute' | 'hour';

/** What a scope stands for: what a refusal reports (never the network itself, an address prefix). */
export type ScopeKind = 'brand' | 'all' | 'network';

export interface BudgetScope {
  /** The row's key: `brand:bh`, `all`, `net:2001:db8:1::/48`. */
  key: string;
  kind: ScopeKind;
  limits: BudgetLimits;
  /**
   * A share of this scope's budget (0 to 1) kept for quiet networks: a call from a network that
   * already made `RESERVE_QUIET_CALLS` calls this hour may use only the rest. One busy network,
   * or a few, cannot take the last numbers of a brand's honest visitors.
   */
  reserve?: number;
}

/** A network with at most this many calls in its hour is quiet: it may use the reserve. */
export const RESERVE_QUIET_CALLS = 3;

export type SpendOutcome =
  | {
      allowed: true;
      /** When the object counted it (its clock): what refund() names. */
      at: number;
    }
  | {
      allowed: false;
      scope: ScopeKind;
      window: BudgetWindow;
      /** True for the first refusal of this scope's window only: the caller emits `partnerBudgetSpent` then. */
      firstRefusal: boolean;
      retryInMs: number;
      limit: number;
    };

export interface WindowState {
  start: number;
  count: number;
  /** The refusal of this window was reported. */
  reported: boolean;
}

export interface BudgetState {
  minute: WindowState;
  hour: WindowState;
}

const LENGTH_MS: Readonly<Record<BudgetWindow, number>> = { minute: 60_000, hour: 3_600_000 };

const fresh = (now: number): WindowState => ({ start: now, count: 0, reported: false });

export function emptyBudget(now: number): BudgetState {
  return { minute: fresh(now), hour: fresh(now) };
}

/** The window as it stands at `now`: a new one once its length has passed. */
function current(window: WindowState, kind: BudgetWindow, now: number): WindowState {
  return now - window.start >= LENGTH_MS[kind] ? fresh(now) : window;
}

/** The scope's limits for this call: the reserve is taken off them for a busy network. */
function effectiveLimits(scope: BudgetScope, busyNetwork: boolean): BudgetLimits {
  const share = busyNetwork ? Math.min(Math.max(scope.reserve ?? 0, 0), 1) : 0;
  return {
    perMinute: Math.floor(scope.limits.perMinute * (1 - share)),
    perHour: Math.floor(scope.limits.perHour * (1 - share)),
  };
}

/**
 * The pure step of one spend over every scope: what the unit tests of the counter check. The
 * call is counted in every scope or in none; the first scope without room (brand, then all,
 * then the networks, in the order given) is the one reported.
 */
export function spendAcross(
  states: ReadonlyMap<string, BudgetState>,
  scopes: readonly BudgetScope[],
  now: number,
): { states: Map<string, BudgetState>; outcome: SpendOutcome } {
  const next = new Map<string, BudgetState>();
  for (const scope of scopes) {
    const s = states.get(scope.key) ?? emptyBudget(now);
    next.set(scope.key, { minute: current(s.minute, 'minute', now), hour: current(s.hour, 'hour', now) });
  }
  const busyNetwork = scopes.some(
    (s) => s.kind === 'network' && (next.get(s.key)?.hour.count ?? 0) >= RESERVE_QUIET_CALLS,
  );
  for (const scope of scopes) {
    const state = next.get(scope.key) ?? emptyBudget(now);
    const limits = effectiveLimits(scope, busyNetwork);
    const over: BudgetWindow | null =
      state.hour.count >= limits.perHour ? 'hour' : state.minute.count >= limits.perMinute ? 'minute' : null;
    if (over === null) continue;
    const window = state[over];
    next.set(scope.key, { ...state, [over]: { ...window, reported: true } });
    return {
      states: next,
      outcome: {
        allowed: false,
        scope: scope.kind,
        window: over,
        firstRefusal: !window.reported,
        retryInMs: Math.max(0, window.start + LENGTH_MS[over] - now),
        limit: over === 'hour' ? limits.perHour : limits.perMinute,
      },
    };
  }
  for (const [key, s] of next)
    next.set(key, { minute: { ...s.minute, count: s.minute.count + 1 }, hour: { ...s.hour, count: s.hour.count + 1 } });
  return { states: next, outcome: { allowed: true, at: now } };
}

/** One spend against a single scope (the shape the counter's first version had). */
export function spend(
  state: BudgetState,
  limits: BudgetLimits,
  now: number,
): { state: BudgetState; outcome: SpendOutcome } {
  const result = spendAcross(new Map([['only', state]]), [{ key: 'only', kind: 'brand', limits }], now);
  return { state: result.states.get('only') ?? state, outcome: result.outcome };
}

interface WindowRow extends Record<string, SqlStorageValue> {
  scope: string;
  minute_start: number;
  minute_count: number;
  minute_reported: number;
  hour_start: number;
  hour_count: number;
  hour_reported: number;
}

/** Rows pruned per call at most: pruning never makes one call slow. */
const PRUNE_PER_CALL = 50;

export class PartnerBudgetDO extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS windows (
         scope TEXT PRIMARY KEY,
         minute_start INTEGER NOT NULL, minute_count INTEGER NOT NULL, minute_reported INTEGER NOT NULL,
         hour_start INTEGER NOT NULL, hour_count INTEGER NOT NULL, hour_reported INTEGER NOT NULL
       )`,
    );
  }

  private read(keys: readonly string[]): Map<string, BudgetState> {
    const states = new Map<string, BudgetState>();
    if (keys.length === 0) return states;
    const rows = this.ctx.storage.sql
      .exec<WindowRow>(`SELECT * FROM windows WHERE scope IN (${keys.map(() => '?').join(',')})`, ...keys)
      .toArray();
    for (const r of rows)
      states.set(r.scope, {
        minute: { start: r.minute_start, count: r.minute_count, reported: r.minute_reported === 1 },
        hour: { start: r.hour_start, count: r.hour_count, reported: r.hour_reported === 1 },
      });
    return states;
  }

  private write(states: ReadonlyMap<string, BudgetState>): void {
    for (const [scope, s] of states)
      this.ctx.storage.sql.exec(
        `INSERT OR REPLACE INTO windows VALUES (?, ?, ?, ?, ?, ?, ?)`,
        scope,
        s.minute.start,
        s.minute.count,
        s.minute.reported ? 1 : 0,
        s.hour.start,
        s.hour.count,
        s.hour.reported ? 1 : 0,
      );
  }

  /** Counts one paid call in every scope when all have room; otherwise says which is spent. */
  spend(scopes: BudgetScope[]): SpendOutcome {
    const now = Date.now();
    const result = spendAcross(this.read(scopes.map((s) => s.key)), scopes, now);
    this.write(result.states);
    this.ctx.storage.sql.exec(
      `DELETE FROM windows WHERE scope IN (SELECT scope FROM windows WHERE hour_start < ? LIMIT ${PRUNE_PER_CALL})`,
      now - LENGTH_MS.hour,
    );
    return result.outcome;
  }

  /**
   * Gives back a call counted by spend() that was never made (the visitor's stored lease was
   * shown instead), in each scope whose windows are still the ones it was counted in.
   */
  refund(spentAt: number, keys: string[]): void {
    // spentAt is this object's own clock (spend's `at`), so a window that started with that call matches.
    const states = this.read(keys);
    const back = (w: WindowState): WindowState =>
      w.start <= spentAt && w.count > 0 ? { ...w, count: w.count - 1 } : w;
    for (const [key, s] of states) states.set(key, { minute: back(s.minute), hour: back(s.hour) });
    this.write(states);
  }
}
