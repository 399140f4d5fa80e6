import { Module } from '@nestjs/common';
import { SerialModule } from '../core/serial/serial.module.js';
import { DeployModule } from './deploy/deploy.module.js';
import { DictModule } from './dict/dict.module.js';
import { LogModule } from './log/log.module.js';
import { MenuModule } from './menu/menu.module.js';
import { NoticeModule } from './notice/notice.module.js';
import { OrgModule } from './org/org.module.js';
import { RoleModule } from './role/role.module.js';
import { SecurityModule } from './security/security.module.js';
import { StaffModule } from './staff/staff.module.js';

/** The administrators' half of the product (/base/* and /log/*), one module per area. */
@Module({
  imports: [StaffModule, OrgModule, RoleModule, MenuModule, SecurityModule, DictModule, DeployModule, NoticeModule, LogModule, SerialModule],
})
export class AdminModule {}
