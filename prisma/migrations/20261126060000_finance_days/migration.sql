-- The order figures summed per salesman x line x day the order was created (Shanghai day, UTC+8 as the
-- domain's business time), kept by the database in the same transaction as every write to order_finance
-- (issue 15; docs/finance.md, Performance). salesman_id 0 holds the line's day over every salesman. The
-- order inquiry's totals over a period (or a salesman, or a line) sum a few rows a day instead of every
-- order of the period; a period is whole days, so the sums are exact.
CREATE TABLE "finance_day" (
    "salesman_id" INTEGER NOT NULL,
    "ship_type" VARCHAR(30) NOT NULL,
    "created_on" DATE NOT NULL,
    "revenue" DECIMAL(18, 2) NOT NULL,
    "cost" DECIMAL(18, 2) NOT NULL,
    "received" DECIMAL(18, 2) NOT NULL,
    "outstanding" DECIMAL(18, 2) NOT NULL,
    CONSTRAINT "finance_day_pkey" PRIMARY KEY ("salesman_id", "ship_type", "created_on")
);

-- Kept as order_count is (migration 'order_counts': keep_sums, moved_rows).
CREATE FUNCTION "finance_day_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  day CONSTANT text := '((order_created_at AT TIME ZONE ''UTC'') + interval ''8 hours'')::date';
BEGIN
  EXECUTE format(
    'WITH moved AS (%s), keyed AS (SELECT * FROM moved UNION ALL SELECT ship_type, 0, created_on, revenue, cost, received, outstanding FROM moved)
     INSERT INTO finance_day (salesman_id, ship_type, created_on, revenue, cost, received, outstanding)
     SELECT salesman_id, ship_type, created_on, sum(revenue), sum(cost), sum(received), sum(outstanding) FROM keyed
      GROUP BY 1, 2, 3 HAVING sum(revenue) <> 0 OR sum(cost) <> 0 OR sum(received) <> 0 OR sum(outstanding) <> 0 ORDER BY 1, 2, 3
     ON CONFLICT (salesman_id, ship_type, created_on) DO UPDATE SET revenue = finance_day.revenue + excluded.revenue,
       cost = finance_day.cost + excluded.cost, received = finance_day.received + excluded.received, outstanding = finance_day.outstanding + excluded.outstanding',
    moved_rows(TG_OP,
      format('SELECT ship_type, salesman_id, %s AS created_on, revenue, payable + expense AS cost, received, outstanding FROM finance_day_new', day),
      format('SELECT ship_type, salesman_id, %s AS created_on, -revenue AS revenue, -(payable + expense) AS cost, -received AS received, -outstanding AS outstanding FROM finance_day_old', day)));
  RETURN NULL;
END $$;

SELECT keep_sums('order_finance', 'finance_day', 'finance_day_apply');

-- The days of the figures already there (every salesman, then each).
INSERT INTO "finance_day" ("salesman_id", "ship_type", "created_on", "revenue", "cost", "received", "outstanding")
SELECT 0, "ship_type", (("order_created_at" AT TIME ZONE 'UTC') + interval '8 hours')::date, sum("revenue"), sum("payable" + "expense"), sum("received"), sum("outstanding")
  FROM "order_finance" GROUP BY 2, 3
UNION ALL
SELECT "salesman_id", "ship_type", (("order_created_at" AT TIME ZONE 'UTC') + interval '8 hours')::date, sum("revenue"), sum("payable" + "expense"), sum("received"), sum("outstanding")
  FROM "order_finance" GROUP BY 1, 2, 3;
