import { Body, Controller, Get, Post } from '@nestjs/common';
import { CurrentUser, Perm, SignedIn, type Principal } from '../../common/access.decorators.js';
import { ResourceController } from '../../common/resource-routes.js';
import { MenuFormDto, MenuTreeQueryDto, UpdateMenuDto } from './menu.dto.js';
import { MenuService } from './menu.service.js';
import { RoutesService } from './routes.service.js';

@Controller('menu')
export class MenuController extends ResourceController(MenuService, {
  detail: { perm: ['menu:list', 'menu:modify'] },
  add: { perm: ['menu:add'], body: MenuFormDto },
  update: { perm: ['menu:modify'], body: UpdateMenuDto },
  remove: { perm: ['menu:delete'] },
}) {
  constructor(
    menus: MenuService,
    private readonly routes: RoutesService,
  ) {
    super(menus);
  }

  /** The caller's routes: what the sidebar shows and the router accepts. */
  @SignedIn()
  @Post('router')
  router(@CurrentUser() user: Principal) {
    return this.routes.routesFor(user.userId, user);
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
