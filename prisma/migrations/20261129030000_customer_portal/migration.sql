-- The customer portal (issue 35, docs/portal.md): portal accounts bound with a binding code, their sessions
-- (kept by the SHA-256 of the token's sid, as staff sessions are), and pre-alerts: orders a customer announced.
CREATE TABLE "portal_account" (
    "id" SERIAL NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "wechat_id" INTEGER NOT NULL,
    "name" VARCHAR(50) NOT NULL,
    "account" VARCHAR(100) NOT NULL,
    "password_hash" VARCHAR(100) NOT NULL,
    "lang" VARCHAR(5) NOT NULL DEFAULT 'zh',
    "permission_codes" TEXT[] DEFAULT ARRAY['wechat:orderAdd', 'wechat:orderList', 'wechat:track']::TEXT[],
    "last_seen_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "portal_account_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "portal_account_wechat_id_key" ON "portal_account"("wechat_id");
CREATE UNIQUE INDEX "portal_account_account_key" ON "portal_account"("account");
CREATE INDEX "portal_account_customer_id_idx" ON "portal_account"("customer_id");
ALTER TABLE "portal_account" ADD CONSTRAINT "portal_account_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "portal_account" ADD CONSTRAINT "portal_account_wechat_id_fkey" FOREIGN KEY ("wechat_id") REFERENCES "customer_wechat"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "portal_session" (
    "id" VARCHAR(64) NOT NULL,
    "account_id" INTEGER NOT NULL,
    "ip" VARCHAR(64),
    "user_agent" VARCHAR(300),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),
    "end_reason" VARCHAR(30),
    CONSTRAINT "portal_session_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "portal_session_account_id_ended_at_idx" ON "portal_session"("account_id", "ended_at");
ALTER TABLE "portal_session" ADD CONSTRAINT "portal_session_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "portal_account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "orders" ADD COLUMN "from_portal" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "orders" ADD COLUMN "portal_checked_at" TIMESTAMPTZ(3);
-- the workbench's "pre-alerts waiting" count, per salesman
CREATE INDEX "orders_portal_waiting_idx" ON "orders" ("salesman_id") WHERE "from_portal" AND "portal_checked_at" IS NULL;
