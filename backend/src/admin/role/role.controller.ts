import { Body, Controller, Post } from '@nestjs/common';
import { IdParam } from '../../common/params.js';
import { Perm } from '../../common/access.decorators.js';
import { PageQueryDto } from '../../common/pagination.js';
import { ResourceController } from '../../common/resource-routes.js';
import { AddRoleDto, GrantDto, RoleListDto, UpdateRoleDto } from './role.dto.js';
import { RoleService } from './role.service.js';

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
}
