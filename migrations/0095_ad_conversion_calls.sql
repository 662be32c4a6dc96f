-- Paid calls become Google conversions, sent through the Data Manager API
-- (docs/decisions/0245-google-data-manager-conversions.md, 0246-paid-calls-are-conversions.md).
-- kind gains 'call' (a partner's payout for a call: its own conversion of the visit's click); each
-- row keeps the transaction id Google dedupes on and the conversion's time, and an adjustment names
-- the row it restates (Google matches it by that row's transaction id). SQLite cannot widen a CHECK
-- in place, so the table is rebuilt; rows keep their ids, states and errors. An adjustment written
-- before this migration restated the visit's lead conversion: it names that row.
CREATE TABLE ad_conversions_next (
  id TEXT PRIMARY KEY,
  platform TEXT NOT NULL CHECK (platform IN ('google-ads', 'meta-capi')),
  kind TEXT NOT NULL CHECK (kind IN ('lead', 'call', 'adjustment')),
  session_id TEXT NOT NULL,
  lead_id TEXT,
  value_cents INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'failed', 'skipped')),
  attempts INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  transaction_id TEXT,
  event_at TEXT,
  adjusts TEXT,
  -- When the row last changed (a send, a retry, a failure): the health page's day of failures.
  updated_at TEXT
) WITHOUT ROWID;
INSERT INTO ad_conversions_next (id, platform, kind, session_id, lead_id, value_cents, status, attempts, error, created_at, sent_at, adjusts, updated_at)
SELECT id, platform, kind, session_id, lead_id, value_cents, status, attempts, error, created_at, sent_at,
  CASE WHEN kind = 'adjustment' AND lead_id IS NOT NULL THEN platform || ':lead:' || lead_id END,
  COALESCE(sent_at, created_at)
FROM ad_conversions;
DROP TABLE ad_conversions;
ALTER TABLE ad_conversions_next RENAME TO ad_conversions;
CREATE INDEX IF NOT EXISTS ad_conversions_session ON ad_conversions (session_id);
-- The health page counts failures of the last day.
CREATE INDEX IF NOT EXISTS ad_conversions_failed ON ad_conversions (status, updated_at) WHERE status = 'failed';
