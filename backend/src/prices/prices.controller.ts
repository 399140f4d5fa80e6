import { Body, Controller, Param, Post, Req, Res } from '@nestjs/common';
import { ApiProduces } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser, Perm, type Principal } from '../common/access.decorators.js';
import { Idempotent } from '../common/idempotent.js';
import { importAnswer } from '../common/import-report.js';
import { t } from '../common/messages.js';
import { stopOnClose, XLSX_TYPE } from '../common/download.js';
import { ResourceController } from '../common/resource-routes.js';
import { ApiUploadForm } from '../openapi/decorators.js';
import { Transfer } from '../common/transfer.decorator.js';
import { PriceLookupService } from './price-lookup.service.js';
import { PriceSheetService } from './price-sheet.service.js';
import { AddPriceDto, ImportPathDto, ListPricesDto, PriceListExportDto, QuoteDto, UpdatePriceDto } from './prices.dto.js';
import { PricesService } from './prices.service.js';
import { ImportLimits } from '../settings/import-limits.service.js';
import { ListExportRoute, streamListExport } from '../common/list-export.js';
import { PRICE_EXPORT_COLUMNS } from './price-list-export.js';

/**
 * Cost and quotation tables of each line (/price/smallbag …). Cost rows need price:cost besides the
 * call's own code, in every call: without it a user sees and edits quotations only.
 */
@Controller('price')
export class PricesController extends ResourceController(PricesService, {
  list: {
    perm: ['price:list', 'price:cost'],
    body: ListPricesDto,
    summary: 'The price rows of a line (quotations, and costs with price:cost), a page at a time.',
  },
  detail: { perm: ['price:list', 'price:cost'], summary: 'A price row with its weight breaks.' },
  add: { perm: ['price:modify'], body: AddPriceDto, summary: 'Adds a price row with its weight breaks.' },
  update: { perm: ['price:modify'], body: UpdatePriceDto, summary: 'Edits a price row and its weight breaks.' },
  remove: { perm: ['price:modify'], summary: 'Deletes a price row.' },
}) {
  constructor(
    prices: PricesService,
    private readonly sheets: PriceSheetService,
    private readonly lookup: PriceLookupService,
    private readonly imports: ImportLimits,
  ) {
    super(prices);
  }

  /** The list's filters as an xlsx file, one row per break, streamed while it is written. */
  @Perm('price:export')
  @Post('export')
  @Transfer('export', 'prices')
  @ApiProduces(XLSX_TYPE)
  async export(@Body() query: ListPricesDto, @CurrentUser() user: Principal, @Res({ passthrough: true }) res: Response) {
    return stopOnClose(res, await this.sheets.export(query, user));
  }

  /** The empty workbook the price import reads. */
  @Perm('price:import')
  @Post('template')
  @ApiProduces(XLSX_TYPE)
  template() {
    return this.sheets.template();
  }

  /** Multipart, field `file`: all rows are saved, or none and the answer lists each wrong row. */
  @Perm('price:import')
  @Post('import/:shipType')
  @Idempotent()
  @Transfer('import', 'prices')
  @ApiUploadForm()
  async import(@Param() params: ImportPathDto, @Req() req: Request, @Res({ passthrough: true }) res: Response, @CurrentUser() user: Principal) {
    return this.imports.slot(user.userId, async () => {
      const file = await this.sheets.receive(req, res);
      return importAnswer(await this.sheets.import(params.shipType, file, user), (done) => t('priceImported', { prices: done.prices, rows: done.written }));
    });
  }

  /** The lookup the orders use, for trying it out: the price valid on the day and the amount for the quantity. */
  @Perm('price:list', 'price:cost')
  @Post('quote')
  quote(@Body() dto: QuoteDto, @CurrentUser() user: Principal) {
    this.service.assertKind(user, dto.kind);
    return this.lookup.quote(dto);
  }

  /** 导出当前列表: the list's rows (its filters, every page) as xlsx with the columns the user sees. */
  @ListExportRoute('list/export', 'price-list', 'price:export')
  exportList(@Body() dto: PriceListExportDto, @CurrentUser() user: Principal, @Res({ passthrough: true }) res: Response) {
    return streamListExport(res, 'price-list', dto, PRICE_EXPORT_COLUMNS, (query) => this.service.list(query, user));
  }
}
