-- Events ingest per batch, not per row (src/worker/queue/consumer.ts).
-- The per-row rollup trigger of 0009 ran a rollup upsert (and up to three lookups) for every
-- event; the consumer now stages a delivery's new events here, adds them to the rollups with one
-- grouped upsert per batch (counting a visit or submitter only when no earlier row of the same
-- session and rollup row is in `events`), moves them to `events` and empties this table, all in
-- one D1 batch (one transaction), so a redelivered event is still counted once.
DROP TRIGGER IF EXISTS events_rollup_on_insert;

CREATE TABLE IF NOT EXISTS events_incoming AS SELECT * FROM events WHERE 0;
-- A browser retry inside one delivery is staged once.
CREATE UNIQUE INDEX IF NOT EXISTS events_incoming_id ON events_incoming (id);

-- Privacy deletions reaching the R2 archive (src/worker/archive/erase.ts): the operator's delete
-- writes one row here in the transaction that deletes the visitor's rows, the EVENTS consumer
-- (or the daily cron for one left pending) rewrites every archive object that may hold their
-- events without them, then sets done_at and drops the visitors' ids (anonymous_ids NULL).
CREATE TABLE IF NOT EXISTS privacy_archive_erasures (
  id TEXT PRIMARY KEY,
  requested_at TEXT NOT NULL,
  -- JSON array of the visitors' anonymous ids, until done.
  anonymous_ids TEXT,
  -- JSON array of the archive keys the visitors' rows named when the delete ran.
  object_keys TEXT NOT NULL,
  -- 1 once those objects are done; then every pruned day up to scan_to is scanned whole, in
  -- order (their rows, and so their keys, are gone), scanned_through the last day done.
  keys_done INTEGER NOT NULL DEFAULT 0,
  scanned_through TEXT NOT NULL DEFAULT '',
  scan_to TEXT NOT NULL,
  done_at TEXT,
  objects_read INTEGER NOT NULL DEFAULT 0,
  objects_rewritten INTEGER NOT NULL DEFAULT 0,
  events_removed INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
