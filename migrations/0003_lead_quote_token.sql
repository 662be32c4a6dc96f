-- The quote token check of each lead (spec sections 4 and 7.7; docs/decisions/0023-quote-token-on-the-lead.md "Quote token
-- on the lead"): whether the token the page sent with the final submit was signed by this
-- Worker for this visitor and ip and had not expired more than 30 s before, and the reason
-- when not (absent, expired, visitor, ip, signature, malformed, unverified). A lead is never
-- refused for its token; leads written before this migration have NULL in both columns.
ALTER TABLE leads ADD COLUMN quote_token_valid INTEGER;
ALTER TABLE leads ADD COLUMN quote_token_check TEXT;
