import { Body, Controller, Post, Res } from '@nestjs/common';
import { IdParam } from '../../common/params.js';
import { Perm } from '../../common/access.decorators.js';
import { PageQueryDto } from '../../common/pagination.js';
import { ResourceController } from '../../common/resource-routes.js';
import { AddRoleDto, GrantDto, RoleListDto, RoleListExportDto, UpdateRoleDto } from './role.dto.js';
import { RoleService } from './role.service.js';
import type { Response } from 'express';
import { ListExportRoute, streamListExport } from '../../common/list-export.js';
import { ROLE_EXPORT_COLUMNS } from './role-list-export.js';

@Controller('role')
export class RoleController extends ResourceController(RoleService, {
  list: { perm: ['role:list'], body: RoleListDto },
  detail: { perm: ['role:list', 'role:modify', 'role:grant'], summary: 'The role with the ids of its menus and its permission codes.' },
  add: { perm: ['role:add'], body: AddRoleDto },
  update: { perm: ['role:modify'], body: UpdateRoleDto },
  remove: { perm: ['role:delete'] },
}) {
  @Perm('role:grant')
  @Post('grant/tree/:id')
  grantTree(@IdParam() id: number) {
    return this.service.grantTree(id);
  }

  @Perm('role:grant')
  @Post('grant')
  grant(@Body() grant: GrantDto) {
    return this.service.grant(grant);
  }

  @Perm('role:list')
  @Post('users/:id')
  users(@IdParam() id: number, @Body() query: PageQueryDto) {
    return this.service.users(id, query);
  }

  /** 导出当前列表: the list's rows (its filters, every page) as xlsx with the columns the user sees. */
  @ListExportRoute('list/export', 'roles', 'role:list')
  exportList(@Body() dto: RoleListExportDto, @Res({ passthrough: true }) res: Response) {
    return streamListExport(res, 'roles', dto, ROLE_EXPORT_COLUMNS, (query) => this.service.list(query));
  }
}
