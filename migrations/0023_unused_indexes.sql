-- Indexes no query reads (`npm run indexes`: SQLite's query plan of every query the Worker runs on
-- leads and events, bench/index-usage.ts; docs/decisions/0127-indexes-the-queries-use.md). Each
-- costs bytes on every row and a write on every insert.
-- The report reads event rollups, never raw events by brand or page (since the rollups of 0009-0011).
DROP INDEX IF EXISTS events_brand_received;
DROP INDEX IF EXISTS events_brand_page_event;
-- Lead trust compares the keyed phone_fingerprint and email_fingerprint (their own indexes); the
-- trust_*_hash columns are written for the record and never searched.
DROP INDEX IF EXISTS leads_trust_phone_hash;
DROP INDEX IF EXISTS leads_trust_email_hash;
-- The plain SHA-256 columns are only cleared or compared inside the privacy search, whose OR over
-- the values scans anyway; they are NULL once the daily cron has fingerprinted a lead.
DROP INDEX IF EXISTS leads_phone_sha256;
DROP INDEX IF EXISTS leads_email_sha256;
