-- The task inbox (/tasks) on an existing install: the menu after the workbench, given to every role that
-- has the workbench; its permission (order:work) decides who sees it. A fresh install gets it from the seed.
INSERT INTO "menu" ("parent_id", "type", "path", "name", "component", "title", "title_en", "icon", "sort", "permission", "updated_at")
SELECT NULL, 'menu', '/tasks', 'MyTasks', 'tasks', '我的任务', 'My tasks', 'CheckSquareOutlined', 15, 'order:work', now()
WHERE EXISTS (SELECT 1 FROM "menu" WHERE "name" = 'Index')
ON CONFLICT ("name") DO NOTHING;

INSERT INTO "role_menu" ("role_id", "menu_id")
SELECT "rm"."role_id", "tasks"."id"
FROM "role_menu" "rm"
JOIN "menu" "home" ON "home"."id" = "rm"."menu_id" AND "home"."name" = 'Index'
JOIN "menu" "tasks" ON "tasks"."name" = 'MyTasks'
ON CONFLICT DO NOTHING;
