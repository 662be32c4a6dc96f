-- One person's first lead of a product is delivered once (src/worker/funnel/same-person.ts,
-- docs/decisions/0231-one-token-one-lead-and-the-first-lead-claim.md). Before a lead is queued to
-- anyone it claims each of its contact fingerprints (keyed HMACs, never the contact) for its
-- product here; the primary key makes the claim atomic across visitors, brands and Worker
-- instances, where reading the leads table and then writing was not: of four first leads of one
-- phone posted at the same instant, one claims it and the others are duplicates of that one.
-- A claim older than LEAD_DUPLICATE_WINDOW_DAYS no longer holds: the next lead takes it over, and
-- the daily cron deletes claims past the window (src/worker/consent/retention.ts), as it forgets
-- moved leads' fingerprints; a privacy erasure deletes its leads' claims.
CREATE TABLE IF NOT EXISTS first_leads (
  product TEXT NOT NULL,
  kind TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  lead_id TEXT NOT NULL,
  claimed_at TEXT NOT NULL,
  PRIMARY KEY (product, kind, fingerprint)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS first_leads_lead ON first_leads (lead_id);
CREATE INDEX IF NOT EXISTS first_leads_claimed ON first_leads (claimed_at);

-- The leads already delivered hold their claims from the start, moved ones (older) first.
INSERT OR IGNORE INTO first_leads (product, kind, fingerprint, lead_id, claimed_at)
  SELECT product, 'phone', phone_fingerprint, id, created_at FROM lead_fingerprints
  WHERE phone_fingerprint IS NOT NULL ORDER BY created_at;
INSERT OR IGNORE INTO first_leads (product, kind, fingerprint, lead_id, claimed_at)
  SELECT product, 'email', email_fingerprint, id, created_at FROM lead_fingerprints
  WHERE email_fingerprint IS NOT NULL ORDER BY created_at;
INSERT OR IGNORE INTO first_leads (product, kind, fingerprint, lead_id, claimed_at)
  SELECT product, 'phone', phone_fingerprint, id, created_at FROM leads
  WHERE delivery = 'delivered' AND phone_fingerprint IS NOT NULL ORDER BY created_at;
INSERT OR IGNORE INTO first_leads (product, kind, fingerprint, lead_id, claimed_at)
  SELECT product, 'email', email_fingerprint, id, created_at FROM leads
  WHERE delivery = 'delivered' AND email_fingerprint IS NOT NULL ORDER BY created_at;

-- Delivered stays delivered (src/worker/funnel/record-decision.ts): a later resubmission of a lead
-- already sent to its recipients does not rewrite its delivery, recipients or status; the reasons
-- it would now be withheld for (JSON array of withheld reasons) flag it for an operator's review.
ALTER TABLE leads ADD COLUMN flagged_after_delivery TEXT;

-- Turnstile redemptions are read only while a token lives (300 s): kept a day, then deleted by the daily cron.
CREATE INDEX IF NOT EXISTS turnstile_redemptions_at ON turnstile_redemptions (at);
