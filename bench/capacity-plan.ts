/**
 * The D1 steady state at a planned traffic, table by table, for `npm run capacity`: bytes a row
 * (measured with dbstat on copies of rows a browser or the Worker's endpoints wrote) times rows a
 * day times the days the table keeps them (src/worker/archive/table-retention.ts, the rule list the
 * cron enforces), against D1's 10 GB and the size alert at 75 % (operations THRESHOLDS).
 *
 * Rows a day at E events and L leads: the model below, each line with its reason. A table whose
 * samples hold no row is copied from a row shaped like the Worker's own INSERT (the file named),
 * with the widths the Worker writes (ids, ISO times, hex hashes), and marked so in the output.
 */
import { type DatabaseSync } from 'node:sqlite';
import { retentionOf, TABLE_RETENTION, type RetentionRule } from '../src/worker/archive/table-retention';
import { claimKey } from '../src/worker/funnel/claim-key';
import { DAILY_TASKS, FREQUENT_TASKS } from '../src/worker/operations/daily-tasks';

type Row = Record<string, unknown>;
const hex = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');
const iso = () => new Date(Date.parse('2026-11-20T00:00:00Z') + Math.floor(Math.random() * 86_400_000)).toISOString();
const uuid = () => crypto.randomUUID();

/** Rows shaped like the Worker's INSERTs, for a table the sample database holds none of. */
export const WORKER_SHAPED: Record<string, { from: string; row: () => Row }> = {
  turnstile_redemptions: {
    from: 'src/worker/defence (Turnstile redemption)',
    row: () => ({ token_sha256: hex(64), lead_key: uuid(), at: iso() }),
  },
  phone_leases: {
    from: 'src/worker/revenue/lease-history.ts',
    row: () => ({
      number: `1${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`,
      leased_at: iso(),
      expires_at: iso(),
      session_id: uuid(),
    }),
  },
  visit_values: {
    from: 'src/worker/revenue/visit-value.ts',
    row: () => ({
      session_id: uuid(),
      ref: hex(32),
      visitor_id: uuid(),
      day: '2026-11-20',
      brand: 'medicare-plans',
      page: 'find-benefits',
      traffic_source: 'google',
      campaign: 'medicare-aep-search-exact',
      paid: 1,
      variant: 'hero-copy:b',
      click_ids: JSON.stringify({
        gclid: `Cj0KCQiA${hex(80)}`,
        _fbp: `fb.1.${Date.now()}.${Math.floor(Math.random() * 1e10)}`,
      }),
      expected_cents: 1250,
      created_at: iso(),
      updated_at: iso(),
    }),
  },
  payouts: {
    from: 'src/worker/revenue/postback.ts',
    row: () => ({
      partner: 'mediaalpha',
      conversion_id: hex(24),
      type: 'lead',
      payout_cents: 1800,
      at: iso(),
      phone: null,
      ref: hex(32),
      session_id: uuid(),
      attributed_by: 'ref',
      adjustments: 0,
      received_at: iso(),
      updated_at: iso(),
      version_at: iso(),
    }),
  },
  payout_adjustments: {
    from: 'src/worker/revenue/postback.ts',
    row: () => ({
      partner: 'mediaalpha',
      conversion_id: hex(24),
      received_at: iso(),
      previous_cents: 1800,
      payout_cents: 900,
    }),
  },
  ad_conversions: {
    from: 'src/worker/ad-conversions/queue-conversions.ts',
    row: () => ({
      id: `google-ads:lead:${uuid()}`,
      platform: 'google-ads',
      kind: 'lead',
      session_id: uuid(),
      lead_id: uuid(),
      value_cents: 1250,
      status: 'sent',
      attempts: 1,
      error: null,
      created_at: iso(),
      updated_at: iso(),
      sent_at: iso(),
    }),
  },
  first_leads: {
    from: 'src/worker/funnel/same-person.ts',
    // A claim stores the claim key of a 64-hex keyed fingerprint (same-person.ts claimKey).
    row: () => ({
      product: 'medicare',
      kind: 'phone',
      fingerprint: claimKey(hex(64)),
      lead_id: uuid(),
      claimed_at: iso(),
    }),
  },
  experiment_people: {
    from: 'src/worker/experiments/experiment-people.ts',
    row: () => ({ experiment_id: 'hero-copy', visitor_id: uuid(), variant: 'b', day: '2026-11-20' }),
  },
  lead_deliveries: {
    from: 'src/worker/lead-delivery/deliver-lead.ts',
    row: () => ({
      lead_id: uuid(),
      recipient: 'harbor-licensed-agents',
      kind: 'seller',
      status: 'sent',
      attempts: 1,
      queued_at: iso(),
      sent_at: iso(),
      updated_at: iso(),
    }),
  },
  lead_recipients: {
    from: 'src/worker/lead-delivery/seller-delivery.ts',
    row: () => ({
      lead_id: uuid(),
      recipient: 'harbor-licensed-agents',
      endpoint: 'https://sellers.example/leads',
      reference: hex(24),
      sent_at: iso(),
    }),
  },
  erased_visitors: {
    from: 'src/worker/consent/erased-visitors.ts',
    row: () => ({ anonymous_id: uuid(), erased_at: iso() }),
  },
  cron_runs: {
    from: 'src/worker/operations/cron.ts',
    row: () => ({
      task: 'health',
      cron: '*/5 * * * *',
      started_at: iso(),
      finished_at: iso(),
      ok: 1,
      detail: 'all checks pass; heartbeat sent',
    }),
  },
  ops_counters: {
    from: 'src/worker/operations/metrics.ts',
    row: () => ({
      minute: Math.floor(Math.random() * 1e8),
      name: 'partner.calls',
      label: 'mediaalpha',
      count: 40,
      total: 12000,
    }),
  },
};

/** Cron runs a day: the daily run's tasks, and every five-minute run's requeue and health rows. */
const CRON_RUNS_PER_DAY = DAILY_TASKS.length + (24 * 12 + 1) * (FREQUENT_TASKS.length + 1);

export interface Traffic {
  events: number;
  leads: number;
  /** Sessions a day: events over the samples' events a session. */
  visits: number;
  /** ops_counters rows a minute, measured in a sample (each name and label a row a minute). */
  countersPerMinute: number;
}

/**
 * Rows a day per table at the planned traffic, and why; null for a table without a model (which
 * `npm run capacity` refuses for a table whose rows grow with traffic). Worst cases where a share
 * is not measured: every visit priced and leased, every lead delivered, paid and told to two ad platforms.
 */
export function rowsPerDay(table: string, t: Traffic): { rows: number; why: string } | null {
  const { events, leads, visits } = t;
  const model: Record<string, { rows: number; why: string }> = {
    events: { rows: events, why: 'every tracked event' },
    leads: { rows: leads, why: 'every lead' },
    lead_certificates: { rows: leads, why: 'one a lead' },
    lead_deliveries: { rows: leads, why: 'one a lead (one buyer)' },
    lead_recipients: { rows: leads, why: 'one a lead (one buyer)' },
    first_leads: {
      rows: leads * 2,
      why: "a lead's claims, its phone and its email, every lead delivered (worst case); they hold the window after the move too",
    },
    turnstile_redemptions: { rows: leads, why: 'one a lead' },
    visit_values: { rows: visits, why: 'every visit priced (worst case)' },
    experiment_people: { rows: visits, why: 'every visit a new person in an experiment (worst case)' },
    phone_leases: { rows: visits, why: 'a number leased to every visit (worst case)' },
    payouts: { rows: leads + Math.round(visits * 0.05), why: 'a payout a lead, and calls/clicks for 5 % of visits' },
    payout_adjustments: { rows: Math.round(leads * 0.05), why: '5 % of lead payouts restated' },
    ad_conversions: adConversionRows(t),
    erased_visitors: { rows: Math.round(leads * 0.03), why: 'erasures for 1 % of leads, three visitor ids each' },
    cron_runs: { rows: CRON_RUNS_PER_DAY, why: 'the daily tasks, and requeue and health every five minutes' },
    ops_counters: { rows: Math.round(t.countersPerMinute * 1440), why: 'the rows a sample wrote a minute, all day' },
  };
  return model[table] ?? null;
}

/**
 * ad_conversions keeps a Google conversion sent for the rule's days and every other row for its
 * `sooner` days (table-retention.ts): as rows a day over the rule's days held, the Google lead and
 * call conversions count whole, and the rest (a lead's Meta row, the adjustments) for their share.
 */
function adConversionRows(t: Traffic): { rows: number; why: string } {
  const rule = retentionOf('ad_conversions');
  const long = rule ? daysHeld(rule) : null;
  const short = rule?.rule === 'days' && rule.sooner ? rule.sooner.days + 1 : long;
  const google = t.leads + Math.round(t.visits * 0.05);
  const others = t.leads + Math.round(t.leads * 0.05);
  const share = long && short ? short / long : 1;
  return {
    rows: google + Math.round(others * share),
    why: `every lead and every paid call (5 % of visits) told to Google Ads, kept while adjustable; a Meta row a lead and 5 % restated, kept ${short} of ${long} days`,
  };
}

/** 03:17 UTC, when the daily cron prunes and moves: the peak is just before it. */
const CRON_DAY_SHARE = (3 * 60 + 17) / 1440;

/**
 * Days of rows a table holds at its peak, just before the daily cron, under its rule; null for a
 * table whose rule does not grow with traffic.
 * - events: EVENTS_HOT_DAYS counts today (archive/maintain.ts hotWindowStart), so 1 keeps
 *   yesterday until 03:17 today: 1 day and 03:17;
 * - a lead and what moves with it: LEADS_HOT_DAYS whole days after its own day, which goes at
 *   03:17 of the next (lead-archive/move.ts leadMoveCutoff): days + 1 + 03:17;
 * - a `days` rule by a calendar day column (visit_values.day): the same, days + 1 + 03:17;
 * - a `days` rule by an instant: rows older than `days` at 03:17, so a day more just before it.
 */
export function daysHeld(rule: RetentionRule): number | null {
  if (rule.rule === 'move-to-r2')
    return rule.table === 'events' ? rule.days + CRON_DAY_SHARE : rule.days + 1 + CRON_DAY_SHARE;
  if (rule.rule !== 'days') return null;
  return rule.column === 'day' ? rule.days + 1 + CRON_DAY_SHARE : rule.days + 1;
}

/** Every rule, in the list's order: what the plan must print. */
export const PLAN_RULES: readonly RetentionRule[] = TABLE_RETENTION;

/**
 * Copies `count` rows into `db`'s `table`: the first sample holding rows of it (its rows cycled,
 * their keys made fresh), else rows shaped like the Worker's INSERT. Answers where they came from,
 * or '' when neither exists.
 */
export function copyShaped(
  db: DatabaseSync,
  samples: readonly { path: string; db: DatabaseSync }[],
  table: string,
  count: number,
): string {
  let rows: Row[] = [];
  let from = '';
  for (const sample of samples) {
    try {
      rows = sample.db.prepare(`SELECT * FROM ${table} LIMIT 200`).all();
    } catch {
      rows = [];
    }
    if (rows.length) {
      from = `${rows.length} rows of ${sample.path}`;
      break;
    }
  }
  const shaped = WORKER_SHAPED[table];
  const source = from || (shaped ? `shaped like ${shaped.from}` : '');
  if (!source) return '';
  const columns = (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[]).map(
    (c) => c.name,
  );
  db.exec('BEGIN');
  for (let i = 0; i < count; i++) {
    const fresh = shaped?.row() ?? {};
    // Keys and ids fresh for every copy (the sample's own values would collide); the rest as written.
    const base = rows.length ? { ...rows[i % rows.length], ...pickKeys(fresh, table) } : fresh;
    const present = columns.filter((c) => c in base);
    db.prepare(
      `INSERT OR IGNORE INTO ${table} (${present.map((c) => `"${c}"`).join(', ')}) VALUES (${present.map(() => '?').join(', ')})`,
    ).run(...present.map((c) => base[c] as string | number | null));
  }
  db.exec('COMMIT');
  return source;
}

const KEY_COLUMNS: Record<string, string[]> = {
  turnstile_redemptions: ['token_sha256'],
  phone_leases: ['session_id', 'leased_at'],
  visit_values: ['session_id', 'ref', 'visitor_id'],
  payouts: ['conversion_id', 'session_id'],
  payout_adjustments: ['conversion_id', 'received_at'],
  ad_conversions: ['id', 'session_id', 'lead_id'],
  first_leads: ['fingerprint', 'lead_id'],
  experiment_people: ['visitor_id'],
  lead_deliveries: ['lead_id'],
  lead_recipients: ['lead_id'],
  erased_visitors: ['anonymous_id'],
  ops_counters: ['minute'],
};
function pickKeys(fresh: Row, table: string): Row {
  return Object.fromEntries((KEY_COLUMNS[table] ?? []).map((k) => [k, fresh[k]]));
}
