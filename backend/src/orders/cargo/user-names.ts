import type { PrismaService } from '../../prisma/prisma.service.js';

/** The full names of the users `ids` (one query for a whole page), by id. */
export async function userNames(prisma: PrismaService, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const users = await prisma.db.user.findMany({ where: { id: { in: wanted } }, select: { id: true, fullName: true } });
  return new Map(users.map((u) => [u.id, u.fullName]));
}
