import { DurableObject } from 'cloudflare:workers';
import { toFormValues, type FormValues } from '../../shared/json';
import { formsOfSameProduct } from '../../shared/forms/registry';
import { isWithheldBecause, type WithheldBecause } from '../../shared/forms/finish';
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
import { VisitorKv } from './kv-store';
import { PartnerCallsInFlight } from './partner-calls';
import { StepSubmissions } from './submissions';

/** The verdict stored for the visitor's last lead, if any. */
function storedVerdict(value: unknown): string | null {
  const verdict = typeof value === 'object' && value !== null ? (value as { verdict?: unknown }).verdict : undefined;
  return typeof verdict === 'string' ? verdict : null;
}

/**
 * The completion keys of every form selling the same product as `form`, kept per form id in this
 * isolate: the registry is fixed, and every page render of a visitor with answers asks. Unknown
 * ids (none: the form comes from the page's route) are not kept, so the map stays the registry's size.
 */
const finishedKeys = new Map<string, readonly string[]>();

function finishedKeysOf(form: string): readonly string[] {
  const known = finishedKeys.get(form);
  if (known) return known;
  const keys = formsOfSameProduct(form).map((id) => `completed:${id}`);
  if (keys.length > 0) finishedKeys.set(form, keys);
  return keys;
}

/** What a funnel page render reads of the visitor (getFunnelState). */
export interface FunnelState {
  values: FormValues;
  lease: PhoneLease | null;
  completed: boolean;
  shared?: boolean;
  withheldBecause?: WithheldBecause;
  location?: string | null;
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
  /** The object deletes its storage after VISITOR_IDLE_DAYS without a write. */
  private readonly idle: IdleAlarm;
  /** The kv rows, kept in memory while the object lives (./kv-store.ts). */
  private readonly kv: VisitorKv;
  private readonly submissions: StepSubmissions;
  private readonly partnerCalls = new PartnerCallsInFlight();
  /** The funnel state (and its JSON text, once asked) by form and lease owner, for the rows' version `funnelMemoVersion`. */
  private readonly funnelMemo = new Map<string, { state: FunnelState; text?: string }>();
  private funnelMemoVersion = -1;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.idle = new IdleAlarm(ctx.storage, visitorIdleMs(env));
    this.kv = new VisitorKv(this.sql, () => this.ctx.waitUntil(this.idle.touch()));
    this.kv.create();
    this.submissions = new StepSubmissions(this.sql);
  }

  /** Reads a JSON value stored under key, or undefined. */
  protected getJson(key: string): unknown {
    return this.kv.get(key);
  }

  protected putJson(key: string, value: unknown): void {
    this.kv.put(key, value);
  }

  /** Storage was changed other than through this object's own writes (a test's SQL): read it again. */
  storageChanged(): void {
    this.kv.clear();
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
      // A page shows only a lease of its own product and placement.
      lease: leaseOwner ? ownedLease(stored, leaseOwner) : phoneLeaseSchema.nullable().catch(null).parse(stored),
    };
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
    const seen = this.submissions.seen(input.submissionId);
    if (!seen) {
      try {
        this.ctx.storage.transactionSync(() => {
          this.submissions.insert(input);
          this.mergeValues(input.form, input.values);
        });
      } catch (error) {
        // Rolled back: what the transaction wrote into memory is not what storage holds.
        this.kv.clear();
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

  /** When the visitor first submitted a step of this form (ms), or null; the lead's speed signal. */
  formStartedAt(form: string): number | null {
    return this.submissions.startedAt(form);
  }

  /** The steps of `form` this visitor submitted, in the order they were accepted (lead rules). */
  stepHistory(form: string): string[] {
    return this.submissions.history(form);
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

  /**
   * The visitor sent the form without a call-back time ("Send without a call-back time"): a
   * time asked for earlier is forgotten, so the lead does not carry a call they declined.
   */
  forgetCallback(form: string): FormValues {
    for (const key of [`values:${form}`, 'values:*']) {
      const values = toFormValues(this.getJson(key));
      if (!('callbackAt' in values)) continue;
      delete values.callbackAt;
      this.putJson(key, values);
    }
    return this.getPageState(form).values;
  }

  /**
   * Remembers that the visitor completed a form (its final step was accepted), and whether their
   * details went to the companies they chose, so every later confirmation says what is true.
   */
  completeForm(form: string, shared = true, withheldBecause?: WithheldBecause): void {
    this.putJson(`completed:${form}`, {
      at: new Date().toISOString(),
      shared,
      ...(withheldBecause ? { withheldBecause } : {}),
    });
  }

  /**
   * A funnel page render in one round trip: prefill first, then the page state, completion
   * and the stored location (JSON text, parsed by the page;).
   */
  getFunnelState(form: string | null, prefill: FormValues | null, leaseOwner?: LeaseOwner): FunnelState {
    return this.funnelStateOf(form, prefill, leaseOwner).state;
  }

  /**
   * The same state as getFunnelState, as its JSON text: the page's read. An object returned over
   * RPC is serialized member by member and the caller's copy gets a disposer added (Cloudflare,
   * "Workers RPC: Lifecycle": only a primitive result has none); a string is one copy and no
   * disposer. With the object, the garbage collector took 11% of a with-answers page view's
   * samples, 3% with the text (decision 0346). The state is JSON data (rows parsed from JSON), so
   * the text parses back to an equal state; it is written once per version of the rows, as the
   * state is worked out, so an unchanged visitor's reload serializes nothing.
   */
  getFunnelStateText(form: string | null, prefill: FormValues | null, leaseOwner?: LeaseOwner): string {
    const kept = this.funnelStateOf(form, prefill, leaseOwner);
    kept.text ??= JSON.stringify(kept.state);
    return kept.text;
  }

  private funnelStateOf(
    form: string | null,
    prefill: FormValues | null,
    leaseOwner?: LeaseOwner,
  ): { state: FunnelState; text?: string } {
    if (prefill) this.prefill(prefill);
    // Worked out once per version of the rows (every write and every emptying of memory moves it
    // on), so a reload or another tab of an unchanged visitor parses nothing; the RPC sends a copy.
    if (this.funnelMemoVersion !== this.kv.version) {
      this.funnelMemo.clear();
      this.funnelMemoVersion = this.kv.version;
    }
    const memoKey = `${form ?? ''}|${leaseOwner ? `${leaseOwner.product}|${leaseOwner.placementId}` : ''}`;
    let kept = this.funnelMemo.get(memoKey);
    if (kept === undefined) {
      kept = { state: this.readFunnelState(form, leaseOwner) };
      this.funnelMemo.set(memoKey, kept);
    }
    return kept;
  }

  /** The funnel state from the rows: everything the render needs in one statement. */
  private readFunnelState(form: string | null, leaseOwner?: LeaseOwner): FunnelState {
    // Everything the render needs in one statement, read after the prefill is stored.
    const finished = form !== null ? finishedKeysOf(form) : [];
    const locationKey = visitorResultKey('location');
    const texts = this.kv.getManyText([
      'values:*',
      ...(form ? [`values:${form}`] : []),
      PHONE_LEASE_KEY,
      locationKey,
      ...finished,
    ]);
    const read = (key: string): unknown => {
      const text = texts.get(key);
      return text === undefined ? undefined : (JSON.parse(text) as unknown);
    };
    const state = this.getPageState(form, leaseOwner, read);
    // A form of the same product finished counts, so every page of the product shows the confirmation first.
    const completions = finished.filter((key) => texts.has(key)).map(read);
    const completed = completions.length > 0;
    // Details shared unless the visitor's finished lead was kept (no company ticked, Skip, withheld).
    const notShared = completions.some(
      (value) => typeof value === 'object' && value !== null && (value as { shared?: unknown }).shared === false,
    );
    // The reason a kept lead gives the visitor to act on (their opt-out, no check without JavaScript).
    const because = completions
      .map((value) =>
        typeof value === 'object' && value !== null ? (value as { withheldBecause?: unknown }).withheldBecause : null,
      )
      .find(isWithheldBecause);
    // Frozen: the memo hands the same object to every read of this version.
    Object.freeze(state.values);
    if (state.lease) Object.freeze(state.lease);
    return Object.freeze({
      ...state,
      completed,
      ...(completed ? { shared: !notShared } : {}),
      ...(completed && notShared && because ? { withheldBecause: because } : {}),
      // The stored text itself: the page parses it once (it was parsed and written out again here).
      location: texts.get(locationKey) ?? null,
    });
  }

  /**
   * The visitor's phone lease: the stored one while unexpired, else one MediaAlpha call
   * shared by every concurrent request of this visitor (see PhoneLeaseKeeper).
   */
  async getPhone(args: GetPhoneArgs & { withhold?: readonly string[] }): Promise<PhoneLeaseResult> {
    // A visitor whose lead got a withheld verdict (`bot` by default) gets the default number, no partner call.
    const verdict = storedVerdict(this.getJson(visitorResultKey('lead-trust')));
    if (verdict !== null && args.withhold?.includes(verdict)) return { lease: null, source: 'withheld' };
    this.phoneLeases ??= new PhoneLeaseKeeper(
      {
        readLease: () => this.getJson(PHONE_LEASE_KEY),
        writeLease: (lease) => this.putJson(PHONE_LEASE_KEY, lease),
        // Contact fields reach MediaAlpha only after the visitor accepted consent.
        readValues: () => this.partnerValues('mediaalpha'),
        // A Medicare request names only the entities the visitor ticked.
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
    // The Medicare per-seller choices given on that form's consent step.
    const sellers = sellerChoicesSchema.safeParse(this.getJson(`consent:sellers:${form}`));
    return sellers.success ? { form, version, at, sellers: sellers.data } : { form, version, at };
  }

  /** The entities a Medicare consent step listed and which the visitor ticked (recorded with the lead). */
  recordSellerChoices(form: string, sellers: { id: string; name: string; accepted: boolean }[]): void {
    this.putJson(`consent:sellers:${form}`, sellers);
  }

  /**
   * What partner calls may carry about this visitor from now on: the consent of a lead that is
   * delivered, or null (nothing personal) when the visitor's last lead is withheld, skipped,
   * a duplicate or opted out. Decided by the final step, once per submission.
   */
  shareUnder(acceptance: ConsentAcceptance | null): void {
    this.putJson('consent:accepted', this.isOptedOut() ? null : acceptance);
  }

  /** GPC or a do-not-sell request: kept for later visits; nothing personal goes to partners again. */
  recordOptOut(kind: 'gpc' | 'do-not-sell'): void {
    if (!this.isOptedOut()) this.putJson('opt-out', { kind, at: new Date().toISOString() });
    this.putJson('consent:accepted', null);
  }

  isOptedOut(): boolean {
    const value = this.getJson('opt-out');
    return typeof value === 'object' && value !== null;
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

  /** True when the caller should make the `kind` call for `key`; false while another caller's claim (ttlMs) runs. */
  claimPartnerCall(kind: VisitorResultKind, key: string, ttlMs: number): boolean {
    return this.partnerCalls.claim(`${kind}:${key}`, ttlMs);
  }

  /** Waits at most timeoutMs for the claimed `kind` call for `key` to end, then returns what is remembered. */
  async awaitPartnerCall(kind: VisitorResultKind, key: string, timeoutMs: number): Promise<string | null> {
    await this.partnerCalls.wait(`${kind}:${key}`, timeoutMs);
    return this.recallPartnerResult(kind);
  }

  /** The claimed call ended (its answer remembered, or it failed): whoever waits for it goes on. */
  endPartnerCall(kind: VisitorResultKind, key: string): void {
    this.partnerCalls.end(`${kind}:${key}`);
  }

  /** The steps of a form the visitor submitted, each with its last submit time (for the lead certificate). */
  stepTimes(form: string): { step: string; at: string }[] {
    return this.submissions.times(form);
  }

  /** Privacy export: everything the object holds about the visitor, as JSON text. */
  exportState(): string {
    const kv = this.kv.rows();
    const steps = this.submissions.all();
    return JSON.stringify({
      values: Object.fromEntries(
        kv.map((r) => [
          r.key,
          { value: JSON.parse(r.value) as unknown, updatedAt: new Date(r.updated_at).toISOString() },
        ]),
      ),
      steps,
    });
  }

  /** Privacy deletion and idle expiry: deletes every stored value; returns how many kv entries went. */
  async forget(): Promise<{ entries: number }> {
    const entries = this.kv.count();
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.kv.clear();
    this.idle.forget();
    this.phoneLeases = undefined;
    this.submissions.forget();
    this.kv.create();
    return { entries };
  }

  /** The idle alarm (src/worker/consent/visitor-retention.ts). */
  override async alarm(): Promise<void> {
    await this.idle.fire(this.sql, async () => {
      await this.forget();
    });
  }
}
