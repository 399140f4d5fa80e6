-- Milestone e-mails to customers (docs/notifications.md): the outbox, one mail per order and stage (the
-- unique key makes a repeated or racing stage move queue it once), and on an existing install the outbox
-- screen (/log/mail, 邮件发件箱) with its permission log:mail, given to every role that has the notice log.
-- A fresh install gets the permission and the menu from the seed.
CREATE TABLE "mail_outbox" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "stage" VARCHAR(30) NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "recipient" VARCHAR(100) NOT NULL,
    "language" VARCHAR(2) NOT NULL,
    "sender" VARCHAR(200) NOT NULL,
    "subject" VARCHAR(300) NOT NULL,
    "body" TEXT NOT NULL,
    "status" VARCHAR(10) NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" VARCHAR(1000),
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mail_outbox_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "mail_outbox_order_id_stage_key" ON "mail_outbox"("order_id", "stage");
CREATE INDEX "mail_outbox_status_next_attempt_at_idx" ON "mail_outbox"("status", "next_attempt_at");
CREATE INDEX "mail_outbox_created_at_idx" ON "mail_outbox"("created_at" DESC);

ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "permission" ("code", "name", "name_en", "area", "sort")
SELECT 'log:mail', '邮件发件箱', 'Mail outbox', 'logs', "sort" + 1 FROM "permission" WHERE "code" = 'log:notice'
ON CONFLICT ("code") DO NOTHING;

INSERT INTO "role_permission" ("role_id", "permission_code")
SELECT "role_id", 'log:mail' FROM "role_permission" WHERE "permission_code" = 'log:notice'
ON CONFLICT DO NOTHING;

INSERT INTO "menu" ("parent_id", "type", "path", "name", "component", "title", "title_en", "sort", "permission", "updated_at")
SELECT "parent_id", 'menu', '/log/mail', 'LogMail', 'log/mail', '邮件发件箱', 'Mail outbox', "sort" + 1, 'log:mail', now()
FROM "menu" WHERE "name" = 'LogNotice'
ON CONFLICT ("name") DO NOTHING;

INSERT INTO "role_menu" ("role_id", "menu_id")
SELECT "rm"."role_id", "mail"."id"
FROM "role_menu" "rm"
JOIN "menu" "notice" ON "notice"."id" = "rm"."menu_id" AND "notice"."name" = 'LogNotice'
JOIN "menu" "mail" ON "mail"."name" = 'LogMail'
ON CONFLICT DO NOTHING;
