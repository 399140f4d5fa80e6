import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../prisma/prisma.service.js';
import { buildRouteTree, type RouteNode, type Viewer } from './menu-tree.js';

@Injectable()
export class MenuService {
  constructor(private readonly prisma: PrismaService) {}

  /** The route tree of one user: the menus their roles were granted, filtered by their guards. */
  async routesFor(userId: number, viewer: Viewer): Promise<RouteNode[]> {
    const menus = await this.prisma.db.menu.findMany({ where: { type: { not: 'button' } } });
    if (viewer.isSuperAdmin) return buildRouteTree(menus, viewer);
    const grants = await this.prisma.db.roleMenu.findMany({
      where: { role: { users: { some: { userId } } } },
      select: { menuId: true },
    });
    return buildRouteTree(menus, viewer, new Set(grants.map((g) => g.menuId)));
  }
}
