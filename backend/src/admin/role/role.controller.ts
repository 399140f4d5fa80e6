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

/** The roles (角色管理) and what each is granted: menus and permission codes. */
@Controller('role')
export class RoleController extends ResourceController(RoleService, {
  list: { perm: ['role:list'], body: RoleListDto, summary: 'The roles, a page at a time.' },
  detail: { perm: ['role:list', 'role:modify', 'role:grant'], summary: 'The role with the ids of its menus and its permission codes.' },
  add: { perm: ['role:add'], body: AddRoleDto, summary: 'Adds a role.' },
  update: { perm: ['role:modify'], body: UpdateRoleDto, summary: "Edits a role's name and remark." },
  remove: { perm: ['role:delete'], summary: 'Deletes a role that no staff holds (never the administrator role).' },
}) {
  /** The menu and permission tree for granting, with what the role holds ticked. */
  @Perm('role:grant')
  @Post('grant/tree/:id')
  grantTree(@IdParam() id: number) {
    return this.service.grantTree(id);
  }

  /** Sets the menus and permission codes a role holds. */
  @Perm('role:grant')
  @Post('grant')
  grant(@Body() grant: GrantDto) {
    return this.service.grant(grant);
  }

  /** The staff holding a role, a page at a time. */
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
