-- What was told to Google Ads and Meta, in the D1 database of its own (binding ADS_DB,
-- docs/decisions/0335-ad-conversions-in-a-database-of-their-own.md): the schema ad_conversions had in
-- DB after migrations/0031, 0095 and 0115, unchanged. No statement joins it with another table.
CREATE TABLE "ad_conversions" (
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
CREATE INDEX ad_conversions_session ON ad_conversions (session_id);
CREATE INDEX ad_conversions_failed ON ad_conversions (status, updated_at) WHERE status = 'failed';
CREATE INDEX ad_conversions_created ON ad_conversions (created_at);
