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

-- Statement-level triggers with transition tables: one aggregated upsert per statement, however many
-- orders it wrote (a batch move of 500 orders is one upsert of a few rows). Rows are upserted in key
-- order so two transactions touching the same counters take their locks in the same order.
CREATE FUNCTION "order_count_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "order_count" ("ship_type", "bucket", "salesman_id", "n")
    SELECT "ship_type", coalesce("side_state", "stage"), "salesman_id", count(*)::int
      FROM "order_count_new" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("ship_type", "bucket", "salesman_id") DO UPDATE SET "n" = "order_count"."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "order_count" c SET "n" = c."n" - d.n
      FROM (SELECT "ship_type", coalesce("side_state", "stage") AS bucket, "salesman_id", count(*)::int AS n
              FROM "order_count_old" GROUP BY 1, 2, 3) d
     WHERE c."ship_type" = d."ship_type" AND c."bucket" = d.bucket AND c."salesman_id" = d."salesman_id";
  ELSE
    INSERT INTO "order_count" ("ship_type", "bucket", "salesman_id", "n")
    SELECT ship_type, bucket, salesman_id, sum(n)::int FROM (
        SELECT "ship_type", coalesce("side_state", "stage") AS bucket, "salesman_id", 1 AS n FROM "order_count_new"
        UNION ALL
        SELECT "ship_type", coalesce("side_state", "stage"), "salesman_id", -1 FROM "order_count_old"
      ) moved
     GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("ship_type", "bucket", "salesman_id") DO UPDATE SET "n" = "order_count"."n" + excluded."n";
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "order_count_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "order_count";
  RETURN NULL;
END $$;

CREATE TRIGGER "order_count_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "order_count_new"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_count_apply"();
CREATE TRIGGER "order_count_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "order_count_old" NEW TABLE AS "order_count_new"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_count_apply"();
CREATE TRIGGER "order_count_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "order_count_old"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_count_apply"();
CREATE TRIGGER "order_count_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_count_clear"();

-- The counts of the orders already there.
INSERT INTO "order_count" ("ship_type", "bucket", "salesman_id", "n")
SELECT "ship_type", coalesce("side_state", "stage"), "salesman_id", count(*)::int FROM "orders" GROUP BY 1, 2, 3;

-- A salesman's own stage screens (the scoped views): their page without reading other salesmen's orders.
CREATE INDEX "order_salesman_stage_list_idx" ON "orders" ("salesman_id", "ship_type", "stage", "created_at" DESC) WHERE "side_state" IS NULL;
