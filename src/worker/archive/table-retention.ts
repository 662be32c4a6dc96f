import { DEFAULT_LEADS_HOT_DAYS } from '../lead-archive/hot-days';
import { PHONE_LEASE_RETENTION_DAYS, VISIT_VALUE_RETENTION_DAYS } from '../revenue/retention-days';

/**
 * How long every D1 table keeps its rows: the one place that says it, beside the schema
 * (migrations/). D1 holds 10 GB and the size alert fires at 75 %; a table that grows without an
 * end fills it. Each table that any migration creates has exactly one rule here, and a test
 * (table-retention.unit.test.ts) fails for a table without one; a new table is added here, with
 * its reason, in the change that creates it. docs/decisions/0265-every-d1-table-has-a-retention-rule.md has the
 * figures these rules give at a million events and 100,000 leads a day (`npm run capacity`).
 *
 * - days: rows go `days` after the `column` named, deleted by the daily cron in bounded chunks
 *   (`by`: the module that deletes them; 'table-prune' is pruneRetainedTables here beside);
 * - move-to-r2: rows older than `days` are written to R2 and then deleted from D1;
 * - bounded: the table's size does not grow with traffic (a row per day, per brand, per partner,
 *   per key), or its rows are transient (a staging table emptied in the same transaction);
 * - until-erased: kept as proof or audit for as long as the law asks; removed only by an erasure.
 */
export type RetentionRule = (
  | {
      table: string;
      rule: 'days';
      /** The longest any row stays; `sooner` may let most of the rows go earlier. */
      days: number;
      column: string;
      by: string;
      why: string;
      /** Rows not matching `unless` (fixed SQL over the table's columns) go after these days instead. */
      sooner?: { days: number; unless: string; why: string };
    }
  | { table: string; rule: 'move-to-r2'; days: number; by: string; why: string }
  | { table: string; rule: 'bounded'; why: string }
  | { table: string; rule: 'until-erased'; why: string }
) & {
  /** The D1 binding whose database holds the table; DB when not named. */
  database?: D1Binding;
};

/**
 * The D1 databases the Worker writes, by binding (wrangler.toml d1_databases, every environment).
 * D1's 10 GB and the size alert at 75 % are per database, so the capacity plan adds each one up
 * on its own, and a table moved to another database names it in its rule
 * (docs/decisions/0315-duplicate-window-in-one-table-and-shorter-claims.md). The test beside this
 * file fails for a D1 binding not listed here, and for a table not in the database its rule names.
 */
export const D1_DATABASES = ['DB', 'ADS_DB', 'REVENUE_DB', 'LEASES_DB'] as const;
export type D1Binding = (typeof D1_DATABASES)[number];

/**
 * The order deploys and local setups apply each database's migrations: the others before DB, so a
 * table moved out of DB (its migration there drops it) already exists in its new database.
 */
export const MIGRATION_ORDER: readonly D1Binding[] = [...D1_DATABASES.filter((b) => b !== 'DB'), 'DB'];

/**
 * The revenue store and the bandit's people, in REVENUE_DB: every statement on them names only
 * these (the triggers of migrations/0030 tie payouts, visit_values and revenue_rollups), so they
 * moved together; the lease history, read by a statement of its own, is in LEASES_DB
 * (docs/decisions/0341-the-revenue-store-in-a-database-of-its-own.md).
 */
export const REVENUE_TABLES = [
  'visit_values',
  'payouts',
  'payout_adjustments',
  'revenue_rollups',
  'variant_value_days',
  'experiment_people',
] as const;

/**
 * Tables left behind in a database after their rule moved them to another: not dropped yet,
 * because migrations only add (docs/operating.md, step 3) and the Worker of the previous version
 * must keep working if a deploy is rolled back. Nothing of this version reads or writes them (a
 * test checks every statement's binding); a later migration drops each once no rollback can reach
 * back past the move. The retention test allows exactly these in the database named.
 */
export const LEFT_BEHIND: readonly { table: string; database: D1Binding; movedTo: D1Binding }[] = [
  { table: 'ad_conversions', database: 'DB', movedTo: 'ADS_DB' },
  ...REVENUE_TABLES.map((table) => ({ table, database: 'DB' as const, movedTo: 'REVENUE_DB' as const })),
  { table: 'phone_leases', database: 'DB', movedTo: 'LEASES_DB' },
];

/** The database that holds the rule's table. */
export function databaseOf(rule: RetentionRule): string {
  return rule.database ?? 'DB';
}

/** Days after which a payout row, its adjustments and an ad conversion row are deleted. */
export const PAYOUT_RETENTION_DAYS = 45;
export const AD_CONVERSION_RETENTION_DAYS = 14;
/**
 * Google accepts an adjustment (a restatement or a retraction) of a conversion up to 54 days
 * after it: "Adjustment can't be made to a conversion that occurred more than 54 days ago"
 * (Google Ads API ConversionAdjustmentUploadError.CONVERSION_EXPIRED,
 * developers.google.com/google-ads/api/reference/rpc/v25/ConversionAdjustmentUploadErrorEnum.ConversionAdjustmentUploadError).
 * The Data Manager API, which the Worker uses, matches an adjustment to the conversion by the
 * same transactionId, and it must carry an identifier (adIdentifiers or userData):
 * developers.google.com/data-manager/api/devguides/events/google-ads/conversion-adjustments.
 */
export const GOOGLE_ADJUSTMENT_LIMIT_DAYS = 54;
/**
 * How long a Google conversion the Worker sent stays, so a partner's late restatement or refund
 * still finds the conversion it adjusts (queue-conversions.ts, google-send.ts): as long as the
 * adjustment's identifier, the visit's click id (visit_values), is kept, which is inside Google's
 * limit. A test holds it between the two.
 */
export const GOOGLE_ADJUSTABLE_DAYS = VISIT_VALUE_RETENTION_DAYS;
/** The Google conversions an adjustment can restate: what queuePayoutAdjustment and google-send.ts read back. */
export const GOOGLE_ADJUSTABLE_ROWS = `platform = 'google-ads' AND kind IN ('lead', 'call') AND status = 'sent'`;
/** A Turnstile token lives 300 s; a day of its hash is ample against a replay. */
export const TURNSTILE_REDEMPTION_DAYS = 2;

export const TABLE_RETENTION: readonly RetentionRule[] = [
  {
    table: 'events',
    rule: 'move-to-r2',
    days: 1,
    by: 'archive/maintain.ts (EVENTS_HOT_DAYS: 1 in staging and production)',
    why: 'raw events: rolled up, archived to R2 as gzip NDJSON, then pruned after the hot window',
  },
  {
    table: 'events_incoming',
    rule: 'bounded',
    why: 'staging of one queue batch, emptied in the same transaction',
  },
  {
    table: 'events_rebuild',
    rule: 'bounded',
    why: 'staging of one day read back from R2 by the rebuild, emptied after it',
  },
  {
    table: 'event_rollups',
    rule: 'bounded',
    why: 'a row per day, brand, page, step, source, paid flag and variant: a few thousand a day, kept for the report',
  },
  {
    table: 'event_page_rollups',
    rule: 'bounded',
    why: 'a row per day, brand and page: the report over any range',
  },
  {
    table: 'event_people_rollups',
    rule: 'bounded',
    why: 'a row per day, brand and page: distinct sessions for the report',
  },
  {
    table: 'event_rollup_chunks',
    rule: 'bounded',
    why: 'staging of one day being rolled up in chunks, emptied when the day is swapped in',
  },
  {
    table: 'event_people_rollup_chunks',
    rule: 'bounded',
    why: 'staging of one day being rolled up in chunks, emptied when the day is swapped in',
  },
  { table: 'event_days', rule: 'bounded', why: 'a row per day: what the cron did to it' },
  {
    table: 'leads',
    rule: 'move-to-r2',
    days: DEFAULT_LEADS_HOT_DAYS,
    by: 'lead-archive/move.ts (LEADS_HOT_DAYS: 2 in staging and production)',
    why: 'a lead moves to R2 after the hot window; what stays is its first-lead claim (first_leads)',
  },
  {
    table: 'lead_certificates',
    rule: 'move-to-r2',
    days: DEFAULT_LEADS_HOT_DAYS,
    by: 'lead-archive/move.ts',
    why: 'moves to R2 with its lead; /certificates/{id} reads R2 once it has moved',
  },
  {
    table: 'lead_deliveries',
    rule: 'move-to-r2',
    days: DEFAULT_LEADS_HOT_DAYS,
    by: 'lead-archive/move.ts',
    why: 'moves with its lead',
  },
  {
    table: 'lead_recipients',
    rule: 'move-to-r2',
    days: DEFAULT_LEADS_HOT_DAYS,
    by: 'lead-archive/move.ts',
    why: 'moves with its lead',
  },
  {
    table: 'lead_reviews',
    rule: 'bounded',
    why: 'a row per lead held for review; TODO of its owner: give it a days rule once reviews close',
  },
  {
    table: 'first_leads',
    rule: 'days',
    days: 30,
    column: 'claimed_at',
    by: 'consent/retention.ts forgetSpentClaims (LEAD_DUPLICATE_WINDOW_DAYS)',
    why: "a person's first lead per product holds its claim only within the duplicate window; a delivered lead keeps its claim after it moves to R2, so this one table is the window",
  },
  { table: 'lead_rollups', rule: 'bounded', why: 'a row per day, brand and outcome for the report' },
  { table: 'lead_trust_rollups', rule: 'bounded', why: 'a row per day, brand and verdict for the report' },
  {
    table: 'turnstile_redemptions',
    rule: 'days',
    days: TURNSTILE_REDEMPTION_DAYS,
    column: 'at',
    by: 'table-prune',
    why: 'a redeemed token hash only blocks a replay while the token is valid (300 s)',
  },
  { table: 'consent_texts', rule: 'bounded', why: 'a row per consent text version shown' },
  { table: 'certificate_keys', rule: 'bounded', why: 'a row per signing key' },
  {
    table: 'lead_log_pending',
    rule: 'bounded',
    why: 'certificates queued for the public log, deleted by the log object once appended (seconds; its alarm retries)',
  },
  {
    table: 'privacy_requests',
    rule: 'until-erased',
    why: 'proof that a request was received and honoured (CCPA: 24 months), fingerprints only',
  },
  { table: 'privacy_audit', rule: 'until-erased', why: 'audit of what each privacy request removed' },
  {
    table: 'privacy_archive_erasures',
    rule: 'bounded',
    why: 'one row per pending erasure inside the R2 archive, removed when done',
  },
  { table: 'partner_deletions', rule: 'until-erased', why: 'proof that each partner was told to delete' },
  {
    table: 'erased_visitors',
    rule: 'days',
    days: 30,
    column: 'erased_at',
    by: 'consent/erased-visitors.ts (ERASED_MARK_DAYS)',
    why: 'marks of erased visitors, needed until late events of them can no longer arrive',
  },
  {
    table: 'cron_runs',
    rule: 'days',
    days: 14,
    column: 'started_at',
    by: 'operations/cron.ts (KEEP_OPS_DAYS)',
    why: 'health history of the cron tasks',
  },
  {
    table: 'ops_counters',
    rule: 'days',
    days: 14,
    column: 'minute',
    by: 'operations/cron.ts (KEEP_OPS_DAYS)',
    why: 'per-minute counters for the health checks',
  },
  {
    table: 'page_snapshots',
    rule: 'bounded',
    why: 'a row (about 140 B) per distinct consent step as served: a few per step and day, kept while a certificate may cite it',
  },
  { table: 'ops_markers', rule: 'bounded', why: 'a row per named marker (the first cron run)' },
  { table: 'ops_incidents', rule: 'bounded', why: 'a row per alert raised: a handful a month' },
  { table: 'archive_jobs', rule: 'bounded', why: 'a row per long job (rebuild, compaction of a day)' },
  { table: 'revenue_partners', rule: 'bounded', why: 'a row per partner' },
  {
    table: 'phone_leases',
    database: 'LEASES_DB',
    rule: 'days',
    days: PHONE_LEASE_RETENTION_DAYS,
    column: 'expires_at',
    by: 'revenue/retention.ts',
    why: "a call's first payout finds the visit that held the number; partners pay within 30 days, and a restatement finds the payout row instead",
  },
  {
    table: 'visit_values',
    database: 'REVENUE_DB',
    rule: 'days',
    days: VISIT_VALUE_RETENTION_DAYS,
    column: 'day',
    by: 'revenue/retention.ts',
    why: 'a payout or its restatement (30-day partner window) finds its visit and click ids, outliving the lease and the payout rows; Google refuses adjustments past 54 days anyway; its sums stay in revenue_rollups and variant_value_days',
  },
  {
    table: 'payouts',
    database: 'REVENUE_DB',
    rule: 'days',
    days: PAYOUT_RETENTION_DAYS,
    column: 'at',
    by: 'table-prune',
    why: 'the money is in revenue_rollups (triggers); a row dedupes a partner retry and gives a restatement its previous amount, within the 30-day partner window plus margin (as leases)',
  },
  {
    table: 'payout_adjustments',
    database: 'REVENUE_DB',
    rule: 'days',
    days: PAYOUT_RETENTION_DAYS,
    column: 'received_at',
    by: 'table-prune',
    why: 'the history of a payout goes with it',
  },
  {
    table: 'experiment_people',
    database: 'REVENUE_DB',
    rule: 'days',
    days: VISIT_VALUE_RETENTION_DAYS,
    column: 'day',
    by: 'revenue/retention.ts',
    why: 'the bandit counts people only over the days whose visit values are kept',
  },
  {
    table: 'revenue_rollups',
    database: 'REVENUE_DB',
    rule: 'bounded',
    why: 'a row per day and report dimensions: the report money',
  },
  {
    table: 'variant_value_days',
    database: 'REVENUE_DB',
    rule: 'bounded',
    why: 'a row per day and variant: the bandit variance',
  },
  {
    table: 'ad_conversions',
    database: 'ADS_DB',
    rule: 'days',
    days: GOOGLE_ADJUSTABLE_DAYS,
    column: 'created_at',
    by: 'table-prune',
    why: "a Google conversion sent stays while its adjustment can be built (the visit's click id is kept 45 days; Google accepts adjustments for 54), so a partner's late restatement or refund is still sent",
    sooner: {
      days: AD_CONVERSION_RETENTION_DAYS,
      unless: GOOGLE_ADJUSTABLE_ROWS,
      why: 'every other row (Meta, adjustments, unsent) only dedupes a redelivered queue message (Queues keep one 14 days at most) and shows the operator what went out lately',
    },
  },
];

/** The rule of `table`, or undefined when it has none (which the migration test refuses). */
export function retentionOf(table: string): RetentionRule | undefined {
  return TABLE_RETENTION.find((r) => r.table === table);
}
