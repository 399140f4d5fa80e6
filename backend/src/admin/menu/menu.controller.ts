import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { IdParam } from '../../common/params.js';
import { CurrentUser, Perm, SignedIn, type Principal } from '../../common/access.decorators.js';
import { MenuFormDto, MenuTreeQueryDto, UpdateMenuDto } from './menu.dto.js';
import { MenuService } from './menu.service.js';
import { RoutesService } from './routes.service.js';

@Controller('menu')
export class MenuController {
  constructor(
    private readonly menus: MenuService,
    private readonly routes: RoutesService,
  ) {}

  /** The caller's routes: what the sidebar shows and the router accepts. */
  @SignedIn()
  @Post('router')
  router(@CurrentUser() user: Principal) {
    return this.routes.routesFor(user.userId, user);
  }

  /** The whole tree for the menu screen, buttons included; `title` narrows it to matching nodes. */
  @Perm('menu:list')
  @Post('treeData')
  tree(@Body() query: MenuTreeQueryDto) {
    return this.menus.tree(query);
  }

  @Perm('menu:list', 'menu:modify')
  @Get('detail/:id')
  detail(@IdParam() id: number) {
    return this.menus.detail(id);
  }

  /** The parent choices of the menu form. */
  @Perm('menu:list', 'menu:add', 'menu:modify')
  @Get('first/list')
  firstLevel() {
    return this.menus.firstLevel();
  }

  @Perm('menu:add')
  @Put('add')
  add(@Body() form: MenuFormDto) {
    return this.menus.add(form);
  }

  @Perm('menu:modify')
  @Post('update')
  update(@Body() form: UpdateMenuDto) {
    return this.menus.update(form);
  }

  @Perm('menu:delete')
  @Delete('delete/:id')
  remove(@IdParam() id: number) {
    return this.menus.remove(id);
  }
}
