/**
 * The D1 steady state at a planned traffic, table by table, for `npm run capacity`: bytes a row
 * (measured with dbstat on copies of rows a browser or the Worker wrote) times rows a day times
 * the days the table keeps them (src/worker/archive/table-retention.ts, the rule list the cron
 * enforces), against D1's 10 GB and the size alert at 75 %.
 *
 * Rows a day at E events and L leads: the model below, each line with its reason. A table whose
 * sample holds no row is copied from a row shaped like the Worker's own INSERT (the file named),
 * with the widths the Worker writes (ids, ISO times, hex hashes), and marked so in the output.
 */
import { type DatabaseSync } from 'node:sqlite';
import { TABLE_RETENTION } from '../src/worker/archive/table-retention';

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
      sent_at: iso(),
    }),
  },
};

/**
 * Rows a day per table at `events` and `leads` a day, and why. `visits`: sessions a day (events
 * over the sample's events per session); each visit that could earn gets a value row and, on a
 * page with a call button, a leased number.
 */
export function rowsPerDay(
  table: string,
  events: number,
  leads: number,
  visits: number,
): { rows: number; why: string } | null {
  const model: Record<string, { rows: number; why: string }> = {
    events: { rows: events, why: 'every tracked event' },
    leads: { rows: leads, why: 'every lead' },
    lead_certificates: { rows: leads, why: 'one a lead' },
    lead_deliveries: { rows: leads, why: 'one a lead (one buyer)' },
    lead_recipients: { rows: leads, why: 'one a lead (one buyer)' },
    lead_fingerprints: { rows: leads, why: 'every moved lead delivered (worst case)' },
    turnstile_redemptions: { rows: leads, why: 'one a lead' },
    visit_values: { rows: visits, why: 'every visit priced (worst case)' },
    phone_leases: { rows: visits, why: 'a number leased to every visit (worst case)' },
    payouts: { rows: leads + Math.round(visits * 0.05), why: 'a payout a lead, and calls/clicks for 5 % of visits' },
    payout_adjustments: { rows: Math.round(leads * 0.05), why: '5 % of lead payouts restated' },
    ad_conversions: { rows: leads * 2, why: 'a lead told to Google Ads and Meta' },
  };
  return model[table] ?? null;
}

/** Days a row stays in D1 at the peak: the rule's days plus the part of a day before the 03:17 cron. */
export function daysHeld(table: string): number | null {
  const rule = TABLE_RETENTION.find((r) => r.table === table);
  if (!rule || (rule.rule !== 'days' && rule.rule !== 'move-to-r2')) return null;
  // The duplicate window counts from the lead, and the lead spent its hot days in leads first.
  const days = table === 'lead_fingerprints' ? rule.days - 3 : rule.days;
  return days + 1.13;
}

export function copyShaped(db: DatabaseSync, sample: DatabaseSync, table: string, count: number): string {
  let rows: Row[] = [];
  try {
    rows = sample.prepare(`SELECT * FROM ${table} LIMIT 200`).all();
  } catch {
    rows = [];
  }
  const shaped = WORKER_SHAPED[table];
  const source = rows.length ? `${rows.length} rows of the sample` : shaped ? `shaped like ${shaped.from}` : '';
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
};
function pickKeys(fresh: Row, table: string): Row {
  return Object.fromEntries((KEY_COLUMNS[table] ?? []).map((k) => [k, fresh[k]]));
}
