-- QuoteWizard delivery of auto leads (docs/decisions/0029-quotewizard-delivery-the-same-facts-without.md "QuoteWizard
-- delivery"). The lead row is the source of truth; the LEAD_DELIVERY queue message only
-- names it (visitor, form, submission id). Status:
--   NULL            never meant for QuoteWizard (not auto, or the brand's switch is off)
--   queued          put on the queue by the final submit
--   unsent          the queue refused the message (an operator re-enqueues these)
--   sending         a consumer has claimed it and is calling the partner
--   retrying        the last attempt failed (timeout, network, 5xx, garbled reply); the queue retries
--   accepted        QuoteWizard took the lead (quotewizard_id holds its id)
--   rejected        QuoteWizard refused it (quotewizard_error holds its reason)
--   failed          gave up: retries exhausted, or QuoteWizard said our request was wrong (4xx)
--   not_applicable  a non-auto lead reached the consumer (spec: QuoteWizard has no Medicare schema)
--   disabled        the brand's switch was turned off before delivery
-- A status once accepted, rejected, failed, not_applicable or disabled is final: a redelivered
-- message never calls the partner again.
ALTER TABLE leads ADD COLUMN quotewizard_status TEXT;
ALTER TABLE leads ADD COLUMN quotewizard_id TEXT;
ALTER TABLE leads ADD COLUMN quotewizard_error TEXT;
ALTER TABLE leads ADD COLUMN quotewizard_attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leads ADD COLUMN quotewizard_updated_at TEXT;

-- Operators list what is stuck or refused.
CREATE INDEX IF NOT EXISTS leads_quotewizard_status ON leads (quotewizard_status, created_at);
