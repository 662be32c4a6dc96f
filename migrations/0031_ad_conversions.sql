-- Conversions told to the ad platforms (src/worker/ad-conversions/, docs/decisions/0162-ad-platform-conversions.md):
-- one row per platform and conversion (a delivered lead, or a payout's value restatement), so a
-- redelivered queue message sends nothing twice and the operator can see what went out and what
-- failed. No personal data: the contact hashes are computed when sending and never stored here.
CREATE TABLE IF NOT EXISTS ad_conversions (
  id TEXT PRIMARY KEY,
  platform TEXT NOT NULL CHECK (platform IN ('google-ads', 'meta-capi')),
  kind TEXT NOT NULL CHECK (kind IN ('lead', 'adjustment')),
  session_id TEXT NOT NULL,
  lead_id TEXT,
  value_cents INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'failed', 'skipped')),
  attempts INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS ad_conversions_session ON ad_conversions (session_id);
