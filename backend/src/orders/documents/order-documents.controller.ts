import { Body, Controller, Get, Param, Post, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiProduces } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser, Perm, type Principal } from '../../common/access.decorators.js';
import { WithMessage } from '../../common/envelope.js';
import { importAnswer } from '../../common/import-report.js';
import { t } from '../../common/messages.js';
import { IdParam } from '../../common/params.js';
import { XLSX_TYPE } from '../../common/download.js';
import { ApiUploadForm } from '../../openapi/decorators.js';
import { OrderListDto } from '../order/orders.dto.js';
import { LabelsService } from './labels.service.js';
import { BillUpdateDto, LabelExportDto, LabelPdfDto, LabelTemplateParamDto, OrderIdDto, ScImportPathDto, WaybillUpdateDto } from './order-documents.dto.js';
import { OrderDocumentsService } from './order-documents.service.js';
import { ScImportService } from './sc-import.service.js';
import { DOCX_TYPE } from './warehouse-receipt.js';

/** A client that goes away stops a streamed export instead of leaving it waiting to write. */
function stopOnClose(res: Response, file: StreamableFile) {
  res.once('close', () => file.getStream().destroy());
  return file;
}

/** Waybills, bills of lading, labels, document exports and the shipping information import (docs/order-documents.md). */
@Controller('order')
export class OrderDocumentsController {
  constructor(
    private readonly documents: OrderDocumentsService,
    private readonly labels: LabelsService,
    private readonly imports: ScImportService,
  ) {}

  @Perm('order:waybill', 'order:detail')
  @Get('waybill/detail/:orderId')
  waybillDetail(@IdParam('orderId') orderId: number, @CurrentUser() user: Principal) {
    return this.documents.detail('waybill', orderId, user);
  }

  @Perm('order:waybill')
  @Post('waybill/update')
  waybillUpdate(@Body() dto: WaybillUpdateDto, @CurrentUser() user: Principal) {
    return this.documents.update('waybill', dto, user);
  }

  @Perm('order:bill', 'order:detail')
  @Get('bill/detail/:orderId')
  billDetail(@IdParam('orderId') orderId: number, @CurrentUser() user: Principal) {
    return this.documents.detail('bill', orderId, user);
  }

  @Perm('order:bill')
  @Post('bill/update')
  billUpdate(@Body() dto: BillUpdateDto, @CurrentUser() user: Principal) {
    return this.documents.update('bill', dto, user);
  }

  /** The list's filters (paging ignored): one row per matching order, streamed. */
  @Perm('order:export')
  @Post('waybill/excel')
  @ApiProduces(XLSX_TYPE)
  async waybillExcel(@Body() query: OrderListDto, @CurrentUser() user: Principal, @Res({ passthrough: true }) res: Response) {
    return stopOnClose(res, await this.documents.excel('waybill', query, user));
  }

  @Perm('order:export')
  @Post('bill/excel')
  @ApiProduces(XLSX_TYPE)
  async billExcel(@Body() query: OrderListDto, @CurrentUser() user: Principal, @Res({ passthrough: true }) res: Response) {
    return stopOnClose(res, await this.documents.excel('bill', query, user));
  }

  @Perm('order:waybill', 'order:export')
  @Post('waybill/export')
  @ApiProduces(XLSX_TYPE)
  waybillExport(@Body() dto: OrderIdDto, @CurrentUser() user: Principal) {
    return this.documents.printable('waybill', dto.orderId, user);
  }

  @Perm('order:bill', 'order:export')
  @Post('bill/export')
  @ApiProduces(XLSX_TYPE)
  billExport(@Body() dto: OrderIdDto, @CurrentUser() user: Principal) {
    return this.documents.printable('bill', dto.orderId, user);
  }

  @Perm('order:detail')
  @Post('warehouse/word')
  @ApiProduces(DOCX_TYPE)
  warehouseWord(@Body() dto: OrderIdDto, @CurrentUser() user: Principal) {
    return this.documents.warehouseReceipt(dto.orderId, user);
  }

  @Perm('order:label')
  @Post('label/export')
  @ApiProduces('text/plain')
  labelExport(@Body() dto: LabelExportDto, @CurrentUser() user: Principal) {
    return this.labels.text(dto, user);
  }

  @Perm('order:label')
  @Post('label/pdf')
  @ApiProduces('application/pdf')
  labelPdf(@Body() dto: LabelPdfDto, @CurrentUser() user: Principal) {
    return this.labels.pdf(dto, dto.template, user);
  }

  @Perm('order:label')
  @Post('label/template/list')
  labelTemplates() {
    return this.labels.templates();
  }

  @Perm('order:label')
  @Post('label/template/export/:name')
  labelTemplate(@Param() params: LabelTemplateParamDto) {
    return this.labels.templateFile(params.name);
  }

  /** Multipart, field `file` (.btw): replaces the template for everyone, so an administrator's code. */
  @Perm('deploy:modify')
  @Post('label/template/upload/:name')
  @ApiUploadForm()
  async uploadLabelTemplate(
    @Param() params: LabelTemplateParamDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @CurrentUser() user: Principal,
  ) {
    return new WithMessage(await this.labels.uploadTemplate(params.name, req, res, user), t('labelTemplateUploaded'));
  }

  @Perm('order:import')
  @Post('scInformation/template')
  @ApiProduces(XLSX_TYPE)
  scTemplate() {
    return this.imports.template();
  }

  /** Multipart, field `file`: every row checked; all rows written, or none and the report lists the wrong ones. */
  @Perm('order:import')
  @Post('scInformation/import/:x')
  @ApiUploadForm()
  async scImport(@Param() params: ScImportPathDto, @Req() req: Request, @Res({ passthrough: true }) res: Response, @CurrentUser() user: Principal) {
    const file = await this.imports.receive(req, res);
    return importAnswer(await this.imports.import(params.x, file, user), (done) => t('scImportApplied', { count: done.written }));
  }
}
