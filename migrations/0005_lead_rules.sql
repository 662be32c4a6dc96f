-- Lead rules on the server (src/worker/funnel/lead-rules.ts, leads.ts).
-- status: 'complete' when every step of the form was submitted in order by the visitor, the
-- consent step carried the current consent version and the quote token was valid; otherwise
-- 'partial' (kept for operators, never sent to partners), with partial_reasons a JSON array of
-- 'steps', 'consent', 'quote_token'. Leads written before this migration have NULL.
-- phone_key: SHA-256 hex of brand|form|phone digits. The same visitor, form and phone within
-- 24 hours of a lead updates that lead (one lead id): submissions counts the submits it took,
-- updated_at says when the last one came. A partial resubmission never replaces a complete lead.
ALTER TABLE leads ADD COLUMN status TEXT;
ALTER TABLE leads ADD COLUMN partial_reasons TEXT;
ALTER TABLE leads ADD COLUMN phone_key TEXT;
ALTER TABLE leads ADD COLUMN updated_at TEXT;
ALTER TABLE leads ADD COLUMN submissions INTEGER NOT NULL DEFAULT 1;

CREATE INDEX IF NOT EXISTS leads_phone_key ON leads (phone_key, created_at);
