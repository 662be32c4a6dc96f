-- The people an `optimise` experiment's bandit counts (src/worker/experiments/experiment-people.ts,
-- docs/decisions/0256-bandit-on-realized-money-from-people.md): one row per experiment and visitor
-- (anonymous id), written when the edge first gives that visitor a variant, and only when the
-- request's user agent is not a bot's. A visitor counts once however many visits, sessions or
-- scripted reloads they make; their revenue is only what partners paid for their visits.
CREATE TABLE IF NOT EXISTS experiment_people (
  experiment_id TEXT NOT NULL,
  visitor_id TEXT NOT NULL,
  variant TEXT NOT NULL,
  -- UTC day of the assignment: the bandit reads the days whose visit rows are still kept.
  day TEXT NOT NULL,
  PRIMARY KEY (experiment_id, visitor_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS experiment_people_day ON experiment_people (experiment_id, day);

-- A visitor's realized money, found by the visitor (their leads are, by leads' UNIQUE (visitor_id, ...)).
CREATE INDEX IF NOT EXISTS visit_values_visitor ON visit_values (visitor_id);
