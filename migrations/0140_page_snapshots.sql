-- Snapshots of consent steps as the Worker served them (src/worker/consent/page-snapshot.ts,
-- docs/decisions/0300-consent-step-snapshot.md): the HTML is in R2 under page-snapshots/{sha256}.html,
-- stored once per hash; this row is the marker that it is there and says which brand, page, step
-- and consent version it shows, so a final step that posts a hash the Worker never served for
-- that step is marked, not trusted. No personal data: the visitor's answers are field names.
CREATE TABLE IF NOT EXISTS page_snapshots (
  sha256 TEXT PRIMARY KEY,
  brand TEXT NOT NULL,
  page TEXT NOT NULL,
  step TEXT NOT NULL,
  consent_version TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
