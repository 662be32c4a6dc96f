-- Privacy rights that find the right person and forget on schedule.
--
-- Keyed contact fingerprints (HMAC-SHA256 under the LEAD_HASH_SALT secret, computed by the
-- Worker: src/worker/consent/contact-hash.ts contactFingerprint). A plain SHA-256 of a phone
-- number is reversed by trying every number; a fingerprint cannot be without the secret.
-- The lead's, written with the lead (and filled in for older leads by the daily cron while their
-- values are still there): what privacy requests and a buyer's certificate match compare.
-- (The columns leads.phone_fingerprint and email_fingerprint come with 0012_lead_delivery.sql.)

-- Do-not-sell requests keep fingerprints, not the contact. SQL cannot compute an HMAC, so the
-- rows already stored are converted by the Worker (src/worker/consent/privacy-requests.ts, run by
-- the daily cron): it fingerprints each row that still has raw values and clears email, phone
-- and their plain SHA-256 in the same statement.
ALTER TABLE privacy_requests ADD COLUMN email_fingerprint TEXT;
ALTER TABLE privacy_requests ADD COLUMN phone_fingerprint TEXT;
CREATE INDEX IF NOT EXISTS privacy_requests_email_fingerprint ON privacy_requests (email_fingerprint);
CREATE INDEX IF NOT EXISTS privacy_requests_phone_fingerprint ON privacy_requests (phone_fingerprint);

-- The audit of operator and visitor privacy actions names its subject by fingerprints. The old
-- rows held a plain SHA-256 of the phone and email, which gives them away: that column goes, the
-- counts stay. `via`: operator or visitor.
CREATE TABLE privacy_audit_v2 (
  id TEXT PRIMARY KEY,
  at TEXT NOT NULL,
  action TEXT NOT NULL,
  via TEXT NOT NULL DEFAULT 'operator',
  subject_kind TEXT NOT NULL,
  subject_fingerprint TEXT,
  leads INTEGER NOT NULL DEFAULT 0,
  visitors INTEGER NOT NULL DEFAULT 0,
  events INTEGER NOT NULL DEFAULT 0,
  requests INTEGER NOT NULL DEFAULT 0,
  partners INTEGER NOT NULL DEFAULT 0
);
INSERT INTO privacy_audit_v2 (id, at, action, subject_kind, leads, visitors, events, requests)
  SELECT id, at, action, subject_kind, leads, visitors, events, requests FROM privacy_audit;
DROP TABLE privacy_audit;
ALTER TABLE privacy_audit_v2 RENAME TO privacy_audit;

-- Who received a lead's personal data, one row per recipient: what a deletion is sent to.
-- endpoint: the recipient's base URL (the deletion request goes to {endpoint}/deletions);
-- reference: the recipient's own id of the lead, when it gave one. No personal data.
CREATE TABLE IF NOT EXISTS lead_recipients (
  lead_id TEXT NOT NULL,
  recipient TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  reference TEXT,
  sent_at TEXT NOT NULL,
  PRIMARY KEY (lead_id, recipient)
);

-- A deletion request owed to a partner that received a lead, one row each, sent by a queue
-- message (kind partner-deletion) and retried by the daily cron until the partner took it.
-- lead_id stays (a random id, not the person) so the partner can find its copy.
CREATE TABLE IF NOT EXISTS partner_deletions (
  id TEXT PRIMARY KEY,
  lead_id TEXT NOT NULL,
  recipient TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  reference TEXT,
  requested_at TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'pending',
  sent_at TEXT,
  error TEXT,
  UNIQUE (lead_id, recipient)
);
CREATE INDEX IF NOT EXISTS partner_deletions_pending ON partner_deletions (status, requested_at);

-- Visitors whose events were erased, and when: the queue consumer drops their events received
-- before that moment that were still in flight (queued, retried, replayed from the dead-letter
-- queue), so a deletion is not undone by its own visit's last events. Kept 30 days (daily cron).
CREATE TABLE IF NOT EXISTS erased_visitors (
  anonymous_id TEXT PRIMARY KEY,
  erased_at TEXT NOT NULL
);
