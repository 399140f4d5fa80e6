-- CreateTable
CREATE TABLE "finance_record" (
    "id" SERIAL NOT NULL,
    "record_no" VARCHAR(40) NOT NULL,
    "kind" VARCHAR(10) NOT NULL,
    "status" VARCHAR(12) NOT NULL,
    "order_id" INTEGER,
    "customer_id" INTEGER,
    "type" VARCHAR(50) NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "currency" VARCHAR(20) NOT NULL,
    "rate" DECIMAL(12,6) NOT NULL,
    "book_amount" DECIMAL(14,2) NOT NULL,
    "counterparty" VARCHAR(200) NOT NULL,
    "method" VARCHAR(50) NOT NULL,
    "paid_on" DATE NOT NULL,
    "voucher_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "remark" VARCHAR(500),
    "refuse_reason" VARCHAR(500),
    "unlock_reason" VARCHAR(500),
    "submitted_at" TIMESTAMPTZ(3),
    "audited_by" INTEGER,
    "audited_at" TIMESTAMPTZ(3),
    "created_by" INTEGER NOT NULL,
    "ver" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "finance_record_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "finance_record_log" (
    "id" SERIAL NOT NULL,
    "record_id" INTEGER NOT NULL,
    "action" VARCHAR(20) NOT NULL,
    "from_status" VARCHAR(12),
    "to_status" VARCHAR(12),
    "reason" VARCHAR(500),
    "user_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "finance_record_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_charge" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "kind" VARCHAR(12) NOT NULL,
    "type" VARCHAR(50) NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "currency" VARCHAR(20) NOT NULL,
    "rate" DECIMAL(12,6) NOT NULL,
    "book_amount" DECIMAL(14,2) NOT NULL,
    "counterparty" VARCHAR(200),
    "charged_on" DATE NOT NULL,
    "remark" VARCHAR(500),
    "created_by" INTEGER NOT NULL,
    "ver" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "order_charge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_finance" (
    "order_id" INTEGER NOT NULL,
    "ship_type" VARCHAR(30) NOT NULL,
    "salesman_id" INTEGER NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "order_created_at" TIMESTAMPTZ(3) NOT NULL,
    "revenue" DECIMAL(16,2) NOT NULL DEFAULT 0,
    "payable" DECIMAL(16,2) NOT NULL DEFAULT 0,
    "expense" DECIMAL(16,2) NOT NULL DEFAULT 0,
    "received" DECIMAL(16,2) NOT NULL DEFAULT 0,
    "outstanding" DECIMAL(16,2) NOT NULL DEFAULT 0,
    "billed_on" DATE,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_finance_pkey" PRIMARY KEY ("order_id")
);

-- CreateTable
CREATE TABLE "commission_rule" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "ship_type" VARCHAR(30),
    "salesman_id" INTEGER,
    "customer_level" VARCHAR(20),
    "basis" VARCHAR(10) NOT NULL,
    "rate" DECIMAL(7,4) NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "ver" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "commission_rule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_commission" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "rule_id" INTEGER,
    "basis" VARCHAR(10) NOT NULL,
    "base" DECIMAL(16,2) NOT NULL,
    "rate" DECIMAL(7,4) NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "salesman_id" INTEGER NOT NULL,
    "paid_by" INTEGER NOT NULL,
    "paid_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reversed_by" INTEGER,
    "reversed_at" TIMESTAMPTZ(3),
    "reverse_reason" VARCHAR(500),

    CONSTRAINT "order_commission_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "finance_record_record_no_key" ON "finance_record"("record_no");

-- CreateIndex
CREATE INDEX "finance_record_kind_status_created_at_idx" ON "finance_record"("kind", "status", "created_at" DESC);

-- CreateIndex
CREATE INDEX "finance_record_created_by_kind_status_created_at_idx" ON "finance_record"("created_by", "kind", "status", "created_at" DESC);

-- CreateIndex
CREATE INDEX "finance_record_order_id_status_idx" ON "finance_record"("order_id", "status");

-- CreateIndex
CREATE INDEX "finance_record_customer_id_idx" ON "finance_record"("customer_id");

-- CreateIndex
CREATE INDEX "finance_record_log_record_id_id_idx" ON "finance_record_log"("record_id", "id");

-- CreateIndex
CREATE INDEX "order_charge_order_id_kind_idx" ON "order_charge"("order_id", "kind");

-- CreateIndex
CREATE INDEX "order_charge_charged_on_idx" ON "order_charge"("charged_on");

-- CreateIndex
CREATE INDEX "order_charge_currency_idx" ON "order_charge"("currency");

-- CreateIndex
CREATE INDEX "order_charge_type_idx" ON "order_charge"("type");

-- CreateIndex
CREATE INDEX "order_finance_order_created_at_idx" ON "order_finance"("order_created_at");

-- CreateIndex
CREATE INDEX "order_commission_order_id_idx" ON "order_commission"("order_id");

-- CreateIndex
CREATE INDEX "order_commission_paid_at_idx" ON "order_commission"("paid_at" DESC);

-- CreateIndex
CREATE INDEX "orders_created_at_idx" ON "orders"("created_at" DESC);

-- Hand-written (Prisma cannot express them; when a later `migrate dev` proposes to drop them, delete those lines).

-- Arrears (docs/finance.md): only orders with money outstanding, ordered by billing day, by salesman, by customer.
CREATE INDEX "order_finance_arrears_billed_idx" ON "order_finance"("billed_on", "order_id") INCLUDE ("outstanding", "salesman_id", "customer_id", "ship_type") WHERE "outstanding" > 0;
CREATE INDEX "order_finance_arrears_salesman_idx" ON "order_finance"("salesman_id", "billed_on") INCLUDE ("outstanding", "customer_id", "ship_type") WHERE "outstanding" > 0;
CREATE INDEX "order_finance_arrears_customer_idx" ON "order_finance"("customer_id", "billed_on") INCLUDE ("outstanding", "salesman_id", "ship_type") WHERE "outstanding" > 0;
-- Commissions due: fully paid orders with revenue.
CREATE INDEX "order_finance_paid_idx" ON "order_finance"("order_id") WHERE "outstanding" <= 0 AND "revenue" > 0;

-- One commission in force per order.
CREATE UNIQUE INDEX "order_commission_active_uq" ON "order_commission"("order_id") WHERE "reversed_at" IS NULL;

-- A locked finance record changes only by being unlocked (nothing else of it moves); a verified one is never deleted.
CREATE FUNCTION "finance_record_locked_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD."status" IN ('locked', 'unlocked') THEN
      RAISE EXCEPTION 'finance record % is verified and cannot be deleted', OLD."record_no";
    END IF;
    RETURN OLD;
  END IF;
  IF OLD."status" = 'locked' AND (
    NEW."status" <> 'unlocked' OR
    (NEW."record_no", NEW."kind", NEW."order_id", NEW."customer_id", NEW."type", NEW."amount", NEW."currency", NEW."rate", NEW."book_amount",
     NEW."counterparty", NEW."method", NEW."paid_on", NEW."voucher_ids", NEW."remark", NEW."created_by")
    IS DISTINCT FROM
    (OLD."record_no", OLD."kind", OLD."order_id", OLD."customer_id", OLD."type", OLD."amount", OLD."currency", OLD."rate", OLD."book_amount",
     OLD."counterparty", OLD."method", OLD."paid_on", OLD."voucher_ids", OLD."remark", OLD."created_by")
  ) THEN
    RAISE EXCEPTION 'finance record % is locked', OLD."record_no";
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "finance_record_locked_guard" BEFORE UPDATE OR DELETE ON "finance_record"
  FOR EACH ROW EXECUTE FUNCTION "finance_record_locked_guard"();
