-- Running it in production (src/worker/operations/): what the cron did, what the Worker counted,
-- and which incidents the operator was told about. None of it holds personal data.

-- One row per scheduled task run: the health page shows the last run of each task, and a task
-- that failed says why (a redacted error message, never a stack with input in it).
CREATE TABLE IF NOT EXISTS cron_runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  task TEXT NOT NULL,
  cron TEXT NOT NULL,
  started_at TEXT NOT NULL,
  finished_at TEXT NOT NULL,
  ok INTEGER NOT NULL,
  detail TEXT
);
CREATE INDEX IF NOT EXISTS cron_runs_task_started ON cron_runs (task, started_at);

-- Counters each isolate adds up in memory and flushes at most every 30 s (metrics.ts), per
-- minute: partner calls and failures, queue batches, dead-letter sends, events accepted and
-- refused, leads by status. The health page reads the last minutes; Analytics Engine holds the
-- same figures per data point for dashboards.
CREATE TABLE IF NOT EXISTS ops_counters (
  minute INTEGER NOT NULL,
  name TEXT NOT NULL,
  label TEXT NOT NULL DEFAULT '',
  count INTEGER NOT NULL DEFAULT 0,
  total REAL NOT NULL DEFAULT 0,
  PRIMARY KEY (minute, name, label)
) WITHOUT ROWID;

-- One row per check while it fails (an incident): the operator webhook is told once, when it
-- opens; a webhook that failed is retried on the next health run and its error is shown.
CREATE TABLE IF NOT EXISTS ops_incidents (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  check_id TEXT NOT NULL,
  summary TEXT NOT NULL,
  opened_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  resolved_at TEXT,
  alert_sent_at TEXT,
  alert_attempts INTEGER NOT NULL DEFAULT 0,
  alert_error TEXT
);
-- At most one open incident per check.
CREATE UNIQUE INDEX IF NOT EXISTS ops_incidents_open ON ops_incidents (check_id) WHERE resolved_at IS NULL;
