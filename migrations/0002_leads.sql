-- Every completed lead (the final step of a form submitted), written by the Worker before it
-- answers the submit, with the consent proof: which disclosure version was shown, the SHA-256
-- of its exact text, when, from which ip and user agent, on which page (personal query
-- fields removed). A retried or repeated final submit carries the same submission id and is
-- ignored by the unique key, so an operator sees each lead once.
CREATE TABLE IF NOT EXISTS leads (
  id TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  brand TEXT NOT NULL,
  page TEXT NOT NULL,
  form TEXT NOT NULL,
  product TEXT NOT NULL,
  smid TEXT,
  xsmid TEXT,
  session_id TEXT,
  -- Paid-traffic flag of the session (spec section 4): 1, 0, or NULL when no session was known.
  paid INTEGER,
  visitor_id TEXT NOT NULL,
  submission_id TEXT NOT NULL,
  -- The lead fields as parsed by the lead schema of the product (JSON).
  "values" TEXT NOT NULL,
  consent_version TEXT,
  consent_sha256 TEXT,
  consent_text_language TEXT,
  consent_at TEXT,
  ip TEXT,
  user_agent TEXT,
  page_url TEXT,
  UNIQUE (visitor_id, form, submission_id)
);

CREATE INDEX IF NOT EXISTS leads_brand_created ON leads (brand, created_at);
