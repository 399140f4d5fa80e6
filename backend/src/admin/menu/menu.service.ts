import { PARENT_MENU_TYPES } from '@forwarder/domain';
import { Injectable } from '@nestjs/common';
import { AppError, FieldErrors } from '../../common/app-error.js';
import { t } from '../../common/messages.js';
import { updateWithVer } from '../../common/ver.js';
import type { Menu } from '../../generated/prisma/client.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import type { MenuFormDto, MenuTreeQueryDto, UpdateMenuDto } from './menu.dto.js';
import { buildMenuTree, wouldCycle, type MenuTreeNode } from './menu-tree.js';
import { RoutePushService } from './route-push.service.js';

/** The menu rows as the form sets them; a field the form left out goes back to its default. */
function toMenuData(form: MenuFormDto) {
  return {
    type: form.type,
    parentId: form.parentId ?? null,
    path: form.path ?? '',
    name: form.name ?? null,
    component: form.component ?? null,
    redirect: form.redirect ?? null,
    title: form.title,
    titleEn: form.titleEn ?? null,
    icon: form.icon ?? null,
    sort: form.sort ?? 0,
    hidden: form.hidden ?? false,
    levelHidden: form.levelHidden ?? false,
    breadcrumbHidden: form.breadcrumbHidden ?? false,
    noClosable: form.noClosable ?? false,
    noKeepAlive: form.noKeepAlive ?? false,
    badge: form.badge ?? null,
    dot: form.dot ?? false,
    target: form.target ?? null,
    activeMenu: form.activeMenu ?? null,
    permission: form.permission ?? null,
    roleGuard: [...new Set(form.roleGuard ?? [])],
  };
}

/**
 * Menu maintenance: the tree of directories, menus and buttons the route trees are built from. Every
 * change is pushed to the online users, whose trees it may alter.
 */
@Injectable()
export class MenuService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly routePush: RoutePushService,
  ) {}

  async tree(query: MenuTreeQueryDto): Promise<MenuTreeNode[]> {
    const menus = await this.prisma.db.menu.findMany();
    const word = query.title?.trim().toLowerCase();
    if (!word) return buildMenuTree(menus);
    return buildMenuTree(menus, (menu) => menu.title.toLowerCase().includes(word) || !!menu.titleEn?.toLowerCase().includes(word));
  }

  async detail(id: number): Promise<Menu> {
    const menu = await this.prisma.db.menu.findUnique({ where: { id } });
    if (!menu) throw AppError.notFound();
    return menu;
  }

  /** The top-level directories and menus: the choices of the parent select. */
  firstLevel() {
    return this.prisma.db.menu.findMany({
      where: { parentId: null, type: { in: [...PARENT_MENU_TYPES] } },
      select: { id: true, type: true, name: true, path: true, title: true, titleEn: true },
      orderBy: [{ sort: 'asc' }, { id: 'asc' }],
    });
  }

  async add(form: MenuFormDto): Promise<Menu> {
    const data = toMenuData(form);
    await this.check(data);
    const menu = await this.prisma.db.menu.create({ data });
    await this.routePush.pushRoutesToOnline();
    return menu;
  }

  async update(form: UpdateMenuDto): Promise<Menu> {
    const data = toMenuData(form);
    await this.check(data, form.id);
    const menu = await updateWithVer(this.prisma.db.menu, form.id, form.ver, data);
    await this.routePush.pushRoutesToOnline();
    return menu;
  }

  async remove(id: number): Promise<void> {
    await this.detail(id);
    if (await this.prisma.db.menu.count({ where: { parentId: id } })) throw AppError.badRequest('menuHasChildren');
    await this.prisma.db.menu.delete({ where: { id } });
    await this.routePush.pushRoutesToOnline();
  }

  /** The rules that need the database: the parent, the unique name, the guarded roles, a button's children. */
  private async check(data: ReturnType<typeof toMenuData>, id?: number): Promise<void> {
    const errors: Record<string, string[]> = {};
    if (data.parentId !== null) {
      const parent = await this.prisma.db.menu.findUnique({ where: { id: data.parentId }, select: { type: true } });
      if (!parent) errors.parentId = [t('menuParentNotFound')];
      else if (parent.type === 'button') errors.parentId = [t('menuParentIsButton')];
      else if (id !== undefined && wouldCycle(await this.prisma.db.menu.findMany({ select: { id: true, parentId: true } }), id, data.parentId)) {
        errors.parentId = [t('menuMoveCycle')];
      }
    }
    if (data.name !== null) {
      const named = await this.prisma.db.menu.findUnique({ where: { name: data.name }, select: { id: true } });
      if (named && named.id !== id) errors.name = [t('menuNameExists', { name: data.name })];
    }
    if (data.roleGuard.length) {
      const roles = await this.prisma.db.role.findMany({ where: { code: { in: data.roleGuard } }, select: { code: true } });
      const unknown = data.roleGuard.filter((code) => !roles.some((role) => role.code === code));
      if (unknown.length) errors.roleGuard = [t('menuRoleGuardUnknown', { codes: unknown.join(', ') })];
    }
    if (id !== undefined && data.type === 'button' && (await this.prisma.db.menu.count({ where: { parentId: id } }))) {
      errors.type = [t('menuButtonWithChildren')];
    }
    if (Object.keys(errors).length) throw new FieldErrors(errors);
  }
}
