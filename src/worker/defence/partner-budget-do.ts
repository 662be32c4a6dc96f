import { DurableObject } from 'cloudflare:workers';

/**
 * The spend counter of one paid partner for one brand (partner-budget.ts names it
 * `{partner}:{brand}`). A Durable Object, not the breaker's per-location memory and Cache API:
 * a budget is money, counted once for the whole world, and one object runs one request at a
 * time, so "check and count" cannot be raced by two locations or isolates.
 *
 * Two windows, a minute and an hour. Each starts with the first call after the last one ended
 * (not on the clock's minute), so a burst cannot take two budgets by straddling a boundary.
 * State is the object's own key-value store (`ctx.storage.kv`), written with every change, so
 * an evicted object comes back with its counts.
 */
export interface BudgetLimits {
  perMinute: number;
  perHour: number;
}

export type BudgetWindow = 'minute' | 'hour';

export type SpendOutcome =
  | {
      allowed: true;
      /** When the object counted it (its clock): what refund() names. */
      at: number;
    }
  | {
      allowed: false;
      window: BudgetWindow;
      /** True for the first refusal of this window only: the caller emits `partnerBudgetSpent` then. */
      firstRefusal: boolean;
      retryInMs: number;
      limit: number;
    };

interface WindowState {
  start: number;
  count: number;
  /** The refusal of this window was reported. */
  reported: boolean;
}

interface BudgetState {
  minute: WindowState;
  hour: WindowState;
}

const LENGTH_MS: Readonly<Record<BudgetWindow, number>> = { minute: 60_000, hour: 3_600_000 };
const STATE_KEY = 'budget';

const fresh = (now: number): WindowState => ({ start: now, count: 0, reported: false });

/** The window as it stands at `now`: a new one once its length has passed. */
function current(window: WindowState, kind: BudgetWindow, now: number): WindowState {
  return now - window.start >= LENGTH_MS[kind] ? fresh(now) : window;
}

/** The pure step of one spend: what the unit tests of the counter check. */
export function spend(
  state: BudgetState,
  limits: BudgetLimits,
  now: number,
): { state: BudgetState; outcome: SpendOutcome } {
  const minute = current(state.minute, 'minute', now);
  const hour = current(state.hour, 'hour', now);
  const over: BudgetWindow | null =
    hour.count >= limits.perHour ? 'hour' : minute.count >= limits.perMinute ? 'minute' : null;
  if (over === null) {
    return {
      state: { minute: { ...minute, count: minute.count + 1 }, hour: { ...hour, count: hour.count + 1 } },
      outcome: { allowed: true, at: now },
    };
  }
  const window = over === 'hour' ? hour : minute;
  const next = { minute, hour, [over]: { ...window, reported: true } };
  return {
    state: next,
    outcome: {
      allowed: false,
      window: over,
      firstRefusal: !window.reported,
      retryInMs: Math.max(0, window.start + LENGTH_MS[over] - now),
      limit: over === 'hour' ? limits.perHour : limits.perMinute,
    },
  };
}

export function emptyBudget(now: number): BudgetState {
  return { minute: fresh(now), hour: fresh(now) };
}

function isWindow(value: unknown): value is WindowState {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.start === 'number' && typeof v.count === 'number' && typeof v.reported === 'boolean';
}

export class PartnerBudgetDO extends DurableObject<Env> {
  private state: BudgetState | undefined;

  private load(now: number): BudgetState {
    if (this.state) return this.state;
    const stored = this.ctx.storage.kv.get<unknown>(STATE_KEY);
    const s = stored as Partial<BudgetState> | undefined;
    this.state = s && isWindow(s.minute) && isWindow(s.hour) ? { minute: s.minute, hour: s.hour } : emptyBudget(now);
    return this.state;
  }

  private save(state: BudgetState): void {
    this.state = state;
    this.ctx.storage.kv.put(STATE_KEY, state);
  }

  /** Counts one paid call when the budget has room; otherwise says which window is spent. */
  spend(limits: BudgetLimits): SpendOutcome {
    const now = Date.now();
    const result = spend(this.load(now), limits, now);
    this.save(result.state);
    return result.outcome;
  }

  /**
   * Gives back a call counted by spend() that was never made (the visitor's stored lease was
   * shown instead), as long as its windows are still the ones it was counted in.
   */
  refund(spentAt: number): void {
    // spentAt is this object's own clock (spend's `at`), so a window that started with that call matches.
    const now = Date.now();
    const state = this.load(now);
    const back = (w: WindowState): WindowState =>
      w.start <= spentAt && w.count > 0 ? { ...w, count: w.count - 1 } : w;
    this.save({ minute: back(state.minute), hour: back(state.hour) });
  }
}
