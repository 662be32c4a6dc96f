-- The daily rollup of a day in chunks (src/worker/archive/rollup-chunks.ts,
-- docs/decisions/0266-daily-rollup-in-chunks.md): one statement over a million-row day took 33 s
-- locally, past D1's 30 s a query. Each chunk (the sessions whose id ends in one character class)
-- adds its rollup rows here; the day is then swapped into event_rollups and event_people_rollups in
-- one transaction, so the report never reads a half-recomputed day. No triggers: the page rollups
-- follow event_rollups when the day is swapped in. Emptied by that swap.
CREATE TABLE IF NOT EXISTS event_rollup_chunks (
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

CREATE TABLE IF NOT EXISTS event_people_rollup_chunks (
  day TEXT NOT NULL,
  brand TEXT NOT NULL,
  page TEXT NOT NULL,
  visitors INTEGER NOT NULL DEFAULT 0,
  paid_visitors INTEGER NOT NULL DEFAULT 0,
  submitters INTEGER NOT NULL DEFAULT 0,
  callers INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, brand, page)
) WITHOUT ROWID;

-- The daily prune of ad conversions past their retention (src/worker/archive/table-prune.ts) finds
-- them by age, not by a scan of 100 days of rows.
CREATE INDEX IF NOT EXISTS ad_conversions_created ON ad_conversions (created_at);
