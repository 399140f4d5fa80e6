import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { IdParam } from '../../common/params.js';
import { Perm } from '../../common/access.decorators.js';
import { AddOrgDto, MoveOrgDto, UpdateOrgDto } from './org.dto.js';
import { OrgService } from './org.service.js';

@Controller('org')
export class OrgController {
  constructor(private readonly orgs: OrgService) {}

  /** The whole tree with each unit's staff count (the organisation page and the unit pickers). */
  @Perm('org:list')
  @Post('tree')
  tree() {
    return this.orgs.tree();
  }

  @Perm('org:list')
  @Get('detail/:id')
  detail(@IdParam() id: number) {
    return this.orgs.detail(id);
  }

  @Perm('org:add')
  @Put('add')
  add(@Body() dto: AddOrgDto) {
    return this.orgs.add(dto);
  }

  @Perm('org:modify')
  @Post('update')
  async update(@Body() dto: UpdateOrgDto) {
    await this.orgs.update(dto);
    return null;
  }

  @Perm('org:modify')
  @Post('move')
  async move(@Body() dto: MoveOrgDto) {
    await this.orgs.move(dto);
    return null;
  }

  @Perm('org:delete')
  @Delete('delete/:id')
  async remove(@IdParam() id: number) {
    await this.orgs.remove(id);
    return null;
  }
}
