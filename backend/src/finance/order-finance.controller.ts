import { RECORD_KINDS, recordPermission, type RecordKind } from '@forwarder/domain';
import { Body, Controller, Delete, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiProduces } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser, Perm, PermOf, type Principal } from '../common/access.decorators.js';
import { Idempotent } from '../common/idempotent.js';
import { WithMessage } from '../common/envelope.js';
import { importAnswer } from '../common/import-report.js';
import { t } from '../common/messages.js';
import { ChoiceParam, IdParam } from '../common/params.js';
import { stopOnClose, XLSX_TYPE } from '../common/download.js';
import { dictWords, ListExportRoute, streamListExport } from '../common/list-export.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { recordExportColumns, recordExportDictionaries } from './record-list-export.js';
import { ApiUploadForm } from '../openapi/decorators.js';
import { Transfer } from '../common/transfer.decorator.js';
import { receiveXlsx } from '../files/upload-form.js';
import { SettingsService } from '../settings/settings.service.js';
import { ChargesService } from './charges.service.js';
import { CommissionService } from './commission.service.js';
import { CostImportService } from './cost-import.service.js';
import {
  BatchVerifyDto,
  BrokerageDemotionDto,
  ChargeAddDto,
  ChargeListDto,
  RecordAddDto,
  RecordChangeDto,
  RecordIdsDto,
  RecordListDto,
  RecordListExportDto,
  ReportDto,
  ShipTypePathDto,
  SingleVerifyDto,
  UnlockDto,
  VerDto,
} from './finance.dto.js';
import { RecordsService } from './records.service.js';
import { ReportService } from './report.service.js';
import { ImportLimits } from '../settings/import-limits.service.js';

/** The kind of record each relock path names (the catalogue calls the expense claims' book `pay`). */
const RELOCKS = { pay: 'outgoing', entry: 'entry' } as const satisfies Record<string, RecordKind>;
type RelockBook = keyof typeof RELOCKS;
const RELOCK_BOOKS = Object.keys(RELOCKS) as RelockBook[];

/** The finance calls of the order catalogue (`/order/finance/*`, `/order/verify/*`, …): docs/finance.md. */
@Controller('order')
export class OrderFinanceController {
  constructor(
    private readonly records: RecordsService,
    private readonly charges: ChargesService,
    private readonly commissions: CommissionService,
    private readonly reports: ReportService,
    private readonly costs: CostImportService,
    private readonly settings: SettingsService,
    private readonly imports: ImportLimits,
    private readonly prisma: PrismaService,
  ) {}

  /**
   * Registers an expense claim (`finance:outgoing`) or a payment hand-in (`finance:entry`). add/receivable
   * and add/payable (an order's charge lines, another body) stay routes of their own: a second parameter
   * route on this path would make the contract's two POST /order/finance/add/{…} the same path.
   */
  @PermOf<RecordKind>('kind', recordPermission)
  @Post('finance/add/:kind')
  @Idempotent()
  addRecord(@ChoiceParam('kind', RECORD_KINDS) kind: RecordKind, @Body() dto: RecordAddDto, @CurrentUser() user: Principal) {
    return this.records.add(kind, dto, user);
  }

  /** Adds a receivable charge line to an order. */
  @Perm('finance:edit')
  @Post('finance/add/receivable')
  @Idempotent()
  addReceivable(@Body() dto: ChargeAddDto, @CurrentUser() user: Principal) {
    return this.charges.add('receivable', dto, user);
  }

  /** Adds a payable charge line to an order. */
  @Perm('finance:edit')
  @Post('finance/add/payable')
  @Idempotent()
  addPayable(@Body() dto: ChargeAddDto, @CurrentUser() user: Principal) {
    return this.charges.add('payable', dto, user);
  }

  /** Edits a registered finance record (before it goes to audit). */
  @Perm('finance:outgoing', 'finance:entry', 'finance:edit')
  @Post('finance/update')
  update(@Body() dto: RecordChangeDto, @CurrentUser() user: Principal) {
    return this.records.change('update', dto, user);
  }

  /** The finance records (expense claims or payment hand-ins) of a queue, in the caller's scope. */
  @Perm('finance:list', 'finance:outgoing', 'finance:entry')
  @Post('finance/list')
  list(@Body() query: RecordListDto, @CurrentUser() user: Principal) {
    return this.records.list(query, user);
  }

  /** 导出当前列表: the record list's rows (its filters and the caller's scope; every page) as xlsx with the columns the user sees. */
  @ListExportRoute('finance/list/export', 'finance-record-list', 'finance:list', 'finance:outgoing', 'finance:entry')
  async exportList(@Body() dto: RecordListExportDto, @CurrentUser() user: Principal, @Res({ passthrough: true }) res: Response) {
    const columns = recordExportColumns(dto.kind, await dictWords(this.prisma, recordExportDictionaries(dto.kind)));
    return streamListExport(res, `finance-${dto.kind}`, dto, columns, (query) => this.records.list(query, user));
  }

  /** Submits registered records to audit. */
  @Perm('finance:outgoing', 'finance:entry', 'finance:edit')
  @Post('finance/batch/amend')
  async submit(@Body() dto: RecordIdsDto, @CurrentUser() user: Principal) {
    const result = await this.records.submit(dto.ids, user);
    return new WithMessage(result, t('financeSubmitted', result));
  }

  /** Audits one finance record: passes or refuses it with a reason. */
  @Perm('finance:audit')
  @Post('finance/single/verify')
  verifyOne(@Body() dto: SingleVerifyDto, @CurrentUser() user: Principal) {
    return this.records.verifyOne(dto, user);
  }

  /** Audits several finance records at once, all or none. */
  @Perm('finance:audit')
  @Post('finance/batch/verify')
  async verifyMany(@Body() dto: BatchVerifyDto, @CurrentUser() user: Principal) {
    const result = await this.records.verifyMany(dto, user);
    return new WithMessage(result, t(dto.pass ? 'financePassed' : 'financeRefused', result));
  }

  /** Corrects a refused finance record and sends it to audit again. */
  @Perm('finance:outgoing', 'finance:entry', 'finance:edit')
  @Post('finance/rejected/amend')
  amendRefused(@Body() dto: RecordChangeDto, @CurrentUser() user: Principal) {
    return this.records.change('amendRefused', dto, user);
  }

  /** Corrects an unlocked finance record. */
  // declared before unlocked/:id, which would otherwise take "amend" for an id
  @Perm('finance:edit')
  @Post('finance/unlocked/amend')
  amendUnlocked(@Body() dto: RecordChangeDto, @CurrentUser() user: Principal) {
    return this.records.change('amendUnlocked', dto, user);
  }

  /** Unlocks an audited finance record for correction, with a reason. */
  @Perm('finance:unlock')
  @Post('finance/unlocked/:id')
  unlock(@IdParam() id: number, @Body() dto: UnlockDto, @CurrentUser() user: Principal) {
    return this.records.unlock(id, dto, user);
  }

  /** Locks an unlocked record again: `pay/lock` an expense claim, `entry/lock` a payment hand-in. */
  @Perm('finance:unlock')
  @Post('finance/:book/lock/:id')
  relock(@ChoiceParam('book', RELOCK_BOOKS) book: RelockBook, @IdParam() id: number, @Body() dto: VerDto, @CurrentUser() user: Principal) {
    return this.records.relock(RELOCKS[book], id, dto.ver, user);
  }

  /** Deletes a finance record, while its status allows it (the trail keeps the deletion). */
  @Perm('finance:delete', 'finance:outgoing', 'finance:entry')
  @Delete('finance/delete/:id')
  async remove(@IdParam() id: number, @CurrentUser() user: Principal) {
    await this.records.remove(id, user);
    return null;
  }

  /** The charge lines of orders (receivable and payable), filtered, a page at a time. */
  @Perm('finance:list', 'finance:inquiry')
  @Post('verify/list')
  chargeLines(@Body() query: ChargeListDto, @CurrentUser() user: Principal) {
    return this.charges.list(query, user);
  }

  /** An order's reconciliation: its charges, payments and balance per currency. */
  @Perm('finance:list', 'finance:inquiry')
  @Get('verify/detail/:orderId')
  reconciliation(@IdParam('orderId') orderId: number, @CurrentUser() user: Principal) {
    return this.charges.reconciliation(orderId, user);
  }

  /** The catalogue's delete voids the line with the reason 删除 (nothing disappears without a trace). */
  @Perm('finance:edit')
  @Delete('verify/delete/:id')
  async removeCharge(@IdParam() id: number, @CurrentUser() user: Principal) {
    await this.charges.remove(id, user);
    return null;
  }

  /** The report as an xlsx stream; `X-Report-Rows` tells the client how many order rows to expect. */
  @Perm('finance:report')
  @Post('finance/reporting')
  @Transfer('export', 'finance-report')
  @ApiProduces(XLSX_TYPE)
  async report(@Body() dto: ReportDto, @CurrentUser() user: Principal, @Res({ passthrough: true }) res: Response) {
    const { file, rows } = await this.reports.report(dto, user);
    res.setHeader('X-Report-Rows', String(rows));
    res.setHeader('Access-Control-Expose-Headers', 'X-Report-Rows, Content-Disposition');
    return stopOnClose(res, file);
  }

  /** Takes an order back out of brokerage (its commission unpaid again), with a reason. */
  @Perm('finance:demotion')
  @Post('brokerage/demotion/:id')
  demoteBrokerage(@IdParam() id: number, @Body() dto: BrokerageDemotionDto, @CurrentUser() user: Principal) {
    return this.commissions.demote(id, dto, user);
  }

  /** The empty workbook the cost import reads. */
  @Perm('finance:edit')
  @Post('costapply/template')
  @ApiProduces(XLSX_TYPE)
  costTemplate() {
    return this.costs.template();
  }

  /** Multipart, field `file`: all rows are saved, or none and the answer lists each wrong row. */
  @Perm('finance:edit')
  @Post('costapply/import/:shipType')
  @Idempotent()
  @Transfer('import', 'finance-costs')
  @ApiUploadForm()
  async costImport(@Param() params: ShipTypePathDto, @Req() req: Request, @Res({ passthrough: true }) res: Response, @CurrentUser() user: Principal) {
    return this.imports.slot(user.userId, async () => {
      const file = await receiveXlsx(req, res, await this.settings.get('upload.maxSizeMb'), 'priceImportNotXlsx');
      return importAnswer(await this.costs.import(params.shipType, file, user), (done) =>
        done.duplicates?.length
          ? t('financeCostsImportedDuplicates', { rows: done.written, orders: done.orders, duplicates: done.duplicates.length })
          : t('financeCostsImported', { rows: done.written, orders: done.orders }),
      );
    });
  }
}
