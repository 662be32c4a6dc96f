-- Events at a million a day (src/worker/archive/, docs/decisions/0042-events-at-a-million-a-day.md "Events at a
-- million a day"). Raw rows stay in `events` for the hot window (EVENTS_HOT_DAYS); every batch
-- is also written to R2 (binding ARCHIVE) and the report reads these daily rollups for older days.

-- The archive object holding this row: events/dt=<day>/hour=<HH>/<archive_batch>.ndjson.gz,
-- day and hour from received_at. NULL for rows written before this migration (or by hand): the
-- cron archives those itself before it may delete them.
ALTER TABLE events ADD COLUMN archive_batch TEXT;
-- The cron walks days by received_at, and the report reads the hot window without a brand.
CREATE INDEX IF NOT EXISTS events_received ON events (received_at);

-- One row per UTC day of received_at, brand, page, step, traffic source (utm_source of the
-- session, lowercased, or "(direct)", as on leads), paid flag and experiment variant
-- ("experiment:variant" where the event carries one, else ''). Empty page/step are '' and -1 so
-- the key has no NULL. visits: distinct sessions with a pageView in the row; entries: sessions
-- whose first pageView of the day is in the row (their sum is the day's visits); submitters:
-- distinct sessions with a formStepSubmitted in the row.
CREATE TABLE IF NOT EXISTS event_rollups (
  day TEXT NOT NULL,
  brand TEXT NOT NULL,
  page TEXT NOT NULL,
  step_number INTEGER NOT NULL,
  step_name TEXT NOT NULL,
  traffic_source TEXT NOT NULL,
  paid INTEGER NOT NULL,
  variant TEXT NOT NULL,
  events INTEGER NOT NULL DEFAULT 0,
  visits INTEGER NOT NULL DEFAULT 0,
  entries INTEGER NOT NULL DEFAULT 0,
  page_views INTEGER NOT NULL DEFAULT 0,
  step_submits INTEGER NOT NULL DEFAULT 0,
  submitters INTEGER NOT NULL DEFAULT 0,
  leads INTEGER NOT NULL DEFAULT 0,
  call_clicks INTEGER NOT NULL DEFAULT 0,
  low_bids INTEGER NOT NULL DEFAULT 0,
  suspect_leads INTEGER NOT NULL DEFAULT 0,
  bot_leads INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, brand, page, step_number, step_name, traffic_source, paid, variant)
) WITHOUT ROWID;

-- What the cron did per day: rollups recomputed from the raw rows (and how many rows they
-- counted), the archive confirmed, the raw rows deleted. The report reads rollups only for days
-- with rolled_up_at that are older than the hot window.
CREATE TABLE IF NOT EXISTS event_days (
  day TEXT PRIMARY KEY,
  rolled_up_at TEXT,
  rolled_up_events INTEGER,
  archive_confirmed_at TEXT,
  pruned_at TEXT,
  pruned_events INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

-- The consumer's incremental maintenance: each row it inserts (INSERT OR IGNORE, so a redelivered
-- event fires nothing) adds itself to its rollup row in the same transaction. A "first" check
-- looks for an earlier row of the same session (events_session index). The cron recomputes a
-- day from the raw rows before pruning it, which also settles which row a session entered by.
CREATE TRIGGER IF NOT EXISTS events_rollup_on_insert AFTER INSERT ON events
BEGIN
  INSERT INTO event_rollups (day, brand, page, step_number, step_name, traffic_source, paid, variant,
    events, visits, entries, page_views, step_submits, submitters, leads, call_clicks, low_bids, suspect_leads, bot_leads)
  SELECT substr(NEW.received_at, 1, 10), NEW.brand, COALESCE(NEW.page, ''), COALESCE(NEW.step_number, -1),
    COALESCE(NEW.step_name, ''),
    COALESCE(NULLIF(substr(lower(trim(json_extract(NEW.properties, '$.session.urlParams.utm_source'))), 1, 64), ''), '(direct)'),
    NEW.paid,
    COALESCE(json_extract(NEW.properties, '$.experimentId') || ':' || json_extract(NEW.properties, '$.variantId'), ''),
    1,
    NEW.event = 'pageView' AND NOT EXISTS (
      SELECT 1 FROM events e WHERE e.session_id = NEW.session_id AND e.id <> NEW.id AND e.event = NEW.event
        AND e.brand = NEW.brand AND substr(e.received_at, 1, 10) = substr(NEW.received_at, 1, 10)
        AND e.page IS NEW.page AND e.step_number IS NEW.step_number AND e.step_name IS NEW.step_name AND e.paid = NEW.paid
        AND COALESCE(NULLIF(substr(lower(trim(json_extract(e.properties, '$.session.urlParams.utm_source'))), 1, 64), ''), '(direct)')
          = COALESCE(NULLIF(substr(lower(trim(json_extract(NEW.properties, '$.session.urlParams.utm_source'))), 1, 64), ''), '(direct)')
        AND COALESCE(json_extract(e.properties, '$.experimentId') || ':' || json_extract(e.properties, '$.variantId'), '')
          = COALESCE(json_extract(NEW.properties, '$.experimentId') || ':' || json_extract(NEW.properties, '$.variantId'), '')),
    NEW.event = 'pageView' AND NOT EXISTS (
      SELECT 1 FROM events e WHERE e.session_id = NEW.session_id AND e.id <> NEW.id AND e.event = 'pageView'
        AND e.brand = NEW.brand AND substr(e.received_at, 1, 10) = substr(NEW.received_at, 1, 10)),
    NEW.event = 'pageView',
    NEW.event = 'formStepSubmitted',
    NEW.event = 'formStepSubmitted' AND NOT EXISTS (
      SELECT 1 FROM events e WHERE e.session_id = NEW.session_id AND e.id <> NEW.id AND e.event = NEW.event
        AND e.brand = NEW.brand AND substr(e.received_at, 1, 10) = substr(NEW.received_at, 1, 10)
        AND e.page IS NEW.page AND e.step_number IS NEW.step_number AND e.step_name IS NEW.step_name AND e.paid = NEW.paid
        AND COALESCE(NULLIF(substr(lower(trim(json_extract(e.properties, '$.session.urlParams.utm_source'))), 1, 64), ''), '(direct)')
          = COALESCE(NULLIF(substr(lower(trim(json_extract(NEW.properties, '$.session.urlParams.utm_source'))), 1, 64), ''), '(direct)')
        AND COALESCE(json_extract(e.properties, '$.experimentId') || ':' || json_extract(e.properties, '$.variantId'), '')
          = COALESCE(json_extract(NEW.properties, '$.experimentId') || ':' || json_extract(NEW.properties, '$.variantId'), '')),
    NEW.event = 'leadCreated',
    NEW.event = 'ctcClicked',
    NEW.event = 'lowBidResult',
    NEW.event = 'leadCreated' AND json_extract(NEW.properties, '$.verdict') IS 'suspect',
    NEW.event = 'leadCreated' AND json_extract(NEW.properties, '$.verdict') IS 'bot'
  WHERE true
  ON CONFLICT (day, brand, page, step_number, step_name, traffic_source, paid, variant) DO UPDATE SET
    events = events + excluded.events,
    visits = visits + excluded.visits,
    entries = entries + excluded.entries,
    page_views = page_views + excluded.page_views,
    step_submits = step_submits + excluded.step_submits,
    submitters = submitters + excluded.submitters,
    leads = leads + excluded.leads,
    call_clicks = call_clicks + excluded.call_clicks,
    low_bids = low_bids + excluded.low_bids,
    suspect_leads = suspect_leads + excluded.suspect_leads,
    bot_leads = bot_leads + excluded.bot_leads;
END;

-- The rebuild (npm run events:rebuild) loads a day of archived events here and recomputes that
-- day's rollups with the same query the cron uses on `events`; emptied after each day.
-- Same columns as events, no index, no trigger: the rebuild loads each event id once itself.
CREATE TABLE IF NOT EXISTS events_rebuild AS SELECT * FROM events WHERE 0;
