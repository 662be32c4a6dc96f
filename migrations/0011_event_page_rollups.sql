-- The report's own small aggregate (src/worker/report/query.ts): event_rollups summed
-- over traffic source and variant, one row per UTC day, brand, page, step and paid flag. The
-- report reads only this table, so a 90-day report sums some thousands of rows instead of every
-- source x variant row (7x fewer in the bench), and its cost stays flat as dimensions grow.
-- Kept equal to event_rollups by the triggers below, in the same transaction as every change to
-- it (the consumer's per-batch upsert, the cron's and a privacy deletion's recompute of a day,
-- the rebuild); tests/archive check the two agree after each of them.
CREATE TABLE IF NOT EXISTS event_page_rollups (
  day TEXT NOT NULL,
  brand TEXT NOT NULL,
  page TEXT NOT NULL,
  step_number INTEGER NOT NULL,
  step_name TEXT NOT NULL,
  paid INTEGER NOT NULL,
  events INTEGER NOT NULL DEFAULT 0,
  visits INTEGER NOT NULL DEFAULT 0,
  entries INTEGER NOT NULL DEFAULT 0,
  submitters INTEGER NOT NULL DEFAULT 0,
  call_clicks INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, brand, page, step_number, step_name, paid)
) WITHOUT ROWID;

INSERT INTO event_page_rollups (day, brand, page, step_number, step_name, paid, events, visits, entries, submitters, call_clicks)
  SELECT day, brand, page, step_number, step_name, paid, SUM(events), SUM(visits), SUM(entries), SUM(submitters), SUM(call_clicks)
  FROM event_rollups GROUP BY day, brand, page, step_number, step_name, paid
  ON CONFLICT (day, brand, page, step_number, step_name, paid) DO NOTHING;

CREATE TRIGGER IF NOT EXISTS event_page_rollups_insert AFTER INSERT ON event_rollups
BEGIN
  INSERT INTO event_page_rollups (day, brand, page, step_number, step_name, paid, events, visits, entries, submitters, call_clicks)
  VALUES (NEW.day, NEW.brand, NEW.page, NEW.step_number, NEW.step_name, NEW.paid, NEW.events, NEW.visits, NEW.entries, NEW.submitters, NEW.call_clicks)
  ON CONFLICT (day, brand, page, step_number, step_name, paid) DO UPDATE SET
    events = events + excluded.events,
    visits = visits + excluded.visits,
    entries = entries + excluded.entries,
    submitters = submitters + excluded.submitters,
    call_clicks = call_clicks + excluded.call_clicks;
END;

-- Rollup keys never change (the consumer's upsert only adds to the measures).
CREATE TRIGGER IF NOT EXISTS event_page_rollups_update AFTER UPDATE ON event_rollups
BEGIN
  UPDATE event_page_rollups SET
    events = events + NEW.events - OLD.events,
    visits = visits + NEW.visits - OLD.visits,
    entries = entries + NEW.entries - OLD.entries,
    submitters = submitters + NEW.submitters - OLD.submitters,
    call_clicks = call_clicks + NEW.call_clicks - OLD.call_clicks
  WHERE day = NEW.day AND brand = NEW.brand AND page = NEW.page AND step_number = NEW.step_number
    AND step_name = NEW.step_name AND paid = NEW.paid;
END;

-- A day's rollups are replaced (delete, then insert) when the cron, a privacy deletion or the
-- rebuild recomputes it: a row left with no event goes, so a day or page no longer shows.
CREATE TRIGGER IF NOT EXISTS event_page_rollups_delete AFTER DELETE ON event_rollups
BEGIN
  UPDATE event_page_rollups SET
    events = events - OLD.events,
    visits = visits - OLD.visits,
    entries = entries - OLD.entries,
    submitters = submitters - OLD.submitters,
    call_clicks = call_clicks - OLD.call_clicks
  WHERE day = OLD.day AND brand = OLD.brand AND page = OLD.page AND step_number = OLD.step_number
    AND step_name = OLD.step_name AND paid = OLD.paid;
  DELETE FROM event_page_rollups
  WHERE day = OLD.day AND brand = OLD.brand AND page = OLD.page AND step_number = OLD.step_number
    AND step_name = OLD.step_name AND paid = OLD.paid AND events = 0;
END;
