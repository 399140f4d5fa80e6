import { Body, Controller, Post } from '@nestjs/common';
import { Perm } from '../../common/access.decorators.js';
import { ResourceController } from '../../common/resource-routes.js';
import { AddOrgDto, MoveOrgDto, UpdateOrgDto } from './org.dto.js';
import { OrgService } from './org.service.js';

@Controller('org')
export class OrgController extends ResourceController(OrgService, {
  detail: { perm: ['org:list'] },
  add: { perm: ['org:add'], body: AddOrgDto },
  update: { perm: ['org:modify'], body: UpdateOrgDto },
  remove: { perm: ['org:delete'] },
}) {
  /** The whole tree with each unit's staff count (the organisation page and the unit pickers). */
  @Perm('org:list')
  @Post('tree')
  tree() {
    return this.service.tree();
  }

  @Perm('org:modify')
  @Post('move')
  async move(@Body() dto: MoveOrgDto) {
    await this.service.move(dto);
    return null;
  }
}
