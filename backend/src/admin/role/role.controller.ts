import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { IdParam } from '../../common/params.js';
import { Perm } from '../../common/access.decorators.js';
import { PageQueryDto } from '../../common/pagination.js';
import { AddRoleDto, GrantDto, RoleListDto, UpdateRoleDto } from './role.dto.js';
import { RoleService } from './role.service.js';

@Controller('role')
export class RoleController {
  constructor(private readonly roles: RoleService) {}

  @Perm('role:list')
  @Post('list')
  list(@Body() query: RoleListDto) {
    return this.roles.list(query);
  }

  @Perm('role:add')
  @Put('add')
  add(@Body() form: AddRoleDto) {
    return this.roles.add(form);
  }

  @Perm('role:modify')
  @Post('update')
  update(@Body() form: UpdateRoleDto) {
    return this.roles.update(form);
  }

  @Perm('role:delete')
  @Delete('delete/:id')
  remove(@IdParam() id: number) {
    return this.roles.remove(id);
  }

  /** The role with the ids of its menus and its permission codes. */
  @Perm('role:list', 'role:modify', 'role:grant')
  @Get('detail/:id')
  detail(@IdParam() id: number) {
    return this.roles.detail(id);
  }

  @Perm('role:grant')
  @Post('grant/tree/:id')
  grantTree(@IdParam() id: number) {
    return this.roles.grantTree(id);
  }

  @Perm('role:grant')
  @Post('grant')
  grant(@Body() grant: GrantDto) {
    return this.roles.grant(grant);
  }

  @Perm('role:list')
  @Post('users/:id')
  users(@IdParam() id: number, @Body() query: PageQueryDto) {
    return this.roles.users(id, query);
  }
}
