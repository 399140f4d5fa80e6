import { Injectable } from '@nestjs/common';
import { ClusterBus } from '../cluster/cluster-bus.js';
import type { Principal } from '../common/access.decorators.js';
import { ReadCache } from '../common/read-cache.js';
import { PrismaService } from '../prisma/prisma.service.js';

export type Grants = Omit<Principal, 'sessionId'> & { enabled: boolean };

const CACHE_MS = 5_000;

/**
 * What a user is and may do: roles and permission codes through their roles. Cached briefly because
 * every request asks; administration calls `invalidate` when grants change, which every process of the
 * installation hears (ClusterBus).
 */
@Injectable()
export class GrantsService {
  /** Per user the grants being read or read in the last CACHE_MS: concurrent calls share one read. */
  private readonly cache = new ReadCache<number, Grants | null>(CACHE_MS, 10_000);

  constructor(
    private readonly prisma: PrismaService,
    private readonly bus: ClusterBus,
  ) {
    bus.on('grants', ({ userId }) => (userId === undefined ? this.cache.clear() : this.cache.forget(userId)));
  }

  forUser(userId: number): Promise<Grants | null> {
    return this.cache.get(userId, () => this.read(userId));
  }

  private async read(userId: number): Promise<Grants | null> {
    const user = await this.prisma.db.user.findFirst({
      where: { id: userId, deletedAt: null },
      select: {
        id: true,
        account: true,
        fullName: true,
        isSuperAdmin: true,
        enabled: true,
        mustChangePassword: true,
        roles: { select: { role: { select: { code: true, permissions: { select: { permissionCode: true } } } } } },
      },
    });
    return (
      user && {
        userId: user.id,
        account: user.account,
        fullName: user.fullName,
        isSuperAdmin: user.isSuperAdmin,
        enabled: user.enabled,
        mustChangePassword: user.mustChangePassword,
        roleCodes: user.roles.map((r) => r.role.code),
        permissionCodes: [...new Set(user.roles.flatMap((r) => r.role.permissions.map((p) => p.permissionCode)))],
      }
    );
  }

  /** Forgets the grants of one user, or of everyone, in every process. */
  invalidate(userId?: number) {
    void this.bus.broadcast('grants', userId === undefined ? {} : { userId });
  }
}
