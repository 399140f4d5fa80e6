import { Body, Controller, Res } from '@nestjs/common';
import { ResourceController } from '../../common/resource-routes.js';
import { SerialListDto, SerialListExportDto, SerialUpdateDto } from './serial.dto.js';
import { SerialService } from './serial.service.js';
import type { Response } from 'express';
import { ListExportRoute, streamListExport } from '../../common/list-export.js';
import { SERIAL_EXPORT_COLUMNS } from './serial-list-export.js';

/** The serial number sequences (流水号编码) numbering orders, warehouse receipts and finance records. */
@Controller('serial')
export class SerialController extends ResourceController(SerialService, {
  list: { perm: ['log:serial'], body: SerialListDto, summary: 'The serial number sequences (orders, warehouse receipts, finance records).' },
  update: { perm: ['log:serial'], body: SerialUpdateDto, summary: "Changes a sequence's prefix, format or next value." },
}) {
  /** 导出当前列表: the list's rows (its filters, every page) as xlsx with the columns the user sees. */
  @ListExportRoute('list/export', 'serials', 'log:serial')
  exportList(@Body() dto: SerialListExportDto, @Res({ passthrough: true }) res: Response) {
    return streamListExport(res, 'serials', dto, SERIAL_EXPORT_COLUMNS, (query) => this.service.list(query));
  }
}
