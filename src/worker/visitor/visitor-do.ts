import { DurableObject } from 'cloudflare:workers';
import { toFormValues, type FormValues } from '../../shared/json';
import { phoneLeaseSchema, type PhoneLease } from '../../shared/phone/lease';
import { mediaAlphaClient } from '../../partners/mediaalpha/client';
import { PHONE_LEASE_KEY, PhoneLeaseKeeper, type GetPhoneArgs, type PhoneLeaseResult } from '../../partners/mediaalpha/phone-lease';
import { visitorResultKey, type VisitorResultKind } from '../../partners/visitor-results';

/** The user record: its id (the anonymous id) and when the browser last changed it. */
export interface UserRecord {
  id: string;
  updatedAt: number;
}

function isUserRecord(value: unknown): value is UserRecord {
  if (typeof value !== 'object' || value === null) return false;
  const { id, updatedAt } = value as { id?: unknown; updatedAt?: unknown };
  return typeof id === 'string' && typeof updatedAt === 'number';
}

/**
 * One Durable Object per anonymous visitor (SQLite-backed, called by native RPC).
 * It is the single writer for everything a visitor tells us: the user record, form values
 * (per form and the shared '*' bucket), the phone lease and cached partner results. One
 * writer means two tabs, a retried request or a double click all see one truth.
 */
export class VisitorDO extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  /** Created on first use; holds the in-flight get-phone promise that concurrent requests share. */
  private phoneLeases?: PhoneLeaseKeeper;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    ctx.blockConcurrencyWhile(async () => {
      this.sql.exec(`CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at INTEGER NOT NULL)`);
    });
  }

  /** Reads a JSON value stored under key, or undefined. */
  protected getJson(key: string): unknown {
    const row = this.sql.exec<{ value: string }>('SELECT value FROM kv WHERE key = ?', key).toArray()[0];
    return row ? (JSON.parse(row.value) as unknown) : undefined;
  }

  protected putJson(key: string, value: unknown): void {
    this.sql.exec(
      'INSERT INTO kv (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
      key,
      JSON.stringify(value),
      Date.now(),
    );
  }

  /**
   * The user record (spec section 3, call 3). Ordered by the browser's updatedAt, so a late
   * retry from an older tab never overwrites a newer change. Returns what is stored.
   */
  async setUserRecord(record: UserRecord): Promise<UserRecord> {
    const current = this.getJson('user');
    if (isUserRecord(current) && current.updatedAt > record.updatedAt) return current;
    this.putJson('user', record);
    return record;
  }

  /**
   * What a page render needs in one round trip: the values the visitor already gave for
   * this form (the shared '*' bucket overlaid by the form's own) and the raw phone lease.
   */
  async getPageState(form: string | null): Promise<{ values: FormValues; lease: PhoneLease | null }> {
    const shared = this.getJson('values:*');
    const own = form ? this.getJson(`values:${form}`) : undefined;
    return {
      values: { ...toFormValues(shared), ...toFormValues(own) },
      lease: phoneLeaseSchema.nullable().catch(null).parse(this.getJson('phone-lease') ?? null),
    };
  }

  /**
   * The visitor's phone lease: the stored one while unexpired, else one MediaAlpha call
   * shared by every concurrent request of this visitor (see PhoneLeaseKeeper).
   */
  async getPhone(args: GetPhoneArgs): Promise<PhoneLeaseResult> {
    this.phoneLeases ??= new PhoneLeaseKeeper(
      {
        readLease: () => this.getJson(PHONE_LEASE_KEY),
        writeLease: (lease) => this.putJson(PHONE_LEASE_KEY, lease),
        readValues: () => toFormValues(this.getJson('values:*')),
      },
      () => mediaAlphaClient(this.env),
    );
    return this.phoneLeases.get(args);
  }

  /** A partner result remembered for this visitor (demand check, ip quality, location, attribution), as JSON text. */
  async recallPartnerResult(kind: VisitorResultKind): Promise<string | null> {
    const value = this.getJson(visitorResultKey(kind));
    return value === undefined ? null : JSON.stringify(value);
  }

  async rememberPartnerResult(kind: VisitorResultKind, json: string): Promise<void> {
    this.putJson(visitorResultKey(kind), JSON.parse(json) as unknown);
  }
}
