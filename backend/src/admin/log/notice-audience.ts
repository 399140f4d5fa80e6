import { Prisma } from '../../generated/prisma/client.js';

/**
 * Whether the user row `user` (app_user) is in the audience of the notice row `notice`: everyone, holders
 * of one of its roles, or the users it names (the rule of admin/notice/notice-audience.ts, seen from the
 * notice's side to count its audience). Disabled and deleted staff are nobody's audience.
 */
export function inNoticeAudience(notice: Prisma.Sql, user: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(${user}.enabled and ${user}.deleted_at is null and (
    ${notice}.audience = 'all'
    or (${notice}.audience = 'roles' and exists (
      select 1 from user_role ur where ur.user_id = ${user}.id and ur.role_id = any(${notice}.audience_role_ids)))
    or (${notice}.audience = 'users' and ${user}.id = any(${notice}.audience_user_ids))))`;
}
