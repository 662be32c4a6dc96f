-- The report counts people, not requests (src/worker/archive/people-rollup.ts). One row per UTC
-- day, brand and page ('*': the whole brand that day) with the distinct sessions that viewed it
-- (visitors; paid_visitors of them on paid traffic), submitted a step of it (submitters) and
-- clicked to call (callers). event_rollups could not say this: it counts per step, traffic
-- source and variant, so a session on three steps of a page summed to three visits, and call
-- clicks were events, so one session's 50 clicks were 50. Kept by the queue consumer per batch
-- and replaced per day by the cron, privacy deletions and the archive rebuild, with the other
-- rollups, so a pruned day keeps its distinct counts.
CREATE TABLE IF NOT EXISTS event_people_rollups (
  day TEXT NOT NULL,
  brand TEXT NOT NULL,
  page TEXT NOT NULL,
  visitors INTEGER NOT NULL DEFAULT 0,
  paid_visitors INTEGER NOT NULL DEFAULT 0,
  submitters INTEGER NOT NULL DEFAULT 0,
  callers INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, brand, page)
) WITHOUT ROWID;

-- Days whose raw rows are still here (the hot window): their exact distinct counts.
INSERT INTO event_people_rollups (day, brand, page, visitors, paid_visitors, submitters, callers)
  SELECT day, brand, page,
    COUNT(DISTINCT CASE WHEN event = 'pageView' THEN session_id END),
    COUNT(DISTINCT CASE WHEN event = 'pageView' AND paid = 1 THEN session_id END),
    COUNT(DISTINCT CASE WHEN event = 'formStepSubmitted' THEN session_id END),
    COUNT(DISTINCT CASE WHEN event = 'ctcClicked' THEN session_id END)
  FROM (
    SELECT substr(received_at, 1, 10) AS day, brand, page, event, session_id, paid FROM events
      WHERE event IN ('pageView', 'formStepSubmitted', 'ctcClicked') AND page IS NOT NULL
    UNION ALL
    SELECT substr(received_at, 1, 10) AS day, brand, '*' AS page, event, session_id, paid FROM events
      WHERE event IN ('pageView', 'formStepSubmitted', 'ctcClicked')
  )
  GROUP BY day, brand, page
  ON CONFLICT (day, brand, page) DO NOTHING;

-- Days already pruned have no raw rows left: they start from the old rollups (visits summed
-- over a page's steps, call clicks as events: counts of requests, so at most too high), until
-- `npm run events:rebuild` recomputes them from the R2 archive with the distinct counts.
INSERT INTO event_people_rollups (day, brand, page, visitors, paid_visitors, submitters, callers)
  SELECT day, brand, page, SUM(visits), SUM(CASE WHEN paid = 1 THEN visits ELSE 0 END), SUM(submitters), SUM(call_clicks)
  FROM event_page_rollups WHERE page <> '' AND day IN (SELECT day FROM event_days WHERE pruned_at IS NOT NULL)
  GROUP BY day, brand, page
  ON CONFLICT (day, brand, page) DO NOTHING;
INSERT INTO event_people_rollups (day, brand, page, visitors, paid_visitors, submitters, callers)
  SELECT day, brand, '*', SUM(entries), SUM(CASE WHEN paid = 1 THEN entries ELSE 0 END), SUM(submitters), SUM(call_clicks)
  FROM event_page_rollups WHERE day IN (SELECT day FROM event_days WHERE pruned_at IS NOT NULL)
  GROUP BY day, brand
  ON CONFLICT (day, brand, page) DO NOTHING;
