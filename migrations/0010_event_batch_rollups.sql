-- Events ingest per batch, not per row (issue 17 follow-up; src/worker/queue/consumer.ts).
-- The per-row rollup trigger of 0009 ran a rollup upsert (and up to three lookups) for every
-- event; the consumer now stages a delivery's new events here, adds them to the rollups with one
-- grouped upsert per batch (counting a visit or submitter only when no earlier row of the same
-- session and rollup row is in `events`), moves them to `events` and empties this table, all in
-- one D1 batch (one transaction), so a redelivered event is still counted once.
DROP TRIGGER IF EXISTS events_rollup_on_insert;

CREATE TABLE IF NOT EXISTS events_incoming AS SELECT * FROM events WHERE 0;
-- A browser retry inside one delivery is staged once.
CREATE UNIQUE INDEX IF NOT EXISTS events_incoming_id ON events_incoming (id);
