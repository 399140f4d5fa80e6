import { Module } from '@nestjs/common';
import { MenuController } from './menu.controller.js';
import { MenuService } from './menu.service.js';
import { RoutePushService } from './route-push.service.js';
import { RoutesService } from './routes.service.js';

/** Menus, the route trees built from them, and pushing a changed tree to online users (RoutePushService). */
@Module({
  controllers: [MenuController],
  providers: [MenuService, RoutesService, RoutePushService],
  exports: [RoutesService, RoutePushService],
})
export class MenuModule {}
