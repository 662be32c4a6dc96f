-- The lease history in the D1 database of its own (binding LEASES_DB,
-- docs/decisions/0341-the-revenue-store-in-a-database-of-its-own.md): only the postback reads it,
-- in a statement of its own, before the payout is written in REVENUE_DB.
--
-- In DB, phone_leases (242 B a lease, 1.56 GB at full traffic): its primary key repeated the
-- whole row, and the index the prune used (phone_leases_expires) repeated it again (122 B). Here a rowid table, written in
-- the order leases are made, so the prune walks it from the oldest rowid in bounded chunks
-- (revenue/retention.ts) with no index of its own; the one index is what a call's postback
-- looks up: the number, and the lease that covered the call's time. A lease is written once, after
-- the partner made it (lease-history.ts), so no key needs to refuse a second copy.
--
-- Every number MediaAlpha leased to a visit, written when the lease is made (migrations/0030): a
-- call payout that arrives days later still finds the visit that held the number at the time.
CREATE TABLE IF NOT EXISTS phone_leases (
  number TEXT NOT NULL,
  leased_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  session_id TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS phone_leases_number ON phone_leases (number, leased_at);
