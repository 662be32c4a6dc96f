-- Certificates waiting for the public log (src/worker/lead-log/): written in the same batch as the
-- certificate, deleted once the log object appended it. Bounded: a healthy log empties it within
-- seconds; the log's alarm takes up what a failed append left.
CREATE TABLE lead_log_pending (
  certificate_id TEXT PRIMARY KEY,
  created_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX lead_log_pending_created ON lead_log_pending (created_at);
