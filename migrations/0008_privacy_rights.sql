-- Privacy rights: "Do not sell or share my personal information" requests from the
-- per-brand page, and the audit of every operator export and deletion (/ops/privacy).
CREATE TABLE IF NOT EXISTS privacy_requests (
  id TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  brand TEXT NOT NULL,
  kind TEXT NOT NULL,
  -- The contact the visitor gave so the request can be matched to their leads (either may be NULL).
  email TEXT,
  phone TEXT,
  email_sha256 TEXT,
  phone_sha256 TEXT,
  visitor_id TEXT,
  gpc INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS privacy_requests_email ON privacy_requests (email_sha256);
CREATE INDEX IF NOT EXISTS privacy_requests_phone ON privacy_requests (phone_sha256);

-- One row per operator action; the subject is stored as a hash, never in clear.
CREATE TABLE IF NOT EXISTS privacy_audit (
  id TEXT PRIMARY KEY,
  at TEXT NOT NULL,
  action TEXT NOT NULL,
  subject_kind TEXT NOT NULL,
  subject_sha256 TEXT NOT NULL,
  leads INTEGER NOT NULL DEFAULT 0,
  visitors INTEGER NOT NULL DEFAULT 0,
  events INTEGER NOT NULL DEFAULT 0,
  requests INTEGER NOT NULL DEFAULT 0
);
