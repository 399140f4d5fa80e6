import { Controller, Post } from '@nestjs/common';
import { CurrentUser, SignedIn, type Principal } from '../../common/access.decorators.js';
import { MenuService } from './menu.service.js';

@Controller('menu')
export class MenuController {
  constructor(private readonly menus: MenuService) {}

  /** The caller's routes: what the sidebar shows and the router accepts. */
  @SignedIn()
  @Post('router')
  router(@CurrentUser() user: Principal) {
    return this.menus.routesFor(user.userId, user);
  }
}
