-- The 已登记 (registered) screen of each line: orders entered and not yet in the warehouse.
-- A fresh install gets it from the seed; an existing one here, beside the line's All screen and granted
-- to every role that has that screen (npm run db:seed then puts it in its seeded place).
INSERT INTO "menu" ("parent_id", "type", "path", "name", "component", "title", "title_en", "sort", "updated_at")
SELECT "parent_id", 'menu', replace("path", '/all', '/created'), replace("name", 'All', 'Created'), 'order/stage', '已登记', 'Registered', 15, now()
FROM "menu"
WHERE "name" IN ('SmallbagAll', 'DedicatedlineAll', 'AirtransportAll')
ON CONFLICT ("name") DO NOTHING;

INSERT INTO "role_menu" ("role_id", "menu_id")
SELECT "rm"."role_id", "created"."id"
FROM "role_menu" "rm"
JOIN "menu" "all" ON "all"."id" = "rm"."menu_id" AND "all"."name" IN ('SmallbagAll', 'DedicatedlineAll', 'AirtransportAll')
JOIN "menu" "created" ON "created"."name" = replace("all"."name", 'All', 'Created')
ON CONFLICT DO NOTHING;
