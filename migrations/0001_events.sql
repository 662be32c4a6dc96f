-- Every tracked event, written by the EVENTS queue consumer (src/worker/queue/consumer.ts).
-- The primary key is the event's own uuid (event context `id`), so a redelivered batch or a
-- browser retry of an unsent event is inserted once: the consumer uses INSERT OR IGNORE.
CREATE TABLE IF NOT EXISTS events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL DEFAULT 'track',
  event TEXT NOT NULL,
  -- When the browser (or the server, for server-side events) says it happened (ISO 8601).
  timestamp TEXT NOT NULL,
  -- When the Worker accepted it (ISO 8601); the report filters on this, since a visitor's
  -- clock can be wrong.
  received_at TEXT NOT NULL,
  session_id TEXT NOT NULL,
  anonymous_id TEXT NOT NULL,
  brand TEXT NOT NULL,
  page TEXT,
  step_name TEXT,
  step_number INTEGER,
  -- Paid-traffic flag of the session (spec section 4), 1 or 0.
  paid INTEGER NOT NULL DEFAULT 0,
  -- Event context plus per-event properties, personal fields already stripped (JSON).
  properties TEXT NOT NULL DEFAULT '{}'
);

-- The operator report: events of a brand over a date range, optionally one page.
CREATE INDEX IF NOT EXISTS events_brand_received ON events (brand, received_at);
CREATE INDEX IF NOT EXISTS events_brand_page_event ON events (brand, page, event, received_at);
-- Visits and paid share count distinct sessions.
CREATE INDEX IF NOT EXISTS events_session ON events (session_id);
