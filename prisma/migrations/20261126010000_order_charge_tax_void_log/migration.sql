-- Charges carry a tax rate (percent) and its tax; the book amount is of the total (amount + tax).
-- Existing lines had no tax: their book amount already is their total.
ALTER TABLE "order_charge" ADD COLUMN "tax_rate" DECIMAL(5,2) NOT NULL DEFAULT 0,
                           ADD COLUMN "tax" DECIMAL(14,2) NOT NULL DEFAULT 0,
-- A charge is voided, never deleted: it stays with who voided it, when and why, and counts nowhere.
                           ADD COLUMN "voided_at" TIMESTAMPTZ(3),
                           ADD COLUMN "voided_by" INTEGER,
                           ADD COLUMN "void_reason" VARCHAR(500);

-- The trail of every change of an order's charges (no foreign key: the trail outlives anything).
CREATE TABLE "order_charge_log" (
    "id" SERIAL NOT NULL,
    "charge_id" INTEGER NOT NULL,
    "order_id" INTEGER NOT NULL,
    "action" VARCHAR(12) NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "reason" VARCHAR(500),
    "user_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_charge_log_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "order_charge_log_order_id_id_idx" ON "order_charge_log"("order_id", "id");

CREATE INDEX "order_charge_log_charge_id_idx" ON "order_charge_log"("charge_id");
