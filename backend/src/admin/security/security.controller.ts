import { Body, Controller, Res } from '@nestjs/common';
import { ResourceController } from '../../common/resource-routes.js';
import { SecurityListDto, SecurityListExportDto } from './security.dto.js';
import { SecurityService } from './security.service.js';
import type { Response } from 'express';
import { ListExportRoute, streamListExport } from '../../common/list-export.js';
import { SECURITY_EXPORT_COLUMNS } from './security-list-export.js';

/** The API catalogue (接口权限): every route with its access rule and the roles holding its codes. */
@Controller('security')
export class SecurityController extends ResourceController(SecurityService, {
  list: { perm: ['security:list'], body: SecurityListDto, summary: 'Every API route with its access rule, codes and the roles holding them.' },
}) {
  /** 导出当前列表: the list's rows (its filters, every page) as xlsx with the columns the user sees. */
  @ListExportRoute('list/export', 'api-security', 'security:list')
  exportList(@Body() dto: SecurityListExportDto, @Res({ passthrough: true }) res: Response) {
    return streamListExport(res, 'api-security', dto, SECURITY_EXPORT_COLUMNS, (query) => this.service.list(query));
  }
}
