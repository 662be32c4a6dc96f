-- Long jobs on Cloudflare Workflows (src/worker/long-jobs/): one row per job instance, written by
-- the Workflow's own steps, so the health page shows how far each got. No personal data: a job
-- names days, or the id of a privacy erasure (whose visitor ids stay in privacy_archive_erasures).
CREATE TABLE IF NOT EXISTS archive_jobs (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  subject TEXT NOT NULL,
  status TEXT NOT NULL,
  done INTEGER NOT NULL DEFAULT 0,
  total INTEGER NOT NULL DEFAULT 0,
  detail TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS archive_jobs_updated ON archive_jobs (updated_at);
