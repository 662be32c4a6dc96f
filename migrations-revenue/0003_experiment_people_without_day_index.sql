-- experiment_people_day (72 of the row's 146 B, 0.67 GB at full traffic,
-- docs/decisions/0341-the-revenue-store-in-a-database-of-its-own.md): the bandit's aggregate reads
-- every person of the kept days, of every experiment, so the index spares it nothing; the prune
-- (revenue/retention.ts) walks the primary key in bounded chunks instead.
DROP INDEX IF EXISTS experiment_people_day;
