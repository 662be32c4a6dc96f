import { databaseOf, TABLE_RETENTION, type D1Binding } from './table-retention';

/**
 * The daily cron's deletion of the tables whose rule in table-retention.ts says 'days' and
 * 'table-prune': rows older than the rule's days, by its column, in chunks of CHUNK rows a
 * statement and at most ROWS_PER_RUN a table a run, so a backlog (a first run over months of
 * rows) clears over a few nights and no statement comes near D1's 30 s. Row-value IN over the
 * primary key, because payouts, payout_adjustments and ad_conversions have no rowid.
 * Deleting a payout changes no report figure: its money was added to visit_values and
 * revenue_rollups by triggers when it arrived, and no trigger runs on DELETE.
 */
const CHUNK = 5_000;
const ROWS_PER_RUN = 500_000;
const DAY_MS = 86_400_000;

/** Each pruned table's primary key, for the chunked DELETE. */
const KEYS: Record<string, string> = {
  turnstile_redemptions: 'token_sha256',
  payouts: 'partner, conversion_id',
  payout_adjustments: 'partner, conversion_id, received_at, payout_cents',
  ad_conversions: 'id',
};

export interface TablePruned {
  table: string;
  rows: number;
  /** The run's budget for this table ran out: the rest goes at the next run. */
  continues: boolean;
}

/** Deletes `table`'s rows older than `cutoff` by `column` (and matching `where`), in chunks, up to `budget`. */
async function pruneOlder(
  db: D1Database,
  table: string,
  key: string,
  where: string,
  cutoff: string,
  budget: number,
  chunk: number,
): Promise<{ rows: number; continues: boolean }> {
  let rows = 0;
  while (rows < budget) {
    const limit = Math.min(chunk, budget - rows);
    const result = await db
      .prepare(`DELETE FROM ${table} WHERE (${key}) IN (SELECT ${key} FROM ${table} WHERE ${where} LIMIT ?)`)
      .bind(cutoff, limit)
      .run();
    const changes = result.meta.changes ?? 0;
    rows += changes;
    if (changes < limit) return { rows, continues: false };
  }
  return { rows, continues: true };
}

/**
 * Each rule's table in the database its rule names (`databaseOf`): D1 databases are separate, and
 * a table moved to another one is pruned there. A rule with `sooner` first deletes past its
 * longest days, then the rows not matching `unless` past the shorter days.
 */
export async function pruneRetainedTables(
  databases: Partial<Record<D1Binding, D1Database>>,
  now: Date,
  limits: { chunk?: number; rowsPerRun?: number } = {},
): Promise<TablePruned[]> {
  const chunk = limits.chunk ?? CHUNK;
  const budget = limits.rowsPerRun ?? ROWS_PER_RUN;
  const out: TablePruned[] = [];
  for (const rule of TABLE_RETENTION) {
    if (rule.rule !== 'days' || rule.by !== 'table-prune') continue;
    const key = KEYS[rule.table];
    if (!key) throw new Error(`${rule.table} has a table-prune rule but no key to delete by`);
    const db = databases[databaseOf(rule) as D1Binding];
    if (!db) throw new Error(`${rule.table} is in D1 ${databaseOf(rule)}, which was not passed to the prune`);
    const cutoff = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
    const oldest = await pruneOlder(db, rule.table, key, `${rule.column} < ?`, cutoff(rule.days), budget, chunk);
    let rows = oldest.rows;
    let continues = oldest.continues;
    if (rule.sooner && !continues) {
      const sooner = await pruneOlder(
        db,
        rule.table,
        key,
        `${rule.column} < ? AND NOT (${rule.sooner.unless})`,
        cutoff(rule.sooner.days),
        budget - rows,
        chunk,
      );
      rows += sooner.rows;
      continues = sooner.continues;
    }
    out.push({ table: rule.table, rows, continues });
  }
  return out;
}
