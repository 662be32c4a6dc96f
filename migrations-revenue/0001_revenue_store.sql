-- The revenue store in the D1 database of its own (binding REVENUE_DB,
-- docs/decisions/0341-the-revenue-store-in-a-database-of-its-own.md): the tables DB had after
-- migrations/0030, 0032, 0105 and 0106 (but phone_leases, in LEASES_DB: migrations-leases/), with
-- the triggers of 0030, which tie only tables moved here
-- (payouts -> visit_values -> revenue_rollups), so they still run in the transaction of each change.
-- No statement joins these tables with one of DB. DB's copies stay there unused (LEFT_BEHIND).

-- One row per visit (tracking session) that could earn money: a demand check priced it, a number
-- was leased to it, its listing was shown, or its lead went to a buyer. Its dimensions are those
-- of the first such moment (brand, page, traffic source, campaign, paid flag, experiment variant)
-- and never change afterwards, so the rollup key of a visit is stable. `ref` is the opaque id the
-- product puts in click URLs and lead deliveries; a click or lead payout names it.
CREATE TABLE IF NOT EXISTS visit_values (
  session_id TEXT PRIMARY KEY,
  ref TEXT NOT NULL UNIQUE,
  visitor_id TEXT NOT NULL,
  day TEXT NOT NULL,
  brand TEXT NOT NULL,
  page TEXT NOT NULL,
  traffic_source TEXT NOT NULL,
  campaign TEXT NOT NULL,
  paid INTEGER NOT NULL,
  variant TEXT NOT NULL,
  -- The session's ad click ids (gclid, gbraid, wbraid, fbclid, the _fbp cookie) as JSON, for the
  -- ad platforms' conversions; no personal data.
  click_ids TEXT NOT NULL DEFAULT '{}',
  -- Expected value (the demand check's ev, the best bid of the offers shown), highest seen.
  expected_cents INTEGER NOT NULL DEFAULT 0,
  -- Realized: attributed payouts, kept by the payout triggers below.
  realized_call_cents INTEGER NOT NULL DEFAULT 0,
  realized_click_cents INTEGER NOT NULL DEFAULT 0,
  realized_lead_cents INTEGER NOT NULL DEFAULT 0,
  payouts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS visit_values_day ON visit_values (day);

-- Each payout a partner reported, once per (partner, conversion_id). An adjustment replaces the
-- payout and is kept in payout_adjustments. session_id is NULL for an unattributed payout (no
-- lease held that number then, an unknown ref): kept and reported as such.
CREATE TABLE IF NOT EXISTS payouts (
  partner TEXT NOT NULL,
  conversion_id TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('call', 'click', 'lead')),
  payout_cents INTEGER NOT NULL CHECK (payout_cents >= 0),
  at TEXT NOT NULL,
  phone TEXT,
  ref TEXT,
  session_id TEXT,
  attributed_by TEXT CHECK (attributed_by IN ('lease', 'ref')),
  adjustments INTEGER NOT NULL DEFAULT 0,
  received_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  -- migrations/0105: the time of the payout value stored (an older report never undoes a newer one).
  version_at TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (partner, conversion_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS payouts_at ON payouts (at);
CREATE INDEX IF NOT EXISTS payouts_session ON payouts (session_id);

CREATE TABLE IF NOT EXISTS payout_adjustments (
  partner TEXT NOT NULL,
  conversion_id TEXT NOT NULL,
  received_at TEXT NOT NULL,
  previous_cents INTEGER NOT NULL,
  payout_cents INTEGER NOT NULL,
  PRIMARY KEY (partner, conversion_id, received_at, payout_cents)
) WITHOUT ROWID;

-- The report's money: one row per day (of the visit), brand, page, traffic source, campaign, paid
-- flag and variant. visits: visits with a value row; expected: their expected value; realized
-- (and by type): attributed payouts; blended: per visit, realized when paid else expected;
-- paid_visits: visits with at least one payout. Kept by the triggers below in the same
-- transaction as every change, so the report reads only this table, inside and outside the hot window.
CREATE TABLE IF NOT EXISTS revenue_rollups (
  day TEXT NOT NULL,
  brand TEXT NOT NULL,
  page TEXT NOT NULL,
  traffic_source TEXT NOT NULL,
  campaign TEXT NOT NULL,
  paid INTEGER NOT NULL,
  variant TEXT NOT NULL,
  visits INTEGER NOT NULL DEFAULT 0,
  paid_visits INTEGER NOT NULL DEFAULT 0,
  payouts INTEGER NOT NULL DEFAULT 0,
  expected_cents INTEGER NOT NULL DEFAULT 0,
  realized_cents INTEGER NOT NULL DEFAULT 0,
  realized_call_cents INTEGER NOT NULL DEFAULT 0,
  realized_click_cents INTEGER NOT NULL DEFAULT 0,
  realized_lead_cents INTEGER NOT NULL DEFAULT 0,
  blended_cents INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, brand, page, traffic_source, campaign, paid, variant)
) WITHOUT ROWID;

CREATE TRIGGER IF NOT EXISTS visit_values_rollup_insert AFTER INSERT ON visit_values
BEGIN
  INSERT INTO revenue_rollups (day, brand, page, traffic_source, campaign, paid, variant, visits, paid_visits, payouts,
    expected_cents, realized_cents, realized_call_cents, realized_click_cents, realized_lead_cents, blended_cents)
  VALUES (NEW.day, NEW.brand, NEW.page, NEW.traffic_source, NEW.campaign, NEW.paid, NEW.variant, 1, NEW.payouts > 0,
    NEW.payouts, NEW.expected_cents, NEW.realized_call_cents + NEW.realized_click_cents + NEW.realized_lead_cents,
    NEW.realized_call_cents, NEW.realized_click_cents, NEW.realized_lead_cents,
    CASE WHEN NEW.payouts > 0 THEN NEW.realized_call_cents + NEW.realized_click_cents + NEW.realized_lead_cents
      ELSE NEW.expected_cents END)
  ON CONFLICT (day, brand, page, traffic_source, campaign, paid, variant) DO UPDATE SET
    visits = visits + excluded.visits,
    paid_visits = paid_visits + excluded.paid_visits,
    payouts = payouts + excluded.payouts,
    expected_cents = expected_cents + excluded.expected_cents,
    realized_cents = realized_cents + excluded.realized_cents,
    realized_call_cents = realized_call_cents + excluded.realized_call_cents,
    realized_click_cents = realized_click_cents + excluded.realized_click_cents,
    realized_lead_cents = realized_lead_cents + excluded.realized_lead_cents,
    blended_cents = blended_cents + excluded.blended_cents;
END;

-- A visit's dimensions never change (the upsert only raises expected_cents; payouts add realized).
CREATE TRIGGER IF NOT EXISTS visit_values_rollup_update AFTER UPDATE ON visit_values
BEGIN
  UPDATE revenue_rollups SET
    paid_visits = paid_visits + (NEW.payouts > 0) - (OLD.payouts > 0),
    payouts = payouts + NEW.payouts - OLD.payouts,
    expected_cents = expected_cents + NEW.expected_cents - OLD.expected_cents,
    realized_cents = realized_cents
      + (NEW.realized_call_cents + NEW.realized_click_cents + NEW.realized_lead_cents)
      - (OLD.realized_call_cents + OLD.realized_click_cents + OLD.realized_lead_cents),
    realized_call_cents = realized_call_cents + NEW.realized_call_cents - OLD.realized_call_cents,
    realized_click_cents = realized_click_cents + NEW.realized_click_cents - OLD.realized_click_cents,
    realized_lead_cents = realized_lead_cents + NEW.realized_lead_cents - OLD.realized_lead_cents,
    blended_cents = blended_cents
      + CASE WHEN NEW.payouts > 0 THEN NEW.realized_call_cents + NEW.realized_click_cents + NEW.realized_lead_cents
          ELSE NEW.expected_cents END
      - CASE WHEN OLD.payouts > 0 THEN OLD.realized_call_cents + OLD.realized_click_cents + OLD.realized_lead_cents
          ELSE OLD.expected_cents END
  WHERE day = OLD.day AND brand = OLD.brand AND page = OLD.page AND traffic_source = OLD.traffic_source
    AND campaign = OLD.campaign AND paid = OLD.paid AND variant = OLD.variant;
END;

-- An attributed payout adds to its visit (an unattributed one, session_id NULL, matches none).
CREATE TRIGGER IF NOT EXISTS payouts_to_visit_insert AFTER INSERT ON payouts
WHEN NEW.session_id IS NOT NULL
BEGIN
  UPDATE visit_values SET
    payouts = payouts + 1,
    realized_call_cents = realized_call_cents + (NEW.type = 'call') * NEW.payout_cents,
    realized_click_cents = realized_click_cents + (NEW.type = 'click') * NEW.payout_cents,
    realized_lead_cents = realized_lead_cents + (NEW.type = 'lead') * NEW.payout_cents,
    updated_at = NEW.updated_at
  WHERE session_id = NEW.session_id;
END;

-- An adjustment replaces the payout: its visit's realized value moves by the difference.
CREATE TRIGGER IF NOT EXISTS payouts_to_visit_update AFTER UPDATE OF payout_cents ON payouts
WHEN NEW.session_id IS NOT NULL
BEGIN
  UPDATE visit_values SET
    realized_call_cents = realized_call_cents + (NEW.type = 'call') * (NEW.payout_cents - OLD.payout_cents),
    realized_click_cents = realized_click_cents + (NEW.type = 'click') * (NEW.payout_cents - OLD.payout_cents),
    realized_lead_cents = realized_lead_cents + (NEW.type = 'lead') * (NEW.payout_cents - OLD.payout_cents),
    updated_at = NEW.updated_at
  WHERE session_id = NEW.session_id;
END;

-- Revenue tables pruned by the daily cron (src/worker/revenue/retention.ts,
-- docs/decisions/0165-revenue-tables-retention.md): a visit's value row goes 90 days after its day,
-- a lease's history row 45 days after it expired. The report's money lives in revenue_rollups, which
-- pruning never touches; the bandit and the report's experiment table also need each variant's sum
-- of squared revenue per visit (for its variance), which no rollup kept: the rows of a day are
-- summed here, per variant, in the same batch that deletes them.
CREATE TABLE IF NOT EXISTS variant_value_days (
  day TEXT NOT NULL,
  variant TEXT NOT NULL,
  -- Visits with a value row, and the sums over them of revenue (realized when paid, else
  -- expected) and of its square, in dollars: what variant-stats.ts reads from live rows.
  visits INTEGER NOT NULL,
  revenue REAL NOT NULL,
  squared REAL NOT NULL,
  PRIMARY KEY (day, variant)
) WITHOUT ROWID;


-- The people an `optimise` experiment's bandit counts (src/worker/experiments/experiment-people.ts,
-- docs/decisions/0256-bandit-on-realized-money-from-people.md): one row per experiment and visitor
-- (anonymous id), written when the edge first gives that visitor a variant, and only when the
-- request's user agent is not a bot's. A visitor counts once however many visits, sessions or
-- scripted reloads they make; their revenue is only what partners paid for their visits.
CREATE TABLE IF NOT EXISTS experiment_people (
  experiment_id TEXT NOT NULL,
  visitor_id TEXT NOT NULL,
  variant TEXT NOT NULL,
  -- UTC day of the assignment: the bandit reads the days whose visit rows are still kept.
  day TEXT NOT NULL,
  PRIMARY KEY (experiment_id, visitor_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS experiment_people_day ON experiment_people (experiment_id, day);

-- A visitor's realized money, found by the visitor (their leads are, by leads' UNIQUE (visitor_id, ...)).
CREATE INDEX IF NOT EXISTS visit_values_visitor ON visit_values (visitor_id);
