import { Body, Controller, Get, Post } from '@nestjs/common';
import { BeforePasswordChange, CurrentUser, Perm, SignedIn, type Principal } from '../../common/access.decorators.js';
import { ResourceController } from '../../common/resource-routes.js';
import { MenuFormDto, MenuTreeQueryDto, UpdateMenuDto } from './menu.dto.js';
import type { RouteNode } from './menu-tree.js';
import { MenuService } from './menu.service.js';
import { RoutesService } from './routes.service.js';

/** The menu tree (菜单管理): directories, pages and buttons with their permission codes, and the caller's routes. */
@Controller('menu')
export class MenuController extends ResourceController(MenuService, {
  detail: { perm: ['menu:list', 'menu:modify'], summary: 'A menu, page or button of the menu tree.' },
  add: { perm: ['menu:add'], body: MenuFormDto, summary: 'Adds a menu, page or button to the menu tree.' },
  update: { perm: ['menu:modify'], body: UpdateMenuDto, summary: 'Edits a menu, page or button.' },
  remove: { perm: ['menu:delete'], summary: 'Deletes a menu, page or button without children.' },
}) {
  constructor(
    menus: MenuService,
    private readonly routes: RoutesService,
  ) {
    super(menus);
  }

  /**
   * The caller's routes: what the sidebar shows and the router accepts; none while a password someone else set
   * waits to be changed (the client asks for them beside the user info, before it knows).
   */
  @SignedIn()
  @BeforePasswordChange()
  @Post('router')
  async router(@CurrentUser() user: Principal): Promise<RouteNode[]> {
    return user.mustChangePassword ? [] : this.routes.routesFor(user.userId, user);
  }

  /** Every page's path of the menu tree (the client's 403 for a page that exists but is not the caller's). */
  @SignedIn()
  @Get('paths')
  paths() {
    return this.routes.knownPaths();
  }

  /** The whole tree for the menu screen, buttons included; `title` narrows it to matching nodes. */
  @Perm('menu:list')
  @Post('treeData')
  tree(@Body() query: MenuTreeQueryDto) {
    return this.service.tree(query);
  }

  /** The parent choices of the menu form. */
  @Perm('menu:list', 'menu:add', 'menu:modify')
  @Get('first/list')
  firstLevel() {
    return this.service.firstLevel();
  }
}
