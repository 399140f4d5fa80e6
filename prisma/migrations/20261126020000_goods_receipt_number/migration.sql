-- A stage-move receipt gets its number from the order.receipt sequence, like a cargo registration
-- (orders/cargo/warehouse-receipts.ts); the receipts before keep the number their Word receipt printed.
ALTER TABLE "goods_receipt" ADD COLUMN "receipt_no" VARCHAR(40);
UPDATE "goods_receipt" SET "receipt_no" = 'WR' || lpad("id"::text, 8, '0');
ALTER TABLE "goods_receipt" ALTER COLUMN "receipt_no" SET NOT NULL;
CREATE UNIQUE INDEX "goods_receipt_receipt_no_key" ON "goods_receipt"("receipt_no");
