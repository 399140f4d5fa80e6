import { Body, Controller, Post, Res } from '@nestjs/common';
import { SignedIn } from '../common/access.decorators.js';
import { ResourceController } from '../common/resource-routes.js';
import { AddPortDto, ListPortsDto, PortListExportDto, PortOptionsDto, UpdatePortDto } from './ports.dto.js';
import { PortsService } from './ports.service.js';
import type { Response } from 'express';
import { ListExportRoute, streamListExport } from '../common/list-export.js';
import { PORT_EXPORT_COLUMNS } from './port-list-export.js';

/** One shared screen serves the six routes /port/{line}Start and /port/{line}End: each call names the line and kind. */
@Controller('port')
export class PortsController extends ResourceController(PortsService, {
  list: { perm: ['port:list'], body: ListPortsDto, summary: 'The ports of a line, of departure or of destination, a page at a time.' },
  detail: { perm: ['port:list'], summary: 'A port.' },
  add: { perm: ['port:add'], body: AddPortDto, summary: 'Adds a port to a line.' },
  update: { perm: ['port:modify'], body: UpdatePortDto, summary: 'Edits a port.' },
  remove: { perm: ['port:delete'], summary: 'Deletes a port that no price row uses.' },
}) {
  /** Enabled ports for the selects of the price and order forms: any signed-in user. */
  @SignedIn()
  @Post('options')
  options(@Body() query: PortOptionsDto) {
    return this.service.options(query);
  }

  /** 导出当前列表: the list's rows (its filters, every page) as xlsx with the columns the user sees. */
  @ListExportRoute('list/export', 'ports', 'port:list')
  exportList(@Body() dto: PortListExportDto, @Res({ passthrough: true }) res: Response) {
    return streamListExport(res, 'ports', dto, PORT_EXPORT_COLUMNS, (query) => this.service.list(query));
  }
}
