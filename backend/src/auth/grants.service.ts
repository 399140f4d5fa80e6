import { Injectable } from '@nestjs/common';
import { ClusterBus } from '../cluster/cluster-bus.js';
import type { Principal } from '../common/access.decorators.js';
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
  private readonly cache = new Map<number, { at: number; grants: Promise<Grants | null> }>();

  constructor(
    private readonly prisma: PrismaService,
    private readonly bus: ClusterBus,
  ) {
    bus.on('grants', ({ userId }) => (userId === undefined ? this.cache.clear() : this.cache.delete(userId)));
  }

  forUser(userId: number): Promise<Grants | null> {
    const hit = this.cache.get(userId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.grants;
    const grants = this.read(userId);
    const entry = { at: Date.now(), grants };
    this.cache.set(userId, entry);
    // a failed read is not kept
    grants.catch(() => this.cache.get(userId) === entry && this.cache.delete(userId));
    return grants;
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
