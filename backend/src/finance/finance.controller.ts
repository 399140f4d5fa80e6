import { Body, Controller, Delete, Get, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CurrentUser, Perm, type Principal } from '../common/access.decorators.js';
import { Idempotent } from '../common/idempotent.js';
import { WithMessage } from '../common/envelope.js';
import { t } from '../common/messages.js';
import { IdParam } from '../common/params.js';
import { ListExportRoute, streamListExport } from '../common/list-export.js';
import { StageWording } from '../orders/order/stage-names.js';
import { ARREARS_EXPORT_COLUMNS, inquiryExportColumns, REBATE_EXPORT_COLUMNS } from './finance-list-exports.js';
import { AnalysisService } from './analysis.service.js';
import { ChargesService } from './charges.service.js';
import { CommissionService } from './commission.service.js';
import {
  ArrearsDto,
  ArrearsExportDto,
  ChargeChangeDto,
  ChargeVoidDto,
  InquiryDto,
  InquiryExportDto,
  QuoteChargeDto,
  RebateListDto,
  RebateListExportDto,
  RebatePayDto,
  RuleSaveDto,
} from './finance.dto.js';
import { RecordsService } from './records.service.js';
import { DictService } from '../admin/dict/dict.service.js';

/** Finance calls the order catalogue does not name: record trail, charge edits, arrears, commissions, inquiry (docs/finance.md). */
@Controller('finance')
export class FinanceController {
  constructor(
    private readonly records: RecordsService,
    private readonly charges: ChargesService,
    private readonly analysis: AnalysisService,
    private readonly commissions: CommissionService,
    private readonly dict: DictService,
  ) {}

  /** A finance record (expense claim or payment hand-in) with its trail. */
  @Perm('finance:list', 'finance:outgoing', 'finance:entry')
  @Get('record/:id')
  record(@IdParam() id: number, @CurrentUser() user: Principal) {
    return this.records.detailWithLogs(id, user);
  }

  /** Changes an order's charge line (amount, currency, remark), kept in its trail. */
  @Perm('finance:edit')
  @Post('charge/update')
  updateCharge(@Body() dto: ChargeChangeDto, @CurrentUser() user: Principal) {
    return this.charges.update(dto, user);
  }

  /** Voids a line (kept, with the reason; counts nowhere). */
  @Perm('finance:edit')
  @Post('charge/void/:id')
  voidCharge(@IdParam() id: number, @Body() dto: ChargeVoidDto, @CurrentUser() user: Principal) {
    return this.charges.void(id, dto, user);
  }

  /** The trail of the order's charges, newest first. */
  @Perm('finance:list', 'finance:inquiry', 'finance:edit')
  @Get('charge/log/:orderId')
  chargeTrail(@IdParam('orderId') orderId: number, @CurrentUser() user: Principal) {
    return this.charges.trail(orderId, user);
  }

  /** Bills the order's freight from its quotation (a receivable). */
  @Perm('finance:edit')
  @Post('charge/quote/:orderId')
  @Idempotent()
  chargeFromQuote(@IdParam('orderId') orderId: number, @Body() dto: QuoteChargeDto, @CurrentUser() user: Principal) {
    return this.charges.addFromQuote(orderId, dto, user);
  }

  /** The arrears by age (0–30 … over 90 days), per order, customer or salesman. */
  @Perm('finance:arrears')
  @Post('arrears')
  arrears(@Body() query: ArrearsDto, @CurrentUser() user: Principal) {
    return this.analysis.arrears(query, user);
  }

  /** 导出当前列表 of the arrears screen, in the view it shows (per order, customer or salesman). */
  @ListExportRoute('arrears/export', 'arrears', 'finance:arrears')
  exportArrears(@Body() dto: ArrearsExportDto, @CurrentUser() user: Principal, @Res({ passthrough: true }) res: Response) {
    return streamListExport(res, `arrears-${dto.groupBy}`, dto, ARREARS_EXPORT_COLUMNS, (query) => this.analysis.arrears(query, user));
  }

  /** The orders' money at a glance: receivable, received, payable and paid per order. */
  @Perm('finance:inquiry')
  @Post('inquiry')
  inquiry(@Body() query: InquiryDto, @CurrentUser() user: Principal) {
    return this.analysis.inquiry(query, user);
  }

  /** 导出当前列表 of the order finance inquiry: its filters and the caller's scope, every page, as xlsx. */
  @ListExportRoute('inquiry/export', 'order-inquiry', 'finance:inquiry')
  async exportInquiry(@Body() dto: InquiryExportDto, @CurrentUser() user: Principal, @Res({ passthrough: true }) res: Response) {
    const columns = inquiryExportColumns(await StageWording.load(this.dict));
    return streamListExport(res, 'order-inquiry', dto, columns, (query) => this.analysis.inquiry(query, user));
  }

  /** The commissions: due (delivered and fully paid) or paid, per order. */
  @Perm('finance:rebate')
  @Post('rebate/list')
  rebates(@Body() query: RebateListDto, @CurrentUser() user: Principal) {
    return this.commissions.list(query, user);
  }

  /** 导出当前列表 of the commissions, due or paid, as xlsx with the columns the user sees. */
  @ListExportRoute('rebate/list/export', 'commissions', 'finance:rebate')
  exportRebates(@Body() dto: RebateListExportDto, @CurrentUser() user: Principal, @Res({ passthrough: true }) res: Response) {
    return streamListExport(res, dto.paid ? 'commissions-paid' : 'commissions-due', dto, REBATE_EXPORT_COLUMNS, (query) => this.commissions.list(query, user));
  }

  /** Pays the commissions and moves the orders to brokerage, all or none. */
  @Perm('finance:upgrade')
  @Post('rebate/pay')
  async pay(@Body() dto: RebatePayDto, @CurrentUser() user: Principal) {
    const result = await this.commissions.pay(dto.ids, user);
    return new WithMessage(result, t('financeCommissionPaid', result));
  }

  /** The commission rules. */
  @Perm('finance:rebate')
  @Post('rebate/rule/list')
  rules() {
    return this.commissions.rules();
  }

  /** Adds or changes a commission rule. */
  @Perm('finance:edit')
  @Post('rebate/rule/save')
  saveRule(@Body() dto: RuleSaveDto) {
    return this.commissions.saveRule(dto);
  }

  /** Deletes a commission rule. */
  @Perm('finance:edit')
  @Delete('rebate/rule/delete/:id')
  async removeRule(@IdParam() id: number) {
    await this.commissions.removeRule(id);
    return null;
  }
}
