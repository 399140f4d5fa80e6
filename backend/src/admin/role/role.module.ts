import { Module } from '@nestjs/common';
import { MenuModule } from '../menu/menu.module.js';
import { RoleController } from './role.controller.js';
import { RoleService } from './role.service.js';

@Module({ imports: [MenuModule], controllers: [RoleController], providers: [RoleService] })
export class RoleModule {}
