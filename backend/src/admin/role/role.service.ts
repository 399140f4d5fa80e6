import { type PermissionEntry, PERMISSIONS } from '@forwarder/domain';
import { Injectable } from '@nestjs/common';
import { GrantsService } from '../../auth/grants.service.js';
import { AppError, FieldErrors } from '../../common/app-error.js';
import { t, type MessageKey } from '../../common/messages.js';
import { containing, skipTake, toPage, type Page, type PageQueryDto } from '../../common/pagination.js';
import { updateWithVer } from '../../common/ver.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import { RoutePushService } from '../menu/route-push.service.js';
import { markGranted, menuShapes, permissionShapes } from './grant-tree.js';
import type { AddRoleDto, GrantDto, GrantTrees, RoleDetail, RoleFormDto, RoleListDto, RoleRow, RoleUser, RoleView, UpdateRoleDto } from './role.dto.js';

/** The role every grant falls back on: it cannot be deleted. */
const ADMIN_ROLE = 'admin';

/** The permission areas' names in the grant dialog; the record type makes a new area fail to compile until named. */
const AREA_TITLES: Record<PermissionEntry['area'], MessageKey> = {
  topbar: 'permissionAreaTopbar',
  index: 'permissionAreaIndex',
  system: 'permissionAreaSystem',
  logs: 'permissionAreaLogs',
  files: 'permissionAreaFiles',
  customers: 'permissionAreaCustomers',
  ports: 'permissionAreaPorts',
  prices: 'permissionAreaPrices',
  questions: 'permissionAreaQuestions',
  orders: 'permissionAreaOrders',
  finance: 'permissionAreaFinance',
  wechat: 'permissionAreaWechat',
};

/** Staff who still count as holders of a role (soft-deleted accounts do not). */
const activeHolders = { user: { deletedAt: null } };

/**
 * Roles and what they grant: menus (what users see) and permission codes (what they may do). A change of
 * grants takes effect at once: the grants cache is cleared and online holders get their new route tree.
 */
@Injectable()
export class RoleService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly grants: GrantsService,
    private readonly routePush: RoutePushService,
  ) {}

  async list(query: RoleListDto): Promise<Page<RoleRow>> {
    const where = {
      ...(query.name ? { name: containing(query.name) } : {}),
      ...(query.code ? { code: containing(query.code) } : {}),
    };
    const [rows, total] = await Promise.all([
      this.prisma.db.role.findMany({
        where,
        include: { _count: { select: { users: { where: activeHolders } } } },
        orderBy: [{ sort: 'asc' }, { id: 'asc' }],
        ...skipTake(query),
      }),
      this.prisma.db.role.count({ where }),
    ]);
    return toPage(
      rows.map(({ _count, ...role }) => ({ ...role, userCount: _count.users })),
      total,
      query,
    );
  }

  async detail(id: number): Promise<RoleDetail> {
    const role = await this.prisma.db.role.findUnique({
      where: { id },
      include: { menus: { select: { menuId: true } }, permissions: { select: { permissionCode: true } } },
    });
    if (!role) throw AppError.notFound();
    const { menus, permissions, ...fields } = role;
    return { ...fields, menuIds: menus.map((m) => m.menuId), permissionCodes: permissions.map((p) => p.permissionCode) };
  }

  async add(form: AddRoleDto): Promise<RoleView> {
    if (await this.prisma.db.role.findUnique({ where: { code: form.code }, select: { id: true } })) {
      throw new FieldErrors({ code: [t('roleCodeExists', { code: form.code })] });
    }
    return this.prisma.db.role.create({ data: { code: form.code, ...this.fields(form) } });
  }

  update(form: UpdateRoleDto): Promise<RoleView> {
    return updateWithVer(this.prisma.db.role, form.id, form.ver, this.fields(form));
  }

  async remove(id: number): Promise<void> {
    const role = await this.prisma.db.role.findUnique({ where: { id }, select: { code: true } });
    if (!role) throw AppError.notFound();
    if (role.code === ADMIN_ROLE) throw AppError.badRequest('roleAdminUndeletable');
    const count = await this.prisma.db.userRole.count({ where: { roleId: id, ...activeHolders } });
    if (count) throw AppError.badRequest('roleHeldByStaff', { count });
    const holders = await this.holderIds(id);
    await this.prisma.db.role.delete({ where: { id } });
    await this.grantsChanged(holders);
  }

  /** The menu tree and the permission catalogue with what the role holds marked, for the grant dialog. */
  async grantTree(id: number): Promise<GrantTrees> {
    const role = await this.detail(id);
    const menus = await this.prisma.db.menu.findMany({
      select: { id: true, parentId: true, type: true, title: true, titleEn: true, permission: true, sort: true },
    });
    const areaTitle = (area: PermissionEntry['area']) => ({ title: t(AREA_TITLES[area], {}, 'zh'), titleEn: t(AREA_TITLES[area], {}, 'en') });
    return {
      roleId: role.id,
      ver: role.ver,
      menus: markGranted(menuShapes(menus), new Set(role.menuIds)),
      permissions: markGranted(permissionShapes(PERMISSIONS, areaTitle), new Set(role.permissionCodes)),
    };
  }

  /** Replaces the role's menus and permission codes together; unknown ids or codes refuse the whole grant. */
  async grant({ roleId, ver, ...grant }: GrantDto): Promise<void> {
    const menuIds = [...new Set(grant.menuIds)];
    const permissionCodes = [...new Set(grant.permissionCodes)];
    const [menus, permissions] = await Promise.all([
      this.prisma.db.menu.findMany({ where: { id: { in: menuIds } }, select: { id: true } }),
      this.prisma.db.permission.findMany({ where: { code: { in: permissionCodes } }, select: { code: true } }),
    ]);
    const unknownMenus = menuIds.filter((id) => !menus.some((menu) => menu.id === id));
    const unknownCodes = permissionCodes.filter((code) => !permissions.some((p) => p.code === code));
    const errors: Record<string, string[]> = {};
    if (unknownMenus.length) errors.menuIds = [t('grantMenusUnknown', { ids: unknownMenus.join(', ') })];
    if (unknownCodes.length) errors.permissionCodes = [t('grantPermissionsUnknown', { codes: unknownCodes.join(', ') })];
    if (Object.keys(errors).length) throw new FieldErrors(errors);

    await this.prisma.db.$transaction(async (tx) => {
      await updateWithVer(tx.role, roleId, ver, {});
      await tx.roleMenu.deleteMany({ where: { roleId } });
      await tx.roleMenu.createMany({ data: menuIds.map((menuId) => ({ roleId, menuId })) });
      await tx.rolePermission.deleteMany({ where: { roleId } });
      await tx.rolePermission.createMany({ data: permissionCodes.map((permissionCode) => ({ roleId, permissionCode })) });
    });
    await this.grantsChanged(await this.holderIds(roleId));
  }

  /** The staff holding the role, a page at a time. */
  async users(id: number, query: PageQueryDto): Promise<Page<RoleUser>> {
    if (!(await this.prisma.db.role.count({ where: { id } }))) throw AppError.notFound();
    const where = { deletedAt: null, roles: { some: { roleId: id } } };
    const [items, total] = await Promise.all([
      this.prisma.db.user.findMany({
        where,
        select: { id: true, account: true, fullName: true, jobNo: true, duty: true, enabled: true, org: { select: { id: true, name: true, nameEn: true } } },
        orderBy: { id: 'asc' },
        ...skipTake(query),
      }),
      this.prisma.db.user.count({ where }),
    ]);
    return toPage(items, total, query);
  }

  private fields(form: RoleFormDto) {
    return { name: form.name, nameEn: form.nameEn ?? null, remark: form.remark ?? null, sort: form.sort ?? 0 };
  }

  private async holderIds(roleId: number): Promise<number[]> {
    return (await this.prisma.db.userRole.findMany({ where: { roleId }, select: { userId: true } })).map((holder) => holder.userId);
  }

  /** Every cached grant may be stale (a holder need not be online to have a session); online holders get their new routes. */
  private async grantsChanged(holderIds: number[]): Promise<void> {
    this.grants.invalidate();
    await this.routePush.pushRoutesTo(holderIds);
  }
}
