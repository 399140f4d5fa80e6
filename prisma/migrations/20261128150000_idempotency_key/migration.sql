-- Idempotent creates (issue 30): a retried create under the same Idempotency-Key is answered again instead
-- of creating a second record. One row per (user, key), written in the same transaction as the create.
CREATE TABLE "idempotency_key" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "key" VARCHAR(255) NOT NULL,
    "fingerprint" VARCHAR(64) NOT NULL,
    "status" VARCHAR(12) NOT NULL,
    "token" UUID NOT NULL,
    "answer_status" INTEGER,
    "answer" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_key_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "idempotency_key_user_id_key_key" ON "idempotency_key"("user_id", "key");

CREATE INDEX "idempotency_key_created_at_idx" ON "idempotency_key"("created_at");
