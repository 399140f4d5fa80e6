import { Body, Controller, Res } from '@nestjs/common';
import { ResourceController } from '../../common/resource-routes.js';
import { SerialListDto, SerialListExportDto, SerialUpdateDto } from '../../core/serial/serial.dto.js';
import { SerialService } from '../../core/serial/serial.service.js';
import type { Response } from 'express';
import { ListExportRoute, streamListExport } from '../../common/list-export.js';
import { SERIAL_EXPORT_COLUMNS } from '../../core/serial/serial-list-export.js';

@Controller('serial')
export class SerialController extends ResourceController(SerialService, {
  list: { perm: ['log:serial'], body: SerialListDto },
  update: { perm: ['log:serial'], body: SerialUpdateDto },
}) {
  /** 导出当前列表: the list's rows (its filters, every page) as xlsx with the columns the user sees. */
  @ListExportRoute('list/export', 'serials', 'log:serial')
  exportList(@Body() dto: SerialListExportDto, @Res({ passthrough: true }) res: Response) {
    return streamListExport(res, 'serials', dto, SERIAL_EXPORT_COLUMNS, (query) => this.service.list(query));
  }
}
