import { Injectable } from '@nestjs/common';
import { ClusterBus } from '../../cluster/cluster-bus.js';
import { ReadCache } from '../../common/read-cache.js';
import type { Menu } from '../../generated/prisma/client.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import { buildRouteTree, type RouteNode, type Viewer } from './menu-tree.js';

/** The route tree each user sees: the menus their roles were granted, filtered by the menus' guards. */
@Injectable()
export class RoutesService {
  /**
   * The menus that are pages or directories (no buttons), from which every user's route tree and the pages'
   * paths are made, asked for at every page load: from memory (5 s at most), forgotten by every process as
   * soon as one of them commits a write to the menus. Who may see which (the roles' grants) is read per call.
   */
  private readonly menus = new ReadCache<'pages', Menu[]>(5_000);

  constructor(
    private readonly prisma: PrismaService,
    bus: ClusterBus,
  ) {
    bus.forgetOnWrites(prisma, ['Menu'], 'menus', () => this.menus.clear());
  }

  async routesFor(userId: number, viewer: Viewer): Promise<RouteNode[]> {
    return (await this.routesForUsers(new Map([[userId, viewer]]))).get(userId) ?? [];
  }

  /**
   * Every page's path in the menu tree, whoever may see it: a signed-in user opening one that is not
   * theirs is told they may not (403) rather than that it does not exist (404).
   */
  async knownPaths(): Promise<string[]> {
    const paths = new Set((await this.pages()).filter((menu) => menu.path.startsWith('/')).map((menu) => menu.path));
    return [...paths].sort();
  }

  private pages(): Promise<Menu[]> {
    return this.menus.get('pages', () => this.prisma.db.menu.findMany({ where: { type: { not: 'button' } } }));
  }

  /** Trees of many users from one read of the menus and one of their roles' grants (pushes reach every online user). */
  async routesForUsers(viewers: ReadonlyMap<number, Viewer>): Promise<Map<number, RouteNode[]>> {
    const trees = new Map<number, RouteNode[]>();
    if (!viewers.size) return trees;
    const menus = await this.pages();
    const limited = [...viewers].filter(([, viewer]) => !viewer.isSuperAdmin).map(([userId]) => userId);
    const holdings = limited.length
      ? await this.prisma.db.userRole.findMany({
          where: { userId: { in: limited } },
          select: { userId: true, role: { select: { menus: { select: { menuId: true } } } } },
        })
      : [];
    const granted = new Map<number, Set<number>>(limited.map((userId) => [userId, new Set()]));
    for (const { userId, role } of holdings) for (const { menuId } of role.menus) granted.get(userId)!.add(menuId);
    for (const [userId, viewer] of viewers) trees.set(userId, buildRouteTree(menus, viewer, granted.get(userId)));
    return trees;
  }
}
