-- Payout postbacks signed with their time (docs/decisions/0255-postbacks-signed-with-their-time.md).
-- version_at: the time of the payout value stored (the body's adjusted_at, else the signed time of
-- the postback that set it), ISO 8601 in UTC. An adjustment replaces the payout only when its own
-- time is later, so a re-sent or late older adjustment can never undo a newer one. Rows stored
-- before this migration have '' (older than any time): the next adjustment of theirs applies.
ALTER TABLE payouts ADD COLUMN version_at TEXT NOT NULL DEFAULT '';

-- The conversion types each partner reports (comma separated: call, click, lead). A type the
-- partner does not handle is refused, so a postback template mistake (or a forged-looking call from
-- a lead buyer) cannot put money on a visit. MediaAlpha pays for calls, clicks and leads;
-- QuoteWizard buys leads only.
ALTER TABLE revenue_partners ADD COLUMN conversion_types TEXT NOT NULL DEFAULT 'call,click,lead';
UPDATE revenue_partners SET conversion_types = 'lead' WHERE name = 'quotewizard';
