-- CreateTable
CREATE TABLE "orders" (
    "id" SERIAL NOT NULL,
    "order_no" VARCHAR(40) NOT NULL,
    "ship_type" VARCHAR(30) NOT NULL,
    "stage" VARCHAR(30) NOT NULL,
    "side_state" VARCHAR(20),
    "side_reason" VARCHAR(500),
    "customer_id" INTEGER NOT NULL,
    "salesman_id" INTEGER NOT NULL,
    "operator_id" INTEGER,
    "origin_port_id" INTEGER NOT NULL,
    "destination_port_id" INTEGER NOT NULL,
    "channel" VARCHAR(100),
    "goods_name" VARCHAR(200) NOT NULL,
    "packages" INTEGER,
    "gross_weight" DECIMAL(12,3),
    "volume" DECIMAL(12,4),
    "chargeable_weight" DECIMAL(12,3),
    "declared_value" DECIMAL(14,2),
    "currency" VARCHAR(20),
    "shipping_mark" VARCHAR(80) NOT NULL,
    "consignee" VARCHAR(200),
    "consignee_phone" VARCHAR(30),
    "delivery_address" VARCHAR(500),
    "remark" VARCHAR(1000),
    "container_no" VARCHAR(20),
    "seal_no" VARCHAR(30),
    "vessel_voyage" VARCHAR(100),
    "flight_no" VARCHAR(20),
    "etd" TIMESTAMPTZ(3),
    "eta" TIMESTAMPTZ(3),
    "arrived_at" TIMESTAMPTZ(3),
    "bill_of_lading_no" VARCHAR(50),
    "waybill_no" VARCHAR(50),
    "customs_declaration_no" VARCHAR(50),
    "delivered_at" TIMESTAMPTZ(3),
    "created_by" INTEGER NOT NULL,
    "ver" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "orders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_track" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "stage" VARCHAR(30) NOT NULL,
    "content" VARCHAR(1000) NOT NULL,
    "location" VARCHAR(200),
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "created_by" INTEGER NOT NULL,
    "ver" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "order_track_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_work_record" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "action" VARCHAR(20) NOT NULL,
    "from_stage" VARCHAR(30) NOT NULL,
    "to_stage" VARCHAR(30) NOT NULL,
    "reason" VARCHAR(500),
    "data" JSONB,
    "user_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_work_record_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "orders_order_no_key" ON "orders"("order_no");

-- CreateIndex
CREATE INDEX "orders_customer_id_idx" ON "orders"("customer_id");

-- CreateIndex
CREATE INDEX "orders_salesman_id_idx" ON "orders"("salesman_id");

-- CreateIndex
CREATE INDEX "orders_ship_type_created_at_idx" ON "orders"("ship_type", "created_at" DESC);

-- CreateIndex
CREATE INDEX "orders_container_no_idx" ON "orders"("container_no");

-- CreateIndex
CREATE INDEX "orders_currency_idx" ON "orders"("currency");

-- CreateIndex
CREATE INDEX "order_track_order_id_occurred_at_idx" ON "order_track"("order_id", "occurred_at");

-- CreateIndex
CREATE INDEX "order_work_record_order_id_created_at_idx" ON "order_work_record"("order_id", "created_at");

-- AddForeignKey
ALTER TABLE "order_track" ADD CONSTRAINT "order_track_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_work_record" ADD CONSTRAINT "order_work_record_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The stage lists (not expressible in the Prisma schema): page and exact count of one line's stage,
-- orders moving normally only, newest first. Index-only counts for the list's totals.
CREATE INDEX "order_stage_list_idx" ON "orders" ("ship_type", "stage", "created_at" DESC) WHERE "side_state" IS NULL;
