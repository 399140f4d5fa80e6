-- Money outstanding per line x salesman x billing day, kept by the database in the same transaction as
-- every write to order_finance (issue 15; docs/finance.md, Performance). salesman_id 0 holds the line's
-- day over every salesman. The arrears' totals (and the page grouped by salesman) sum a few hundred rows of
-- it instead of every order in arrears; ageing buckets stay exact for any `asOf`, since a row is one day.
-- Orders in arrears are those with outstanding > 0; each has a billing day (outstanding = revenue −
-- received, and revenue comes only from receivables, whose first day is billed_on).
CREATE TABLE "arrears_day" (
    "salesman_id" INTEGER NOT NULL,
    "ship_type" VARCHAR(30) NOT NULL,
    "billed_on" DATE NOT NULL,
    "orders" INTEGER NOT NULL,
    "outstanding" DECIMAL(18, 2) NOT NULL,
    CONSTRAINT "arrears_day_pkey" PRIMARY KEY ("salesman_id", "ship_type", "billed_on")
);

-- Kept as order_count is (migration 'order_counts': keep_sums, moved_rows).
CREATE FUNCTION "arrears_day_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'WITH moved AS (%s), keyed AS (SELECT * FROM moved UNION ALL SELECT ship_type, 0, billed_on, orders, outstanding FROM moved)
     INSERT INTO arrears_day (salesman_id, ship_type, billed_on, orders, outstanding)
     SELECT salesman_id, ship_type, billed_on, sum(orders)::int, sum(outstanding) FROM keyed
      GROUP BY 1, 2, 3 HAVING sum(orders) <> 0 OR sum(outstanding) <> 0 ORDER BY 1, 2, 3
     ON CONFLICT (salesman_id, ship_type, billed_on)
     DO UPDATE SET orders = arrears_day.orders + excluded.orders, outstanding = arrears_day.outstanding + excluded.outstanding',
    moved_rows(TG_OP,
      'SELECT ship_type, salesman_id, billed_on, 1 AS orders, outstanding FROM arrears_day_new WHERE outstanding > 0 AND billed_on IS NOT NULL',
      'SELECT ship_type, salesman_id, billed_on, -1 AS orders, -outstanding AS outstanding FROM arrears_day_old WHERE outstanding > 0 AND billed_on IS NOT NULL'));
  RETURN NULL;
END $$;

SELECT keep_sums('order_finance', 'arrears_day', 'arrears_day_apply');

-- The days of the figures already there (every salesman, then each).
INSERT INTO "arrears_day" ("salesman_id", "ship_type", "billed_on", "orders", "outstanding")
SELECT 0, "ship_type", "billed_on", count(*)::int, sum("outstanding") FROM "order_finance"
 WHERE "outstanding" > 0 AND "billed_on" IS NOT NULL GROUP BY "ship_type", "billed_on"
UNION ALL
SELECT "salesman_id", "ship_type", "billed_on", count(*)::int, sum("outstanding") FROM "order_finance"
 WHERE "outstanding" > 0 AND "billed_on" IS NOT NULL GROUP BY "salesman_id", "ship_type", "billed_on";

-- Money outstanding per customer, kept the same way at four levels: per line and salesman, per line over
-- every salesman (salesman_id 0), over every line per salesman (ship_type '*'), and over both. The arrears'
-- page per customer reads the twenty customers owing most at the level asked straight from an index,
-- instead of grouping every order in arrears.
CREATE TABLE "arrears_customer" (
    "ship_type" VARCHAR(30) NOT NULL,
    "salesman_id" INTEGER NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "orders" INTEGER NOT NULL,
    "outstanding" DECIMAL(18, 2) NOT NULL,
    CONSTRAINT "arrears_customer_pkey" PRIMARY KEY ("ship_type", "salesman_id", "customer_id")
);
CREATE INDEX "arrears_customer_rank_idx" ON "arrears_customer" ("ship_type", "salesman_id", "outstanding" DESC, "customer_id") WHERE "orders" > 0;

CREATE FUNCTION "arrears_customer_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'WITH moved AS (%s), keyed AS (
       SELECT l.ship_type, s.salesman_id, m.customer_id, m.orders, m.outstanding FROM moved m
        CROSS JOIN LATERAL (VALUES (m.ship_type), (''*'')) l (ship_type)
        CROSS JOIN LATERAL (VALUES (m.salesman_id), (0)) s (salesman_id))
     INSERT INTO arrears_customer (ship_type, salesman_id, customer_id, orders, outstanding)
     SELECT ship_type, salesman_id, customer_id, sum(orders)::int, sum(outstanding) FROM keyed
      GROUP BY 1, 2, 3 HAVING sum(orders) <> 0 OR sum(outstanding) <> 0 ORDER BY 1, 2, 3
     ON CONFLICT (ship_type, salesman_id, customer_id)
     DO UPDATE SET orders = arrears_customer.orders + excluded.orders, outstanding = arrears_customer.outstanding + excluded.outstanding',
    moved_rows(TG_OP,
      'SELECT customer_id, ship_type, salesman_id, 1 AS orders, outstanding FROM arrears_customer_new WHERE outstanding > 0',
      'SELECT customer_id, ship_type, salesman_id, -1 AS orders, -outstanding AS outstanding FROM arrears_customer_old WHERE outstanding > 0'));
  RETURN NULL;
END $$;

SELECT keep_sums('order_finance', 'arrears_customer', 'arrears_customer_apply');

INSERT INTO "arrears_customer" ("ship_type", "salesman_id", "customer_id", "orders", "outstanding")
SELECT l.ship_type, s.salesman_id, f."customer_id", count(*)::int, sum(f."outstanding") FROM "order_finance" f
 CROSS JOIN LATERAL (VALUES (f."ship_type"), ('*')) l (ship_type)
 CROSS JOIN LATERAL (VALUES (f."salesman_id"), (0)) s (salesman_id)
 WHERE f."outstanding" > 0 GROUP BY 1, 2, 3;
