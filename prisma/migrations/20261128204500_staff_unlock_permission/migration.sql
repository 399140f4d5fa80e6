-- 解除锁定 (staff:unlock) on an existing install: an administrator lifts a colleague's sign-in lock without
-- choosing a new password. The catalogue row after staff:resetPwd (staff:online moves one place down), given
-- to every role that may reset passwords. A fresh install gets it from the seed (packages/domain permissions).
UPDATE "permission" SET "sort" = 2033 WHERE "code" = 'staff:online';

INSERT INTO "permission" ("code", "name", "name_en", "area", "sort")
VALUES ('staff:unlock', '解除登录锁定', 'Clear sign-in locks', 'system', 2032)
ON CONFLICT ("code") DO NOTHING;

INSERT INTO "role_permission" ("role_id", "permission_code")
SELECT "role_id", 'staff:unlock' FROM "role_permission" WHERE "permission_code" = 'staff:resetPwd'
ON CONFLICT DO NOTHING;
