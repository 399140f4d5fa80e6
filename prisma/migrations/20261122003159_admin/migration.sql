-- CreateTable
CREATE TABLE "notice" (
    "id" SERIAL NOT NULL,
    "title" VARCHAR(200) NOT NULL,
    "content" TEXT NOT NULL,
    "audience" VARCHAR(10) NOT NULL DEFAULT 'all',
    "audience_role_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "audience_user_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "status" VARCHAR(20) NOT NULL DEFAULT 'draft',
    "published_at" TIMESTAMPTZ(3),
    "withdrawn_at" TIMESTAMPTZ(3),
    "created_by" INTEGER NOT NULL,
    "ver" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "notice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notice_read" (
    "notice_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "read_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notice_read_pkey" PRIMARY KEY ("notice_id","user_id")
);

-- CreateTable
CREATE TABLE "serial_sequence" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(50) NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "name_en" VARCHAR(100),
    "prefix" VARCHAR(20) NOT NULL DEFAULT '',
    "pattern" VARCHAR(100) NOT NULL,
    "reset_policy" VARCHAR(10) NOT NULL DEFAULT 'daily',
    "current_value" INTEGER NOT NULL DEFAULT 0,
    "current_period" VARCHAR(10) NOT NULL DEFAULT '',
    "ver" INTEGER NOT NULL DEFAULT 1,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "serial_sequence_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "goods_receipt" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "order_no" VARCHAR(40) NOT NULL,
    "packages" INTEGER NOT NULL,
    "gross_weight" DECIMAL(12,3) NOT NULL,
    "volume" DECIMAL(12,4) NOT NULL,
    "remark" VARCHAR(500),
    "operator_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "goods_receipt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "notice_status_published_at_idx" ON "notice"("status", "published_at" DESC);

-- CreateIndex
CREATE INDEX "notice_read_user_id_idx" ON "notice_read"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "serial_sequence_code_key" ON "serial_sequence"("code");

-- CreateIndex
CREATE INDEX "goods_receipt_order_id_created_at_idx" ON "goods_receipt"("order_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "goods_receipt_created_at_idx" ON "goods_receipt"("created_at" DESC);

-- AddForeignKey
ALTER TABLE "notice_read" ADD CONSTRAINT "notice_read_notice_id_fkey" FOREIGN KEY ("notice_id") REFERENCES "notice"("id") ON DELETE CASCADE ON UPDATE CASCADE;
