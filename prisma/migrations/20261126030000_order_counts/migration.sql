-- Exact order counts per line x bucket x salesman, kept by the database in the same transaction as every
-- write to orders (issue 15; docs/orders.md, Totals). A bucket is the order's side state when it has one
-- (abnormal, detain, delete), else its stage: exactly the keys of the list views and the home page's counts.
-- The stage lists' totals and the workbench's counts read this table instead of counting orders.
CREATE TABLE "order_count" (
    "ship_type" VARCHAR(30) NOT NULL,
    "bucket" VARCHAR(30) NOT NULL,
    "salesman_id" INTEGER NOT NULL,
    "n" INTEGER NOT NULL,
    CONSTRAINT "order_count_pkey" PRIMARY KEY ("ship_type", "bucket", "salesman_id")
);

-- Tables of sums (this one, and those of the finance figures) are kept by statement-level triggers with
-- transition tables: one aggregated upsert per statement, however many rows it wrote (a batch move of 500
-- orders is one upsert of a few rows), rows in key order so that two transactions touching the same sums
-- take their locks in the same order. keep_sums installs them on a source table: after insert, update and
-- delete `apply` (its transition tables named <sums>_new and <sums>_old), after truncate sums_clear.
CREATE FUNCTION "sums_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DELETE FROM %I', TG_ARGV[0]);
  RETURN NULL;
END $$;

CREATE FUNCTION "keep_sums"(source text, sums text, apply text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS %I FOR EACH STATEMENT EXECUTE FUNCTION %I()',
    sums || '_insert', source, sums || '_new', apply);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS %I NEW TABLE AS %I FOR EACH STATEMENT EXECUTE FUNCTION %I()',
    sums || '_update', source, sums || '_old', sums || '_new', apply);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS %I FOR EACH STATEMENT EXECUTE FUNCTION %I()',
    sums || '_delete', source, sums || '_old', apply);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION sums_clear(%L)', sums || '_truncate', source, sums);
END $$;

-- The rows a statement moved, as an apply function reads them: an insert has only new rows (`gained`), a
-- delete only old ones (`lost`, their amounts negated), an update both.
CREATE FUNCTION "moved_rows"(op text, gained text, lost text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op WHEN 'INSERT' THEN gained WHEN 'DELETE' THEN lost ELSE gained || ' UNION ALL ' || lost END
$$;

CREATE FUNCTION "order_count_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO order_count (ship_type, bucket, salesman_id, n)
     SELECT ship_type, bucket, salesman_id, sum(n)::int FROM (%s) moved
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
     ON CONFLICT (ship_type, bucket, salesman_id) DO UPDATE SET n = order_count.n + excluded.n',
    moved_rows(TG_OP,
      'SELECT ship_type, coalesce(side_state, stage) AS bucket, salesman_id, 1 AS n FROM order_count_new',
      'SELECT ship_type, coalesce(side_state, stage) AS bucket, salesman_id, -1 AS n FROM order_count_old'));
  RETURN NULL;
END $$;

SELECT keep_sums('orders', 'order_count', 'order_count_apply');

-- The counts of the orders already there.
INSERT INTO "order_count" ("ship_type", "bucket", "salesman_id", "n")
SELECT "ship_type", coalesce("side_state", "stage"), "salesman_id", count(*)::int FROM "orders" GROUP BY 1, 2, 3;

-- A salesman's own stage screens (the scoped views): their page without reading other salesmen's orders.
CREATE INDEX "order_salesman_stage_list_idx" ON "orders" ("salesman_id", "ship_type", "stage", "created_at" DESC) WHERE "side_state" IS NULL;
