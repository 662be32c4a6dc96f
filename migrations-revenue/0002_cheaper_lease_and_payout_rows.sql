-- Cheaper rows in the revenue store (docs/decisions/0341-the-revenue-store-in-a-database-of-its-own.md),
-- measured by `npm run capacity`: at full traffic REVENUE_DB was over its size alert.
--
-- payouts_session (88 B a payout, 0.45 GB): no statement finds payouts by their session alone; the
-- one that names a session (queue-conversions.ts) has the primary key's partner and conversion id.
DROP INDEX IF EXISTS payouts_session;
