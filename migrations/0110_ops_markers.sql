-- One-off facts about this deployment the health checks need (src/worker/operations/): today only
-- 'first-cron', the first scheduled run this database saw, so a daily task that has never run
-- counts as missing once the deployment is a day old (an empty run list is not a healthy one).
CREATE TABLE IF NOT EXISTS ops_markers (
  name TEXT PRIMARY KEY,
  at TEXT NOT NULL
) WITHOUT ROWID;
