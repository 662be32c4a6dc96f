-- The operator's review of a withheld lead (src/worker/review/, docs/decisions/0235-operator-review-queue.md):
-- one row per lead, written once. `released`: the operator set the trust verdict aside and the lead was
-- judged again by every other rule and queued to `recipients` (JSON [{ id, name, kind }], the companies
-- that actually receive it); `rejected`: it stays withheld. `reviewer`: who acted, as they named
-- themselves (the operator token names no one); `at`: when. `statement`: for a release, a JWS signed
-- with the certificate key that names the lead, its certificate, what was overridden and the recipients
-- (a certificate is never re-signed: it attests the moment of consent). No personal data of the visitor.
CREATE TABLE IF NOT EXISTS lead_reviews (
  lead_id TEXT PRIMARY KEY,
  action TEXT NOT NULL CHECK (action IN ('released', 'rejected')),
  reviewer TEXT NOT NULL,
  at TEXT NOT NULL,
  overrode TEXT,
  recipients TEXT,
  certificate_id TEXT,
  statement TEXT
);
-- The public release statement is found by the certificate it follows (/certificates/{id}/release).
CREATE INDEX IF NOT EXISTS lead_reviews_certificate ON lead_reviews (certificate_id);
-- The queue lists withheld leads newest first.
CREATE INDEX IF NOT EXISTS leads_delivery_created ON leads (delivery, created_at);
