-- CreateTable
CREATE TABLE "customer" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(30) NOT NULL,
    "company_name" VARCHAR(200) NOT NULL,
    "contact_name" VARCHAR(50) NOT NULL,
    "phone" VARCHAR(30),
    "mobile" VARCHAR(30),
    "email" VARCHAR(100),
    "address" VARCHAR(300),
    "country" VARCHAR(60),
    "source" VARCHAR(50),
    "level" VARCHAR(20),
    "salesman_id" INTEGER,
    "review_status" VARCHAR(20) NOT NULL DEFAULT 'pending',
    "reviewer_id" INTEGER,
    "reviewed_at" TIMESTAMPTZ(3),
    "review_remark" VARCHAR(500),
    "protected_until" TIMESTAMPTZ(3),
    "last_order_at" TIMESTAMPTZ(3),
    "public_since" TIMESTAMPTZ(3),
    "accept_email" BOOLEAN NOT NULL DEFAULT true,
    "remark" VARCHAR(1000),
    "created_by" INTEGER NOT NULL,
    "ver" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "customer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "customer_wechat" (
    "id" SERIAL NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "open_id" VARCHAR(100) NOT NULL,
    "nickname" VARCHAR(100),
    "avatar_url" VARCHAR(500),
    "bound_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3),

    CONSTRAINT "customer_wechat_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "customer_bind_code" (
    "code" VARCHAR(64) NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "created_by" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "used_by" VARCHAR(100),

    CONSTRAINT "customer_bind_code_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "port" (
    "id" SERIAL NOT NULL,
    "ship_type" VARCHAR(30) NOT NULL,
    "kind" VARCHAR(10) NOT NULL,
    "code" VARCHAR(10) NOT NULL,
    "name_zh" VARCHAR(100) NOT NULL,
    "name_en" VARCHAR(100) NOT NULL,
    "country" VARCHAR(60) NOT NULL,
    "city" VARCHAR(60),
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "ver" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "port_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "price" (
    "id" SERIAL NOT NULL,
    "ship_type" VARCHAR(30) NOT NULL,
    "kind" VARCHAR(10) NOT NULL,
    "origin_port_id" INTEGER NOT NULL,
    "destination_port_id" INTEGER NOT NULL,
    "channel" VARCHAR(100) NOT NULL,
    "unit" VARCHAR(10) NOT NULL,
    "currency" VARCHAR(10) NOT NULL,
    "min_charge" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "valid_from" DATE NOT NULL,
    "valid_to" DATE NOT NULL,
    "remark" VARCHAR(500),
    "created_by" INTEGER NOT NULL,
    "ver" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "price_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "price_break" (
    "id" SERIAL NOT NULL,
    "price_id" INTEGER NOT NULL,
    "min_quantity" DECIMAL(14,3) NOT NULL,
    "unit_price" DECIMAL(14,4) NOT NULL,

    CONSTRAINT "price_break_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "question" (
    "id" SERIAL NOT NULL,
    "title" VARCHAR(200) NOT NULL,
    "content" TEXT NOT NULL,
    "image_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "author_id" INTEGER NOT NULL,
    "answer_count" INTEGER NOT NULL DEFAULT 0,
    "last_answer_at" TIMESTAMPTZ(3),
    "ver" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "question_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "question_answer" (
    "id" SERIAL NOT NULL,
    "question_id" INTEGER NOT NULL,
    "content" TEXT NOT NULL,
    "image_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "author_id" INTEGER NOT NULL,
    "ver" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "question_answer_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "customer_code_key" ON "customer"("code");

-- CreateIndex
CREATE INDEX "customer_salesman_id_review_status_idx" ON "customer"("salesman_id", "review_status");

-- CreateIndex
CREATE INDEX "customer_review_status_created_at_idx" ON "customer"("review_status", "created_at" DESC);

-- CreateIndex
CREATE INDEX "customer_last_order_at_idx" ON "customer"("last_order_at");

-- CreateIndex
CREATE INDEX "customer_company_name_idx" ON "customer"("company_name");

-- CreateIndex
CREATE UNIQUE INDEX "customer_wechat_open_id_key" ON "customer_wechat"("open_id");

-- CreateIndex
CREATE INDEX "customer_wechat_customer_id_idx" ON "customer_wechat"("customer_id");

-- CreateIndex
CREATE INDEX "customer_bind_code_customer_id_idx" ON "customer_bind_code"("customer_id");

-- CreateIndex
CREATE UNIQUE INDEX "port_ship_type_kind_code_key" ON "port"("ship_type", "kind", "code");

-- CreateIndex
CREATE INDEX "price_ship_type_kind_origin_port_id_destination_port_id_val_idx" ON "price"("ship_type", "kind", "origin_port_id", "destination_port_id", "valid_from");

-- CreateIndex
CREATE UNIQUE INDEX "price_break_price_id_min_quantity_key" ON "price_break"("price_id", "min_quantity");

-- CreateIndex
CREATE INDEX "question_answer_count_created_at_idx" ON "question"("answer_count", "created_at" DESC);

-- CreateIndex
CREATE INDEX "question_created_at_idx" ON "question"("created_at" DESC);

-- CreateIndex
CREATE INDEX "question_answer_question_id_created_at_idx" ON "question_answer"("question_id", "created_at");

-- AddForeignKey
ALTER TABLE "customer_wechat" ADD CONSTRAINT "customer_wechat_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "customer_bind_code" ADD CONSTRAINT "customer_bind_code_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_break" ADD CONSTRAINT "price_break_price_id_fkey" FOREIGN KEY ("price_id") REFERENCES "price"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "question_answer" ADD CONSTRAINT "question_answer_question_id_fkey" FOREIGN KEY ("question_id") REFERENCES "question"("id") ON DELETE CASCADE ON UPDATE CASCADE;
