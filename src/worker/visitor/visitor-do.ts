import { DurableObject } from 'cloudflare:workers';
import { toFormValues, type FormValues } from '../../shared/json';
import { phoneLeaseSchema, type PhoneLease } from '../../shared/phone/lease';
import { mediaAlphaClient } from '../../partners/mediaalpha/client';
import { PHONE_LEASE_KEY, PhoneLeaseKeeper, type GetPhoneArgs, type PhoneLeaseResult } from '../../partners/mediaalpha/phone-lease';
import { visitorResultKey, type VisitorResultKind } from '../../partners/visitor-results';
import { valuesForPartner, type ConsentAcceptance } from '../consent/sharing';

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

  /** The funnel's table of step submissions seen, for idempotency (created on first use). */
  private submissionsReady = false;

  private ensureSubmissions(): void {
    if (this.submissionsReady) return;
    this.sql.exec('CREATE TABLE IF NOT EXISTS submissions (id TEXT PRIMARY KEY, form TEXT NOT NULL, step TEXT NOT NULL, at INTEGER NOT NULL)');
    this.submissionsReady = true;
  }

  /** Merges into both buckets (spec section 3); undefined never overwrites, null clears. */
  private mergeValues(form: string, values: FormValues): void {
    for (const key of [`values:${form}`, 'values:*']) {
      const merged = toFormValues(this.getJson(key));
      let changed = false;
      for (const [name, value] of Object.entries(values)) {
        if (value === undefined) continue;
        merged[name] = value;
        changed = true;
      }
      if (changed) this.putJson(key, merged);
    }
  }

  /**
   * One step submit (already parsed by the lead schema), idempotent on the client-minted
   * submission id: a retried request, a double click or a reload of the post stores once.
   * Returns the form's values as they now stand ('*' overlaid by the form's own).
   */
  async submitStep(input: { submissionId: string; form: string; step: string; values: FormValues }): Promise<{ duplicate: boolean; values: FormValues }> {
    this.ensureSubmissions();
    const seen = this.sql.exec('SELECT 1 FROM submissions WHERE id = ?', input.submissionId).toArray().length > 0;
    if (!seen) {
      this.ctx.storage.transactionSync(() => {
        this.sql.exec('INSERT INTO submissions (id, form, step, at) VALUES (?, ?, ?, ?)', input.submissionId, input.form, input.step, Date.now());
        this.mergeValues(input.form, input.values);
      });
    }
    const { values } = await this.getPageState(input.form);
    return { duplicate: seen, values };
  }

  /**
   * Personal fields that arrived in the address (spec section 2), already parsed: they fill
   * the shared bucket only where the visitor has not answered, so a stale ad link never
   * overwrites what the visitor typed.
   */
  async prefill(values: FormValues): Promise<void> {
    const shared = toFormValues(this.getJson('values:*'));
    const fresh: FormValues = {};
    for (const [name, value] of Object.entries(values)) {
      if (value !== null && shared[name] === undefined) fresh[name] = value;
    }
    if (Object.keys(fresh).length > 0) this.putJson('values:*', { ...shared, ...fresh });
  }

  /** Remembers that the visitor completed a form (its final step was accepted). */
  async completeForm(form: string): Promise<void> {
    this.putJson(`completed:${form}`, new Date().toISOString());
  }

  /**
   * A funnel page render in one round trip: prefill first, then the page state, completion
   * and the stored location (JSON text, parsed by the page; issue 10, item 3).
   */
  async getFunnelState(
    form: string | null,
    prefill: FormValues | null,
  ): Promise<{ values: FormValues; lease: PhoneLease | null; completed: boolean; location?: string | null }> {
    if (prefill) await this.prefill(prefill);
    const state = await this.getPageState(form);
    const location = this.getJson(visitorResultKey('location'));
    return { ...state, completed: form !== null && this.getJson(`completed:${form}`) !== undefined, location: location === undefined ? null : JSON.stringify(location) };
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
        // Issue 11: contact fields reach MediaAlpha only after the visitor accepted consent.
        readValues: () => this.partnerValues('mediaalpha'),
      },
      () => mediaAlphaClient(this.env),
    );
    return this.phoneLeases.get(args);
  }

  /** The consent the visitor accepted last (the consent step of a complete lead), or null. */
  consentAcceptance(): ConsentAcceptance | null {
    const value = this.getJson('consent:accepted');
    if (typeof value !== 'object' || value === null) return null;
    const { form, version, at } = value as Partial<ConsentAcceptance>;
    return typeof form === 'string' && typeof version === 'string' && typeof at === 'string' ? { form, version, at } : null;
  }

  /** Records that the visitor accepted the consent step of `form` (called for complete leads only). */
  async acceptConsent(acceptance: ConsentAcceptance): Promise<void> {
    this.putJson('consent:accepted', acceptance);
  }

  /** The shared form values as `partner` may see them (src/worker/consent/sharing.ts decides). */
  partnerValues(partner: 'mediaalpha' | 'quotewizard'): FormValues {
    return valuesForPartner(toFormValues(this.getJson('values:*')), this.consentAcceptance(), partner);
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
