-- AlterTable
ALTER TABLE "order_work_record" ADD COLUMN     "remark" VARCHAR(500),
ADD COLUMN     "remarked_at" TIMESTAMPTZ(3),
ADD COLUMN     "remarked_by" INTEGER,
ADD COLUMN     "ver" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "agent_address" VARCHAR(500),
ADD COLUMN     "agent_contact" VARCHAR(100),
ADD COLUMN     "agent_email" VARCHAR(100),
ADD COLUMN     "agent_name" VARCHAR(200),
ADD COLUMN     "agent_phone" VARCHAR(30),
ADD COLUMN     "agent_remark" VARCHAR(500),
ADD COLUMN     "cargo_complete" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "cargo_completed_at" TIMESTAMPTZ(3),
ADD COLUMN     "received_at" TIMESTAMPTZ(3),
ADD COLUMN     "warehouse_location" VARCHAR(100);

-- CreateTable
CREATE TABLE "order_cargo_receipt" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "receipt_no" VARCHAR(40) NOT NULL,
    "packages" INTEGER NOT NULL,
    "gross_weight" DECIMAL(12,3) NOT NULL,
    "volume" DECIMAL(12,4) NOT NULL,
    "location" VARCHAR(100),
    "received_at" TIMESTAMPTZ(3) NOT NULL,
    "remark" VARCHAR(500),
    "created_by" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_cargo_receipt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_packing_box" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "line_no" INTEGER NOT NULL,
    "box_no" VARCHAR(50),
    "length" DECIMAL(8,1) NOT NULL,
    "width" DECIMAL(8,1) NOT NULL,
    "height" DECIMAL(8,1) NOT NULL,
    "gross_weight" DECIMAL(10,3) NOT NULL,
    "quantity" INTEGER NOT NULL,
    "goods_name" VARCHAR(200),
    "tracking_no" VARCHAR(50),
    "created_by" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_packing_box_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_work_task" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "content" VARCHAR(500) NOT NULL,
    "assignee_id" INTEGER NOT NULL,
    "due_at" TIMESTAMPTZ(3),
    "status" VARCHAR(20) NOT NULL DEFAULT 'open',
    "finished_at" TIMESTAMPTZ(3),
    "finished_by" INTEGER,
    "created_by" INTEGER NOT NULL,
    "ver" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "order_work_task_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "order_cargo_receipt_receipt_no_key" ON "order_cargo_receipt"("receipt_no");

-- CreateIndex
CREATE INDEX "order_cargo_receipt_order_id_received_at_idx" ON "order_cargo_receipt"("order_id", "received_at");

-- CreateIndex
CREATE INDEX "order_packing_box_order_id_line_no_idx" ON "order_packing_box"("order_id", "line_no");

-- CreateIndex
CREATE INDEX "order_packing_box_tracking_no_idx" ON "order_packing_box"("tracking_no");

-- CreateIndex
CREATE INDEX "order_work_task_assignee_id_status_created_at_idx" ON "order_work_task"("assignee_id", "status", "created_at" DESC);

-- CreateIndex
CREATE INDEX "order_work_task_created_by_status_created_at_idx" ON "order_work_task"("created_by", "status", "created_at" DESC);

-- CreateIndex
CREATE INDEX "order_work_task_order_id_created_at_idx" ON "order_work_task"("order_id", "created_at");

-- CreateIndex
CREATE INDEX "order_work_record_user_id_created_at_idx" ON "order_work_record"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "order_work_record_created_at_idx" ON "order_work_record"("created_at" DESC);

-- AddForeignKey
ALTER TABLE "order_cargo_receipt" ADD CONSTRAINT "order_cargo_receipt_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_packing_box" ADD CONSTRAINT "order_packing_box_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_work_task" ADD CONSTRAINT "order_work_task_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;
