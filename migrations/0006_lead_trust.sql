-- Lead defence (src/worker/defence/, docs/decisions/0030-lead-defence-limits-turnstile-trust-verdict.md): the trust
-- verdict of each lead (clean, suspect or bot), its reasons (JSON array of codes from
-- src/worker/defence/thresholds.ts) and the signal values it was made from (JSON, no personal
-- data), the Turnstile result (passed, failed, unverified = no token because no JavaScript,
-- error, not-configured), salted SHA-256 hashes of the phone and email (to find the same person
-- on other visitors' leads within 24 h without comparing raw values), and the traffic source
-- (utm_source of the session, or "(direct)") the report groups by. Written once, right after
-- the lead row; leads written before this migration have NULL.
ALTER TABLE leads ADD COLUMN trust_verdict TEXT;
ALTER TABLE leads ADD COLUMN trust_reasons TEXT;
ALTER TABLE leads ADD COLUMN trust_signals TEXT;
ALTER TABLE leads ADD COLUMN turnstile TEXT;
ALTER TABLE leads ADD COLUMN trust_phone_hash TEXT;
ALTER TABLE leads ADD COLUMN trust_email_hash TEXT;
ALTER TABLE leads ADD COLUMN traffic_source TEXT;

CREATE INDEX IF NOT EXISTS leads_trust_phone_hash ON leads (trust_phone_hash, created_at);
CREATE INDEX IF NOT EXISTS leads_trust_email_hash ON leads (trust_email_hash, created_at);
