-- Cheaper rows in the revenue store (docs/decisions/0341-the-revenue-store-in-a-database-of-its-own.md),
-- measured by `npm run capacity`: at full traffic REVENUE_DB was over its size alert.
--
-- payouts_session (88 B a payout, 0.45 GB): no statement finds payouts by their session alone; the
-- one that names a session (queue-conversions.ts) has the primary key's partner and conversion id.
DROP INDEX IF EXISTS payouts_session;

-- phone_leases (242 B a lease, 1.56 GB): its primary key repeated the whole row, and the index
-- the prune used (phone_leases_expires) repeated it again (122 B). Now a rowid table, written in
-- the order leases are made, so the prune walks it from the oldest rowid in bounded chunks
-- (revenue/retention.ts) with no index of its own; the one index is what a call's postback
-- looks up: the number, and the lease that covered the call's time. A lease is written once, after
-- the partner made it (lease-history.ts), so no key needs to refuse a second copy.
CREATE TABLE phone_leases_by_rowid (
  number TEXT NOT NULL,
  leased_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  session_id TEXT NOT NULL
);
INSERT INTO phone_leases_by_rowid (number, leased_at, expires_at, session_id)
  SELECT number, leased_at, expires_at, session_id FROM phone_leases ORDER BY leased_at;
DROP TABLE phone_leases;
ALTER TABLE phone_leases_by_rowid RENAME TO phone_leases;
CREATE INDEX phone_leases_number ON phone_leases (number, leased_at);
