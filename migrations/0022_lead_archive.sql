-- Leads leave the hot database after their delivery window (src/worker/lead-archive/,
-- docs/decisions/0126-lead-move-built.md). A lead older than LEADS_HOT_DAYS is written to R2
-- (ARCHIVE, under leads/) with its certificate, deliveries and recipients, and deleted from D1 in
-- the same transaction that adds it to these rollups, so the report counts each lead once, from
-- the row while it is hot and from the rollup after.

-- The report's lead buckets (src/worker/report/lead-buckets.ts) in people: distinct persons (the
-- session, or the visitor of a lead stored without one) per UTC day of created_at and bucket, at
-- four levels: brand and page; brand '*' (every brand) or page '*' (every page), or both, since a
-- person counted on two pages is one person of the brand. The move takes every lead of a person's
-- day in one step, so adding a step's counts to these rows is exact.
CREATE TABLE IF NOT EXISTS lead_rollups (
  day TEXT NOT NULL,
  brand TEXT NOT NULL,
  page TEXT NOT NULL,
  bucket TEXT NOT NULL,
  people INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, brand, page, bucket)
) WITHOUT ROWID;

-- The report's lead quality section counts lead rows by trust verdict ('' when a lead has none)
-- per brand, page and traffic source ('(unknown)' when a lead has none).
CREATE TABLE IF NOT EXISTS lead_trust_rollups (
  day TEXT NOT NULL,
  brand TEXT NOT NULL,
  page TEXT NOT NULL,
  traffic_source TEXT NOT NULL,
  verdict TEXT NOT NULL,
  leads INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, brand, page, traffic_source, verdict)
) WITHOUT ROWID;

-- What the duplicate check (src/worker/funnel/same-person.ts) needs of a moved delivered lead for
-- the rest of LEAD_DUPLICATE_WINDOW_DAYS: its id, product, time and keyed contact fingerprints
-- (HMAC under a secret: no personal value can be read back). Deleted by the daily cron when the
-- window has passed, and by a privacy erasure of the lead (found by its fingerprints).
-- Up to 27 days of delivered leads at 100k a day sit here, so every byte counts: a rowid table
-- whose indexes carry the 8-byte rowid, not the lead id, and index only the fingerprint (one
-- person has a handful of rows, filtered by product and time from the table): 418 bytes a row
-- against 655 with the lead id as key and (fingerprint, product, created_at) indexes (measured
-- with SQLite's dbstat). The lead id needs no unique index: a lead is fingerprinted only by the
-- transaction that deletes it from leads, so once.
CREATE TABLE IF NOT EXISTS lead_fingerprints (
  id TEXT NOT NULL,
  product TEXT NOT NULL,
  created_at TEXT NOT NULL,
  phone_fingerprint TEXT,
  email_fingerprint TEXT
);
CREATE INDEX IF NOT EXISTS lead_fingerprints_phone ON lead_fingerprints (phone_fingerprint);
CREATE INDEX IF NOT EXISTS lead_fingerprints_email ON lead_fingerprints (email_fingerprint);
CREATE INDEX IF NOT EXISTS lead_fingerprints_created ON lead_fingerprints (created_at);
