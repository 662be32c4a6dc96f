-- One person, one delivered lead, only to the companies the visitor chose (src/worker/funnel/final-step.ts).
-- duplicate_of: the earlier delivered lead of the same person (phone or email) and product in the window;
-- delivery: the decision of the lead's last submission, 'delivered' (sent to its recipients) or 'withheld';
-- withheld_reasons: JSON array of why it was withheld (verdict, duplicate, opted out, no consent, partial);
-- consent_action: 'submit' or 'skip' on the consent step; recipients: JSON [{ id, name, kind }] the lead
-- was sent to; phone_fingerprint, email_fingerprint: HMAC-SHA256 of the normalised contact values under
-- the operator's secret (src/worker/consent/contact-hash.ts), the only form in which the contact is matched.
ALTER TABLE leads ADD COLUMN duplicate_of TEXT;
ALTER TABLE leads ADD COLUMN delivery TEXT;
ALTER TABLE leads ADD COLUMN withheld_reasons TEXT;
ALTER TABLE leads ADD COLUMN consent_action TEXT;
ALTER TABLE leads ADD COLUMN recipients TEXT;
ALTER TABLE leads ADD COLUMN phone_fingerprint TEXT;
ALTER TABLE leads ADD COLUMN email_fingerprint TEXT;

CREATE INDEX IF NOT EXISTS leads_phone_fingerprint ON leads (phone_fingerprint, product, created_at);
CREATE INDEX IF NOT EXISTS leads_email_fingerprint ON leads (email_fingerprint, product, created_at);

-- What was sent to whom and when: one row per lead and recipient (a Medicare company the visitor
-- ticked, QuoteWizard for auto). The delivery consumer claims the row, calls, and records the answer.
CREATE TABLE IF NOT EXISTS lead_deliveries (
  lead_id TEXT NOT NULL,
  recipient TEXT NOT NULL,
  kind TEXT NOT NULL,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  fields TEXT,
  partner_ref TEXT,
  error TEXT,
  queued_at TEXT NOT NULL,
  sent_at TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (lead_id, recipient)
);

-- Turnstile tokens already redeemed, by SHA-256 (never the token): a token counts for one lead only,
-- even where Cloudflare's single-use check has not yet converged.
CREATE TABLE IF NOT EXISTS turnstile_redemptions (
  token_sha256 TEXT PRIMARY KEY,
  lead_key TEXT NOT NULL,
  at TEXT NOT NULL
);
