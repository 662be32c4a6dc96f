-- Revenue tables pruned by the daily cron (src/worker/revenue/retention.ts,
-- docs/decisions/0165-revenue-tables-retention.md): a visit's value row goes 90 days after its day,
-- a lease's history row 45 days after it expired. The report's money lives in revenue_rollups, which
-- pruning never touches; the bandit and the report's experiment table also need each variant's sum
-- of squared revenue per visit (for its variance), which no rollup kept: the rows of a day are
-- summed here, per variant, in the same batch that deletes them.
CREATE TABLE IF NOT EXISTS variant_value_days (
  day TEXT NOT NULL,
  variant TEXT NOT NULL,
  -- Visits with a value row, and the sums over them of revenue (realized when paid, else
  -- expected) and of its square, in dollars: what variant-stats.ts reads from live rows.
  visits INTEGER NOT NULL,
  revenue REAL NOT NULL,
  squared REAL NOT NULL,
  PRIMARY KEY (day, variant)
) WITHOUT ROWID;

-- The prune finds expired leases by their end, not their number.
CREATE INDEX IF NOT EXISTS phone_leases_expires ON phone_leases (expires_at);
