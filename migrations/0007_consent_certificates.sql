-- Consent you can prove (docs/decisions/0032-consent-you-can-prove-and-privacy-rights.md).
-- Every consent text ever shown, per version and language (brand name filled in), keyed by the
-- SHA-256 a lead stores: written with INSERT OR IGNORE when a page first shows it and again with
-- each lead, never updated (a changed text is a new version, so a new hash).
CREATE TABLE IF NOT EXISTS consent_texts (
  sha256 TEXT PRIMARY KEY,
  version TEXT NOT NULL,
  language TEXT NOT NULL,
  text TEXT NOT NULL,
  first_shown_at TEXT NOT NULL
);

-- What the lead was given and under which signals:
-- certificate_id: the signed lead certificate (lead_certificates.id);
-- gpc: 1 when the browser sent Sec-GPC: 1 (Global Privacy Control);
-- consent_sellers: Medicare, JSON [{ id, name, accepted }] of the entities shown;
-- tpmo_version: Medicare, the TPMO disclaimer version shown;
-- visitor_object: see below; phone_sha256, email_sha256: hashes of the normalised contact values (certificate, privacy
-- requests); they stay when retention clears the personal values (personal_purged_at).
ALTER TABLE leads ADD COLUMN certificate_id TEXT;
ALTER TABLE leads ADD COLUMN gpc INTEGER;
ALTER TABLE leads ADD COLUMN consent_sellers TEXT;
ALTER TABLE leads ADD COLUMN tpmo_version TEXT;
ALTER TABLE leads ADD COLUMN phone_sha256 TEXT;
ALTER TABLE leads ADD COLUMN email_sha256 TEXT;
ALTER TABLE leads ADD COLUMN personal_purged_at TEXT;
-- The visitor's Durable Object id (hex, not the secret visitor key), so a privacy deletion can
-- reach the visitor's stored state from the lead.
ALTER TABLE leads ADD COLUMN visitor_object TEXT;

CREATE INDEX IF NOT EXISTS leads_phone_sha256 ON leads (phone_sha256);
CREATE INDEX IF NOT EXISTS leads_email_sha256 ON leads (email_sha256);
CREATE INDEX IF NOT EXISTS leads_created_purged ON leads (created_at, personal_purged_at);
CREATE INDEX IF NOT EXISTS events_anonymous_id ON events (anonymous_id);

-- Signed lead certificates: a compact JWS (EdDSA, Ed25519) over a payload with no raw personal
-- data. Public: GET /certificates/{id}.
CREATE TABLE IF NOT EXISTS lead_certificates (
  id TEXT PRIMARY KEY,
  lead_id TEXT NOT NULL UNIQUE,
  brand TEXT NOT NULL,
  kid TEXT NOT NULL,
  jws TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- Every public key that ever signed a certificate, so a rotated key stays published in
-- /.well-known/lead-certificates.json and old certificates keep verifying.
CREATE TABLE IF NOT EXISTS certificate_keys (
  kid TEXT PRIMARY KEY,
  public_jwk TEXT NOT NULL,
  first_used_at TEXT NOT NULL
);
