-- The duplicate window in one table (docs/decisions/0315-duplicate-window-in-one-table-and-shorter-claims.md).
-- Every lead delivered claims its person's first lead in first_leads (funnel/same-person.ts; an
-- operator's release claims in its own batch since this change), so the fingerprints a moved lead
-- left in lead_fingerprints said again what its claims say: that table goes, and a claim stores
-- the first 32 hex digits (128 bits) of the keyed fingerprint instead of all 64 (same-person.ts
-- claimKey): the window is 30 days of at most a few million keys, where 128 bits never collide.
CREATE TABLE first_leads_claims (
  product TEXT NOT NULL,
  kind TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  lead_id TEXT NOT NULL,
  claimed_at TEXT NOT NULL,
  PRIMARY KEY (product, kind, fingerprint)
) WITHOUT ROWID;
-- The earliest claim of a key holds, as it did (a later lead of the same key was its duplicate).
INSERT OR IGNORE INTO first_leads_claims (product, kind, fingerprint, lead_id, claimed_at)
  SELECT product, kind, substr(fingerprint, 1, 32), lead_id, claimed_at FROM first_leads ORDER BY claimed_at;
-- What only lead_fingerprints still held (a lead released by an operator before this change, then
-- moved): its claims, with its own time, so they leave with the window as before.
INSERT OR IGNORE INTO first_leads_claims (product, kind, fingerprint, lead_id, claimed_at)
  SELECT product, 'phone', substr(phone_fingerprint, 1, 32), id, created_at FROM lead_fingerprints
  WHERE phone_fingerprint IS NOT NULL ORDER BY created_at;
INSERT OR IGNORE INTO first_leads_claims (product, kind, fingerprint, lead_id, claimed_at)
  SELECT product, 'email', substr(email_fingerprint, 1, 32), id, created_at FROM lead_fingerprints
  WHERE email_fingerprint IS NOT NULL ORDER BY created_at;
-- And released leads still in D1 (delivered, never claimed).
INSERT OR IGNORE INTO first_leads_claims (product, kind, fingerprint, lead_id, claimed_at)
  SELECT product, 'phone', substr(phone_fingerprint, 1, 32), id, created_at FROM leads
  WHERE delivery = 'delivered' AND phone_fingerprint IS NOT NULL ORDER BY created_at;
INSERT OR IGNORE INTO first_leads_claims (product, kind, fingerprint, lead_id, claimed_at)
  SELECT product, 'email', substr(email_fingerprint, 1, 32), id, created_at FROM leads
  WHERE delivery = 'delivered' AND email_fingerprint IS NOT NULL ORDER BY created_at;
DROP TABLE first_leads;
ALTER TABLE first_leads_claims RENAME TO first_leads;
CREATE INDEX IF NOT EXISTS first_leads_lead ON first_leads (lead_id);
CREATE INDEX IF NOT EXISTS first_leads_claimed ON first_leads (claimed_at);
DROP TABLE lead_fingerprints;
