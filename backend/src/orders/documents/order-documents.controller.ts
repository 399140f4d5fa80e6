import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiProduces } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser, Perm, PermOf, type Principal } from '../../common/access.decorators.js';
import { Idempotent } from '../../common/idempotent.js';
import { WithMessage } from '../../common/envelope.js';
import { importAnswer } from '../../common/import-report.js';
import { t } from '../../common/messages.js';
import { ChoiceParam, IdParam } from '../../common/params.js';
import { stopOnClose, XLSX_TYPE } from '../../common/download.js';
import { Transfer } from '../../common/transfer.decorator.js';
import { ApiUploadForm } from '../../openapi/decorators.js';
import { LabelsService } from './labels.service.js';
import {
  BillUpdateDto,
  DocumentExcelDto,
  LabelExportDto,
  LabelPdfDto,
  LabelTemplateParamDto,
  OrderIdDto,
  ScImportPathDto,
  WaybillUpdateDto,
} from './order-documents.dto.js';
import { OrderDocumentsService } from './order-documents.service.js';
import { ScImportService } from './sc-import.service.js';
import { DOCUMENT_KINDS, type DocumentKind } from './document-kinds.js';
import { DOCX_TYPE } from './warehouse-receipt.js';
import { ImportLimits } from '../../settings/import-limits.service.js';

/** Set on a label export made without tracking links (PUBLIC_BASE_URL not configured). */
export const LABEL_NOTICE_HEADER = 'X-Label-Notice';

/** Waybills, bills of lading, labels, document exports and the shipping information import (docs/order-documents.md). */
@Controller('order')
export class OrderDocumentsController {
  constructor(
    private readonly documents: OrderDocumentsService,
    private readonly labels: LabelsService,
    private readonly imports: ScImportService,
    private readonly importLimits: ImportLimits,
  ) {}

  /** The waybill or bill of lading of an order. */
  @PermOf<DocumentKind>('kind', (kind) => [`order:${kind}`, 'order:detail'])
  @Get(':kind/detail/:orderId')
  detail(@ChoiceParam('kind', DOCUMENT_KINDS) kind: DocumentKind, @IdParam('orderId') orderId: number, @CurrentUser() user: Principal) {
    return this.documents.detail(kind, orderId, user);
  }

  /** Saves the air waybill of an order. */
  @Perm('order:waybill')
  @Post('waybill/update')
  waybillUpdate(@Body() dto: WaybillUpdateDto, @CurrentUser() user: Principal) {
    return this.documents.update('waybill', dto, user);
  }

  /** Saves the bill of lading of an order. */
  @Perm('order:bill')
  @Post('bill/update')
  billUpdate(@Body() dto: BillUpdateDto, @CurrentUser() user: Principal) {
    return this.documents.update('bill', dto, user);
  }

  /** The ticked orders (`ids`), else all the list's filters find (paging ignored): one row per order, streamed. */
  @Perm('order:export')
  @Post(':kind/excel')
  @Transfer('export', 'orders')
  @ApiProduces(XLSX_TYPE)
  async excel(
    @ChoiceParam('kind', DOCUMENT_KINDS) kind: DocumentKind,
    @Body() query: DocumentExcelDto,
    @CurrentUser() user: Principal,
    @Res({ passthrough: true }) res: Response,
  ) {
    return stopOnClose(res, await this.documents.excel(kind, query, user));
  }

  /** The document of one order, to print. */
  @PermOf<DocumentKind>('kind', (kind) => [`order:${kind}`, 'order:export'])
  @Post(':kind/export')
  @Transfer('export', 'order-document')
  @ApiProduces(XLSX_TYPE)
  printable(@ChoiceParam('kind', DOCUMENT_KINDS) kind: DocumentKind, @Body() dto: OrderIdDto, @CurrentUser() user: Principal) {
    return this.documents.printable(kind, dto.orderId, user);
  }

  /** The warehouse receipt of an order as a Word document. */
  @Perm('order:detail')
  @Post('warehouse/word')
  @ApiProduces(DOCX_TYPE)
  warehouseWord(@Body() dto: OrderIdDto, @CurrentUser() user: Principal) {
    return this.documents.warehouseReceipt(dto.orderId, user);
  }

  /** The labels of the ticked orders as text for the label printer (BarTender). */
  @Perm('order:label')
  @Post('label/export')
  @ApiProduces('text/plain')
  labelExport(@Body() dto: LabelExportDto, @CurrentUser() user: Principal, @Res({ passthrough: true }) res: Response) {
    this.noticeIfNoLinks(res);
    return this.labels.text(dto, user, res);
  }

  /** The labels of the ticked orders as a PDF, on a label template. */
  @Perm('order:label')
  @Post('label/pdf')
  @ApiProduces('application/pdf')
  labelPdf(@Body() dto: LabelPdfDto, @CurrentUser() user: Principal, @Res({ passthrough: true }) res: Response) {
    this.noticeIfNoLinks(res);
    return this.labels.pdf(dto, dto.template, user, res);
  }

  /** Labels made without PUBLIC_BASE_URL carry no tracking link: the answer says so, the dialog tells the user. */
  private noticeIfNoLinks(res: Response) {
    if (!this.labels.printsTrackingLinks) res.setHeader(LABEL_NOTICE_HEADER, 'no-tracking-link');
  }

  /** The label templates, with whether each is uploaded. */
  @Perm('order:label')
  @Post('label/template/list')
  labelTemplates() {
    return this.labels.templates();
  }

  /** Downloads a label template (.btw). */
  @Perm('order:label')
  @Post('label/template/export/:name')
  labelTemplate(@Param() params: LabelTemplateParamDto, @Res({ passthrough: true }) res: Response) {
    return this.labels.templateFile(params.name, res);
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

  /** The empty workbook the shipping information import reads. */
  @Perm('order:import')
  @Post('scInformation/template')
  @ApiProduces(XLSX_TYPE)
  scTemplate() {
    return this.imports.template();
  }

  /** Multipart, field `file`: every row checked; all rows written, or none and the report lists the wrong ones. */
  @Perm('order:import')
  @Post('scInformation/import/:x')
  @Idempotent()
  @Transfer('import', 'sc-information')
  @ApiUploadForm()
  async scImport(@Param() params: ScImportPathDto, @Req() req: Request, @Res({ passthrough: true }) res: Response, @CurrentUser() user: Principal) {
    return this.importLimits.slot(user.userId, async () => {
      const file = await this.imports.receive(req, res);
      return importAnswer(await this.imports.import(params.x, file, user), (done) => t('scImportApplied', { count: done.written }));
    });
  }
}
