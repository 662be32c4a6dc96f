/**
 * A visitor's Durable Object forgets the visitor after an idle time (retention):
 * every write keeps an alarm at last activity + VISITOR_IDLE_DAYS; when it fires and nothing
 * was written since, the object deletes all its storage. An operator deletion (/ops/privacy)
 * uses the same wipe.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
/** Re-arming the alarm costs a storage write; within this slack the earlier alarm is kept (it re-checks when it fires). */
const REARM_SLACK_MS = 60 * 60 * 1000;

export function visitorIdleMs(env: { VISITOR_IDLE_DAYS?: string }): number {
  const days = Number(env.VISITOR_IDLE_DAYS ?? '30');
  return Number.isFinite(days) && days > 0 ? days * DAY_MS : 30 * DAY_MS;
}

/** The newest write of the object (kv rows and step submissions), in ms, or null when it holds nothing. */
export function lastActivity(sql: SqlStorage): number | null {
  const kv = sql.exec<{ at: number | null }>('SELECT MAX(updated_at) AS at FROM kv').toArray()[0]?.at ?? null;
  const hasSubmissions =
    sql
      .exec<{ n: number }>("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'submissions'")
      .toArray()[0]?.n ?? 0;
  const sub = hasSubmissions
    ? (sql.exec<{ at: number | null }>('SELECT MAX(at) AS at FROM submissions').toArray()[0]?.at ?? null)
    : null;
  if (kv === null && sub === null) return null;
  return Math.max(kv ?? 0, sub ?? 0);
}

export class IdleAlarm {
  private armedAt: number | null = null;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly idleMs: number,
  ) {}

  /** After a write: make sure an alarm fires no earlier than idleMs from now (throttled). */
  async touch(now = Date.now()): Promise<void> {
    const due = now + this.idleMs;
    if (this.armedAt !== null && this.armedAt >= due - REARM_SLACK_MS) return;
    this.armedAt = due;
    await this.storage.setAlarm(due);
  }

  /** The alarm handler: wipe when idle long enough, else re-arm for the remaining time. Returns whether it wiped. */
  async fire(sql: SqlStorage, wipe: () => Promise<void>, now = Date.now()): Promise<boolean> {
    const last = lastActivity(sql);
    if (last === null || now - last >= this.idleMs) {
      await wipe();
      this.armedAt = null;
      return true;
    }
    this.armedAt = last + this.idleMs;
    await this.storage.setAlarm(this.armedAt);
    return false;
  }

  forget(): void {
    this.armedAt = null;
  }
}
