-- A user's own arrangement of a screen (issue 31): a list's columns, density and saved filters, one JSON
-- value per (user, name), kept on the server so that it follows the user to another browser.
CREATE TABLE "user_preference" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_preference_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "user_preference_user_id_name_key" ON "user_preference"("user_id", "name");
