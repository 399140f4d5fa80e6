import type { Prisma } from '../../generated/prisma/client.js';

/**
 * Who a notice addresses: everyone (`all`), the holders of one of its roles (`roles`), or the staff it
 * names (`users`). As a filter: the published notices addressed to a user holding `roleIds`.
 */
export function addressedTo(userId: number, roleIds: number[]): Prisma.NoticeWhereInput {
  return {
    status: 'published',
    OR: [{ audience: 'all' }, { audience: 'users', audienceUserIds: { has: userId } }, { audience: 'roles', audienceRoleIds: { hasSome: roleIds } }],
  };
}
