import { Injectable } from '@nestjs/common';
import type { Principal } from '../common/access.decorators.js';
import { PrismaService } from '../prisma/prisma.service.js';

export type Grants = Omit<Principal, 'sessionId'> & { enabled: boolean };

const CACHE_MS = 5_000;

/**
 * What a user is and may do: roles and permission codes through their roles. Cached briefly because
 * every request asks; administration calls `invalidate` when grants change.
 */
@Injectable()
export class GrantsService {
  private readonly cache = new Map<number, { at: number; grants: Grants | null }>();

  constructor(private readonly prisma: PrismaService) {}

  async forUser(userId: number): Promise<Grants | null> {
    const hit = this.cache.get(userId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.grants;
    const user = await this.prisma.db.user.findFirst({
      where: { id: userId, deletedAt: null },
      select: {
        id: true,
        account: true,
        fullName: true,
        isSuperAdmin: true,
        enabled: true,
        roles: { select: { role: { select: { code: true, permissions: { select: { permissionCode: true } } } } } },
      },
    });
    const grants: Grants | null = user && {
      userId: user.id,
      account: user.account,
      fullName: user.fullName,
      isSuperAdmin: user.isSuperAdmin,
      enabled: user.enabled,
      roleCodes: user.roles.map((r) => r.role.code),
      permissionCodes: [...new Set(user.roles.flatMap((r) => r.role.permissions.map((p) => p.permissionCode)))],
    };
    this.cache.set(userId, { at: Date.now(), grants });
    return grants;
  }

  invalidate(userId?: number) {
    if (userId === undefined) this.cache.clear();
    else this.cache.delete(userId);
  }
}
