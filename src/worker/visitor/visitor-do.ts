import { DurableObject } from 'cloudflare:workers';
import { toFormValues, type FormValues } from '../../shared/json';
import { formsOfSameProduct } from '../../shared/forms/registry';
import { phoneLeaseSchema, type PhoneLease } from '../../shared/phone/lease';
import { mediaAlphaClient } from '../../partners/mediaalpha/client';
import {
  ownedLease,
  PHONE_LEASE_KEY,
  PhoneLeaseKeeper,
  type GetPhoneArgs,
  type LeaseOwner,
  type PhoneLeaseResult,
} from '../../partners/mediaalpha/phone-lease';
import { visitorResultKey, type VisitorResultKind } from '../../partners/visitor-results';
import { acceptedSellerNames, valuesForPartner, type ConsentAcceptance } from '../consent/sharing';
import { prefillGroupOf } from '../funnel/prefill';
import { sellerChoicesSchema } from '../consent/seller-consent';
import { IdleAlarm, visitorIdleMs } from '../consent/visitor-retention';

/** The verdict stored for the visitor's last lead, if any. */
function storedVerdict(value: unknown): string | null {
  const verdict = typeof value === 'object' && value !== null ? (value as { verdict?: unknown }).verdict : undefined;
  return typeof verdict === 'string' ? verdict : null;
}

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
  /** Issue 19: the object deletes its storage after VISITOR_IDLE_DAYS without a write. */
  private readonly idle: IdleAlarm;
  /**
   * Issue 16: the kv rows as stored (their JSON text, or null for a key without a row), kept in
   * memory while the object lives. The object is the only writer of its storage, so what it
   * wrote is what it would read back: a returning visitor's page render costs no SQL after the
   * first. Emptied whenever storage may differ from it (a failed transaction, forget()).
   */
  private readonly kvText = new Map<string, string | null>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.idle = new IdleAlarm(ctx.storage, visitorIdleMs(env));
    // Synchronous SQL in the constructor runs before any request reaches the object.
    this.sql.exec(
      `CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at INTEGER NOT NULL)`,
    );
  }

  /** Reads a JSON value stored under key, or undefined. */
  protected getJson(key: string): unknown {
    let text = this.kvText.get(key);
    if (text === undefined) {
      text = this.sql.exec<{ value: string }>('SELECT value FROM kv WHERE key = ?', key).toArray()[0]?.value ?? null;
      this.kvText.set(key, text);
    }
    // Parsed per read: a caller may change what it gets without changing what is stored.
    return text === null ? undefined : (JSON.parse(text) as unknown);
  }

  /** JSON values of several keys, the ones not in memory in one query (issue 16: a page render read them one statement each). */
  protected getJsonMany(keys: readonly string[]): Map<string, unknown> {
    const missing = keys.filter((key) => !this.kvText.has(key));
    if (missing.length > 0) {
      for (const key of missing) this.kvText.set(key, null);
      const rows = this.sql.exec<{ key: string; value: string }>(
        `SELECT key, value FROM kv WHERE key IN (${missing.map(() => '?').join(', ')})`,
        ...missing,
      );
      for (const row of rows) this.kvText.set(row.key, row.value);
    }
    const found = new Map<string, unknown>();
    for (const key of keys) {
      const text = this.kvText.get(key);
      if (typeof text === 'string') found.set(key, JSON.parse(text) as unknown);
    }
    return found;
  }

  protected putJson(key: string, value: unknown): void {
    const text = JSON.stringify(value);
    this.sql.exec(
      'INSERT INTO kv (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
      key,
      text,
      Date.now(),
    );
    this.kvText.set(key, text);
    this.ctx.waitUntil(this.idle.touch());
  }

  /** Storage was changed other than through this object's own writes (a test's SQL): read it again. */
  storageChanged(): void {
    this.kvText.clear();
  }

  /**
   * The user record (spec section 3, call 3). Ordered by the browser's updatedAt, so a late
   * retry from an older tab never overwrites a newer change. Returns what is stored.
   */
  setUserRecord(record: UserRecord): UserRecord {
    const current = this.getJson('user');
    if (isUserRecord(current) && current.updatedAt > record.updatedAt) return current;
    this.putJson('user', record);
    return record;
  }

  /**
   * What a page render needs in one round trip: the values the visitor already gave for
   * this form (the shared '*' bucket overlaid by the form's own) and the raw phone lease.
   */
  getPageState(
    form: string | null,
    leaseOwner?: LeaseOwner,
    read: (key: string) => unknown = (key) => this.getJson(key),
  ): { values: FormValues; lease: PhoneLease | null } {
    const shared = read('values:*');
    const own = form ? read(`values:${form}`) : undefined;
    const stored = read(PHONE_LEASE_KEY) ?? null;
    return {
      values: { ...toFormValues(shared), ...toFormValues(own) },
      // Issue 10, item 7: a page shows only a lease of its own product and placement.
      lease: leaseOwner ? ownedLease(stored, leaseOwner) : phoneLeaseSchema.nullable().catch(null).parse(stored),
    };
  }

  /** The funnel's table of step submissions seen, for idempotency (created on first use). */
  private submissionsReady = false;

  private ensureSubmissions(): void {
    if (this.submissionsReady) return;
    this.sql.exec(
      'CREATE TABLE IF NOT EXISTS submissions (id TEXT PRIMARY KEY, form TEXT NOT NULL, step TEXT NOT NULL, at INTEGER NOT NULL)',
    );
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
  submitStep(input: { submissionId: string; form: string; step: string; values: FormValues }): {
    duplicate: boolean;
    values: FormValues;
  } {
    this.ensureSubmissions();
    const seen = this.sql.exec('SELECT 1 FROM submissions WHERE id = ?', input.submissionId).toArray().length > 0;
    if (!seen) {
      try {
        this.ctx.storage.transactionSync(() => {
          this.sql.exec(
            'INSERT INTO submissions (id, form, step, at) VALUES (?, ?, ?, ?)',
            input.submissionId,
            input.form,
            input.step,
            Date.now(),
          );
          this.mergeValues(input.form, input.values);
        });
      } catch (error) {
        // Rolled back: what the transaction wrote into memory is not what storage holds.
        this.kvText.clear();
        throw error;
      }
    }
    const { values } = this.getPageState(input.form);
    return { duplicate: seen, values };
  }

  /**
   * Personal fields that arrived in the address (spec section 2), already parsed: they fill
   * the shared bucket only where the visitor has not answered, so a stale ad link never
   * overwrites what the visitor typed.
   */
  prefill(values: FormValues): void {
    const shared = toFormValues(this.getJson('values:*'));
    const fresh: FormValues = {};
    for (const [name, value] of Object.entries(values)) {
      // Only empty answers: a field whose question (any field of its group) is answered is left alone.
      if (value !== null && prefillGroupOf(name).every((field) => shared[field] === undefined)) fresh[name] = value;
    }
    if (Object.keys(fresh).length > 0) this.putJson('values:*', { ...shared, ...fresh });
  }

  /** Issue 12: when the visitor first submitted a step of this form (ms), or null; the lead's speed signal. */
  formStartedAt(form: string): number | null {
    this.ensureSubmissions();
    const row = this.sql
      .exec<{ at: number | null }>('SELECT MIN(at) AS at FROM submissions WHERE form = ?', form)
      .toArray()[0];
    return row?.at ?? null;
  }

  /** The steps of `form` this visitor submitted, in the order they were accepted (issue 11: lead rules). */
  stepHistory(form: string): string[] {
    this.ensureSubmissions();
    return this.sql
      .exec<{ step: string }>('SELECT step FROM submissions WHERE form = ? ORDER BY at, rowid', form)
      .toArray()
      .map((row) => row.step);
  }

  /**
   * A call-back time the visitor asked for (src/worker/hours/callback-api.ts, already checked
   * against the hours): kept with the form's answers, so the lead the final step records
   * carries it. Not a step: the lead rules' step history is left alone.
   */
  requestCallback(form: string, at: string): FormValues {
    this.mergeValues(form, { callbackAt: at });
    return this.getPageState(form).values;
  }

  /** Remembers that the visitor completed a form (its final step was accepted). */
  completeForm(form: string): void {
    this.putJson(`completed:${form}`, new Date().toISOString());
  }

  /**
   * A funnel page render in one round trip: prefill first, then the page state, completion
   * and the stored location (JSON text, parsed by the page; issue 10, item 3).
   */
  getFunnelState(
    form: string | null,
    prefill: FormValues | null,
    leaseOwner?: LeaseOwner,
  ): { values: FormValues; lease: PhoneLease | null; completed: boolean; location?: string | null } {
    if (prefill) this.prefill(prefill);
    // Everything the render needs in one statement, read after the prefill is stored.
    const finished = form !== null ? formsOfSameProduct(form).map((id) => `completed:${id}`) : [];
    const stored = this.getJsonMany([
      'values:*',
      ...(form ? [`values:${form}`] : []),
      PHONE_LEASE_KEY,
      visitorResultKey('location'),
      ...finished,
    ]);
    const state = this.getPageState(form, leaseOwner, (key) => stored.get(key));
    const location = stored.get(visitorResultKey('location'));
    // Issue 15: a form of the same product finished counts, so every page of the product shows the confirmation first.
    const completed = finished.some((key) => stored.has(key));
    return { ...state, completed, location: location === undefined ? null : JSON.stringify(location) };
  }

  /**
   * The visitor's phone lease: the stored one while unexpired, else one MediaAlpha call
   * shared by every concurrent request of this visitor (see PhoneLeaseKeeper).
   */
  async getPhone(args: GetPhoneArgs & { withhold?: readonly string[] }): Promise<PhoneLeaseResult> {
    // Issue 12: a visitor whose lead got a withheld verdict (`bot` by default) gets the default number, no partner call.
    const verdict = storedVerdict(this.getJson(visitorResultKey('lead-trust')));
    if (verdict !== null && args.withhold?.includes(verdict)) return { lease: null, source: 'withheld' };
    this.phoneLeases ??= new PhoneLeaseKeeper(
      {
        readLease: () => this.getJson(PHONE_LEASE_KEY),
        writeLease: (lease) => this.putJson(PHONE_LEASE_KEY, lease),
        // Issue 11: contact fields reach MediaAlpha only after the visitor accepted consent.
        readValues: () => this.partnerValues('mediaalpha'),
        // Issue 19: a Medicare request names only the entities the visitor ticked.
        readSellerNames: () => acceptedSellerNames(this.consentAcceptance()),
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
    if (!(typeof form === 'string' && typeof version === 'string' && typeof at === 'string')) return null;
    // Issue 19: the Medicare per-seller choices given on that form's consent step.
    const sellers = sellerChoicesSchema.safeParse(this.getJson(`consent:sellers:${form}`));
    return sellers.success ? { form, version, at, sellers: sellers.data } : { form, version, at };
  }

  /** Issue 19: the entities a Medicare consent step listed and which the visitor ticked (recorded with the lead). */
  recordSellerChoices(form: string, sellers: { id: string; name: string; accepted: boolean }[]): void {
    this.putJson(`consent:sellers:${form}`, sellers);
  }

  /** Records that the visitor accepted the consent step of `form` (called for complete leads only). */
  acceptConsent(acceptance: ConsentAcceptance): void {
    this.putJson('consent:accepted', acceptance);
  }

  /** The shared form values as `partner` may see them (src/worker/consent/sharing.ts decides). */
  partnerValues(partner: 'mediaalpha' | 'quotewizard'): FormValues {
    return valuesForPartner(toFormValues(this.getJson('values:*')), this.consentAcceptance(), partner);
  }

  /** A partner result remembered for this visitor (demand check, ip quality, location, attribution), as JSON text. */
  recallPartnerResult(kind: VisitorResultKind): string | null {
    const value = this.getJson(visitorResultKey(kind));
    return value === undefined ? null : JSON.stringify(value);
  }

  rememberPartnerResult(kind: VisitorResultKind, json: string): void {
    this.putJson(visitorResultKey(kind), JSON.parse(json) as unknown);
  }

  /**
   * Partner calls in flight for this visitor, by kind and key (memory only: an evicted object
   * forgets them, which costs at most one more call). A reload racing the first render of the
   * auto finish, or the island asking while the page is still waiting, must not pay a second call.
   */
  private readonly calling = new Map<string, { until: number; wake: (() => void)[] }>();

  /** True when the caller should make the `kind` call for `key`; false while another caller's claim (ttlMs) runs. */
  claimPartnerCall(kind: VisitorResultKind, key: string, ttlMs: number): boolean {
    const id = `${kind}:${key}`;
    const now = Date.now();
    const current = this.calling.get(id);
    if (current && current.until > now) return false;
    this.calling.set(id, { until: now + ttlMs, wake: current?.wake ?? [] });
    return true;
  }

  /** Waits at most timeoutMs for the claimed `kind` call for `key` to end, then returns what is remembered. */
  async awaitPartnerCall(kind: VisitorResultKind, key: string, timeoutMs: number): Promise<string | null> {
    const call = this.calling.get(`${kind}:${key}`);
    if (call && call.until > Date.now())
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(timeoutMs, call.until - Date.now()));
        call.wake.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    return this.recallPartnerResult(kind);
  }

  /** The claimed call ended (its answer remembered, or it failed): whoever waits for it goes on. */
  endPartnerCall(kind: VisitorResultKind, key: string): void {
    const id = `${kind}:${key}`;
    const call = this.calling.get(id);
    this.calling.delete(id);
    for (const wake of call?.wake ?? []) wake();
  }

  /** Issue 19: the steps of a form the visitor submitted, each with its last submit time (for the lead certificate). */
  stepTimes(form: string): { step: string; at: string }[] {
    this.ensureSubmissions();
    const rows = this.sql
      .exec<{ step: string; at: number }>(
        'SELECT step, MAX(at) AS at FROM submissions WHERE form = ? GROUP BY step ORDER BY at',
        form,
      )
      .toArray();
    return rows.map((r) => ({ step: r.step, at: new Date(r.at).toISOString() }));
  }

  /** Issue 19, privacy export: everything the object holds about the visitor, as JSON text. */
  exportState(): string {
    const kv = this.sql
      .exec<{ key: string; value: string; updated_at: number }>('SELECT key, value, updated_at FROM kv ORDER BY key')
      .toArray();
    this.ensureSubmissions();
    const steps = this.sql
      .exec<{ form: string; step: string; at: number }>('SELECT form, step, at FROM submissions ORDER BY at')
      .toArray();
    return JSON.stringify({
      values: Object.fromEntries(
        kv.map((r) => [
          r.key,
          { value: JSON.parse(r.value) as unknown, updatedAt: new Date(r.updated_at).toISOString() },
        ]),
      ),
      steps: steps.map((r) => ({ form: r.form, step: r.step, at: new Date(r.at).toISOString() })),
    });
  }

  /** Issue 19, privacy deletion and idle expiry: deletes every stored value; returns how many kv entries went. */
  async forget(): Promise<{ entries: number }> {
    const entries = this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM kv').toArray()[0]?.n ?? 0;
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.kvText.clear();
    this.idle.forget();
    this.phoneLeases = undefined;
    this.submissionsReady = false;
    this.sql.exec(
      `CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at INTEGER NOT NULL)`,
    );
    return { entries };
  }

  /** The idle alarm (src/worker/consent/visitor-retention.ts). */
  override async alarm(): Promise<void> {
    await this.idle.fire(this.sql, async () => {
      await this.forget();
    });
  }
}
