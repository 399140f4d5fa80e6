-- The customer's history: reviews, releases to and drops into the public pool, claims (docs/customers.md, History).
CREATE TABLE "customer_log" (
    "id" SERIAL NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "action" VARCHAR(20) NOT NULL,
    "salesman_id" INTEGER,
    "reason" VARCHAR(500),
    "user_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "customer_log_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "customer_log_customer_id_created_at_idx" ON "customer_log"("customer_id", "created_at");
CREATE INDEX "customer_log_salesman_id_action_created_at_idx" ON "customer_log"("salesman_id", "action", "created_at");

ALTER TABLE "customer_log" ADD CONSTRAINT "customer_log_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The drops into the pool the operation log already knows (the reclaim wait now reads this table).
INSERT INTO "customer_log" ("customer_id", "action", "salesman_id", "created_at")
SELECT (d.record_id)::int, 'drop', (d.before->>'salesmanId')::int, d.created_at
  FROM "data_change_log" d
 WHERE d.table_name = 'Customer' AND d.operation = 'update'
   AND jsonb_typeof(d.before->'salesmanId') = 'number' AND d.after->'salesmanId' = 'null'::jsonb
   AND d.record_id ~ '^[0-9]+$'
   AND EXISTS (SELECT 1 FROM "customer" c WHERE c.id = (d.record_id)::int);
