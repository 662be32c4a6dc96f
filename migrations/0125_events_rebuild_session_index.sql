-- The rebuild of a day from the R2 archive (src/worker/archive/rebuild.ts) rolls the day up in
-- chunks of sessions, as the daily cron does from `events`: each chunk reads a range of session
-- ids. events_rebuild was created bare (0009, CREATE TABLE AS); without this index every chunk
-- would read the whole staged day, so 16 chunks of a million-row day would read it 16 times.
CREATE INDEX IF NOT EXISTS events_rebuild_session ON events_rebuild (session_id);
