import { Module } from '@nestjs/common';
import { MenuModule } from '../menu/menu.module.js';
import { OrgModule } from '../org/org.module.js';
import { StaffController } from './staff.controller.js';
import { StaffService } from './staff.service.js';

@Module({ imports: [OrgModule, MenuModule], controllers: [StaffController], providers: [StaffService], exports: [StaffService] })
export class StaffModule {}
