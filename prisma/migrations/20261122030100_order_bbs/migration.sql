-- CreateTable
CREATE TABLE "order_bbs" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "detail" TEXT NOT NULL,
    "photo_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "processed_user_id" INTEGER NOT NULL,
    "create_user_id" INTEGER NOT NULL,
    "ver" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "order_bbs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_bbs_reply" (
    "id" SERIAL NOT NULL,
    "order_bbs_id" INTEGER NOT NULL,
    "detail" TEXT NOT NULL,
    "photo_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "create_user_id" INTEGER NOT NULL,
    "ver" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "order_bbs_reply_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_bbs_change" (
    "user_id" INTEGER NOT NULL,
    "user_ids" INTEGER[],
    "changed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_bbs_change_pkey" PRIMARY KEY ("user_id")
);

-- CreateIndex
CREATE INDEX "order_bbs_order_id_status_created_at_idx" ON "order_bbs"("order_id", "status", "created_at" DESC);

-- CreateIndex
CREATE INDEX "order_bbs_processed_user_id_status_idx" ON "order_bbs"("processed_user_id", "status");

-- CreateIndex
CREATE INDEX "order_bbs_create_user_id_status_idx" ON "order_bbs"("create_user_id", "status");

-- CreateIndex
CREATE INDEX "order_bbs_reply_order_bbs_id_created_at_idx" ON "order_bbs_reply"("order_bbs_id", "created_at");

-- AddForeignKey
ALTER TABLE "order_bbs" ADD CONSTRAINT "order_bbs_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_bbs_reply" ADD CONSTRAINT "order_bbs_reply_order_bbs_id_fkey" FOREIGN KEY ("order_bbs_id") REFERENCES "order_bbs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
