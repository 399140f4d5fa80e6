import { Body, Controller, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Perm } from '../../common/access.decorators.js';
import { dictWords, ListExportRoute, streamListExport } from '../../common/list-export.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import { flattenOrgTree, ORG_TYPE_DICTIONARY, orgExportColumns } from './org-list-export.js';
import { ResourceController } from '../../common/resource-routes.js';
import { AddOrgDto, MoveOrgDto, OrgTreeExportDto, UpdateOrgDto } from './org.dto.js';
import { OrgService } from './org.service.js';

/** The organisation (组织机构): companies, branches and departments as a tree. */
@Controller('org')
export class OrgController extends ResourceController(OrgService, {
  detail: { perm: ['org:list'], summary: 'An organisation unit.' },
  add: { perm: ['org:add'], body: AddOrgDto, summary: 'Adds an organisation unit (company, branch or department) under a parent.' },
  update: { perm: ['org:modify'], body: UpdateOrgDto, summary: 'Edits an organisation unit.' },
  remove: { perm: ['org:delete'], summary: 'Deletes an organisation unit without children or staff.' },
}) {
  constructor(
    orgs: OrgService,
    private readonly prisma: PrismaService,
  ) {
    super(orgs);
  }

  /** The whole tree with each unit's staff count (the organisation page and the unit pickers). */
  @Perm('org:list')
  @Post('tree')
  tree() {
    return this.service.tree();
  }

  /** 导出当前列表: every unit of the tree, each after its parent, with the columns the user sees. */
  @ListExportRoute('tree/export', 'organisation', 'org:list')
  async exportTree(@Body() dto: OrgTreeExportDto, @Res({ passthrough: true }) res: Response) {
    const [units, dict] = await Promise.all([this.service.tree().then((tree) => flattenOrgTree(tree)), dictWords(this.prisma, [ORG_TYPE_DICTIONARY])]);
    return streamListExport(res, 'organisation', dto, orgExportColumns(dict), async ({ pageIndex, pageSize }) => ({
      items: units.slice((pageIndex - 1) * pageSize, pageIndex * pageSize),
      totalCount: units.length,
    }));
  }

  /** Moves a unit under another parent, or changes its place among its siblings. */
  @Perm('org:modify')
  @Post('move')
  async move(@Body() dto: MoveOrgDto) {
    await this.service.move(dto);
    return null;
  }
}
