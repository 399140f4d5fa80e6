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

-- Money outstanding per customer x line x salesman, kept the same way: the arrears' page per customer ranks
-- customers from it (some thousands of rows) instead of grouping every order in arrears.
CREATE TABLE "arrears_customer" (
    "customer_id" INTEGER NOT NULL,
    "ship_type" VARCHAR(30) NOT NULL,
    "salesman_id" INTEGER NOT NULL,
    "orders" INTEGER NOT NULL,
    "outstanding" DECIMAL(18, 2) NOT NULL,
    CONSTRAINT "arrears_customer_pkey" PRIMARY KEY ("customer_id", "ship_type", "salesman_id")
);

CREATE FUNCTION "arrears_customer_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO arrears_customer (customer_id, ship_type, salesman_id, orders, outstanding)
     SELECT customer_id, ship_type, salesman_id, sum(orders)::int, sum(outstanding) FROM (%s) moved
      GROUP BY 1, 2, 3 HAVING sum(orders) <> 0 OR sum(outstanding) <> 0 ORDER BY 1, 2, 3
     ON CONFLICT (customer_id, ship_type, salesman_id)
     DO UPDATE SET orders = arrears_customer.orders + excluded.orders, outstanding = arrears_customer.outstanding + excluded.outstanding',
    moved_rows(TG_OP,
      'SELECT customer_id, ship_type, salesman_id, 1 AS orders, outstanding FROM arrears_customer_new WHERE outstanding > 0',
      'SELECT customer_id, ship_type, salesman_id, -1 AS orders, -outstanding AS outstanding FROM arrears_customer_old WHERE outstanding > 0'));
  RETURN NULL;
END $$;

SELECT keep_sums('order_finance', 'arrears_customer', 'arrears_customer_apply');

INSERT INTO "arrears_customer" ("customer_id", "ship_type", "salesman_id", "orders", "outstanding")
SELECT "customer_id", "ship_type", "salesman_id", count(*)::int, sum("outstanding") FROM "order_finance"
 WHERE "outstanding" > 0 GROUP BY 1, 2, 3;
