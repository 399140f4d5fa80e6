import {
  AGE_BUCKETS,
  type AgeBucket,
  CHARGE_KINDS,
  type ChargeKind,
  MAX_RATE,
  MAX_TAX_RATE,
  RECORD_KINDS,
  RECORD_VIEWS,
  type RecordKind,
  type RecordView,
  SHIP_TYPES,
} from '@forwarder/domain';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { DecimalField, IsDay, IsId, IsIdList, IsVer } from '../common/fields.js';
import { t } from '../common/messages.js';
import { ListExportOf } from '../common/list-export.js';
import { PageQueryDto } from '../common/pagination.js';
import { BlankAsNull, Trimmed, RequiredText } from '../common/transforms.js';

/** At most this many records or orders move in one batch call. */
export const MAX_BATCH = 200;

const day = () => IsDay('financeDayInvalid');
const text = (max: number) => MaxLength(max, { message: () => t('orderTextTooLong', { max }) });
/** amount numeric(14, 2) */
const amount = () => [DecimalField('financeAmountInvalid', 14, 2, { min: 0.01 })];
/** rate numeric(12, 6), kept below a million */
const rate = () => [DecimalField('financeRateInvalid', 12, 6, { max: MAX_RATE })];
/** tax rate in percent, numeric(5, 2), 0–100 */
const taxRate = () => [DecimalField('financeTaxRateInvalid', 5, 2, { max: MAX_TAX_RATE })];
const apply =
  (decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((d) => d(target, key));
const ids = () => IsIdList('financeIdsInvalid', { min: 1, max: MAX_BATCH });
const id = () => IsId();
const ver = () => IsVer();
const reason = () =>
  apply([Trimmed(), IsString({ message: () => t('financeReasonRequired') }), IsNotEmpty({ message: () => t('financeReasonRequired') }), text(500)]);

// ------------------------------------------------------------------ records

/** The fields of an outgoing or entry record (`finance/add/{outgoing|entry}`). */
export class RecordAddDto {
  /** required for an entry, optional for an outgoing */
  @IsOptional() @id() orderId?: number | null;
  @RequiredText(50, 'financeTypeRequired', 'orderTextTooLong') type!: string;
  @apply(amount()) amount!: number;
  @RequiredText(20, 'financeCurrencyRequired', 'orderTextTooLong') currency!: string;
  @IsOptional() @apply(rate()) rate?: number | null;
  @RequiredText(200, 'financeCounterpartyRequired', 'orderTextTooLong') counterparty!: string;
  @RequiredText(50, 'financeMethodRequired', 'orderTextTooLong') method!: string;
  @day() paidOn!: string;
  @IsOptional() @IsIdList('financeVouchersInvalid', { max: 10 }) voucherIds?: number[];
  @IsOptional() @BlankAsNull() @IsString() @text(500) remark?: string | null;
  /** true: straight to audit (pending) */
  @IsOptional() @IsBoolean() submit?: boolean;
}

/** A change of a record (update, amendments): fields left out keep their value. */
export class RecordChangeDto {
  @id() id!: number;
  @ver() ver!: number;
  @IsOptional() @id() orderId?: number | null;
  @IsOptional() @Trimmed() @IsString() @IsNotEmpty({ message: () => t('financeTypeRequired') }) @text(50) type?: string;
  @IsOptional() @apply(amount()) amount?: number;
  @IsOptional() @Trimmed() @IsString() @IsNotEmpty({ message: () => t('financeCurrencyRequired') }) @text(20) currency?: string;
  @IsOptional() @apply(rate()) rate?: number | null;
  @IsOptional() @Trimmed() @IsString() @IsNotEmpty({ message: () => t('financeCounterpartyRequired') }) @text(200) counterparty?: string;
  @IsOptional() @Trimmed() @IsString() @IsNotEmpty({ message: () => t('financeMethodRequired') }) @text(50) method?: string;
  @IsOptional() @day() paidOn?: string;
  @IsOptional() @IsIdList('financeVouchersInvalid', { max: 10 }) voucherIds?: number[];
  @IsOptional() @BlankAsNull() @IsString() @text(500) remark?: string | null;
}

export class RecordListDto extends PageQueryDto {
  @IsIn(RECORD_KINDS, { message: () => t('financeKindInvalid') }) kind!: RecordKind;
  @IsOptional() @IsIn(Object.keys(RECORD_VIEWS), { message: () => t('financeViewInvalid') }) view: RecordView = 'detailed';
  @IsOptional() @BlankAsNull() @IsString() @text(40) recordNo?: string | null;
  @IsOptional() @BlankAsNull() @IsString() @text(40) orderNo?: string | null;
  @IsOptional() @id() orderId?: number;
  @IsOptional() @id() customerId?: number;
  @IsOptional() @id() createdBy?: number;
  @IsOptional() @BlankAsNull() @IsString() @text(50) type?: string | null;
  @IsOptional() @BlankAsNull() @IsString() @text(20) currency?: string | null;
  @IsOptional() @BlankAsNull() @IsString() @text(50) method?: string | null;
  @IsOptional() @day() paidFrom?: string;
  @IsOptional() @day() paidTo?: string;
  @IsOptional() @BlankAsNull() @IsString() @text(50) key?: string | null;
  @IsOptional() @IsIn(['createdAt', 'paidOn', 'amount', 'recordNo'], { message: () => t('financeSortInvalid') }) sortField:
    'createdAt' | 'paidOn' | 'amount' | 'recordNo' = 'createdAt';
  @IsOptional() @IsIn(['asc', 'desc'], { message: () => t('financeSortInvalid') }) sortOrder: 'asc' | 'desc' = 'desc';
}

export class RecordIdsDto {
  @ids() ids!: number[];
}

export class SingleVerifyDto {
  @id() id!: number;
  @ver() ver!: number;
  @IsBoolean({ message: () => t('financePassInvalid') }) pass!: boolean;
  @ValidateIf((o: SingleVerifyDto) => o.pass === false || (o.reason !== undefined && o.reason !== null)) @reason() reason?: string;
}

export class BatchVerifyDto {
  @ids() ids!: number[];
  @IsBoolean({ message: () => t('financePassInvalid') }) pass!: boolean;
  @ValidateIf((o: BatchVerifyDto) => o.pass === false || (o.reason !== undefined && o.reason !== null)) @reason() reason?: string;
}

export class UnlockDto {
  @reason() reason!: string;
  @ver() ver!: number;
}

export class VerDto {
  @ver() ver!: number;
}

// ------------------------------------------------------------------ charges

export class ChargeAddDto {
  @id() orderId!: number;
  @RequiredText(50, 'financeTypeRequired', 'orderTextTooLong') type!: string;
  @apply(amount()) amount!: number;
  @RequiredText(20, 'financeCurrencyRequired', 'orderTextTooLong') currency!: string;
  @IsOptional() @apply(rate()) rate?: number | null;
  /** percent, default 0 */
  @IsOptional() @apply(taxRate()) taxRate?: number;
  @IsOptional() @BlankAsNull() @IsString() @text(200) counterparty?: string | null;
  @IsOptional() @day() chargedOn?: string;
  @IsOptional() @BlankAsNull() @IsString() @text(500) remark?: string | null;
}

export class QuoteChargeDto {
  /** the rate to CNY when the price is in a foreign currency */
  @IsOptional() @apply(rate()) rate?: number | null;
  /** percent, default 0 */
  @IsOptional() @apply(taxRate()) taxRate?: number;
}

/** Voids a charge: it stays, with the reason, and counts nowhere. */
export class ChargeVoidDto {
  @reason() reason!: string;
  @ver() ver!: number;
}

export class ChargeChangeDto {
  @id() id!: number;
  @ver() ver!: number;
  @IsOptional() @Trimmed() @IsString() @IsNotEmpty({ message: () => t('financeTypeRequired') }) @text(50) type?: string;
  @IsOptional() @apply(amount()) amount?: number;
  @IsOptional() @Trimmed() @IsString() @IsNotEmpty({ message: () => t('financeCurrencyRequired') }) @text(20) currency?: string;
  @IsOptional() @apply(rate()) rate?: number | null;
  @IsOptional() @apply(taxRate()) taxRate?: number;
  @IsOptional() @BlankAsNull() @IsString() @text(200) counterparty?: string | null;
  @IsOptional() @day() chargedOn?: string;
  @IsOptional() @BlankAsNull() @IsString() @text(500) remark?: string | null;
}

export class ChargeListDto extends PageQueryDto {
  @IsOptional() @id() orderId?: number;
  @IsOptional() @BlankAsNull() @IsString() @text(40) orderNo?: string | null;
  @IsOptional() @IsIn(CHARGE_KINDS, { message: () => t('financeKindInvalid') }) kind?: ChargeKind;
  @IsOptional() @BlankAsNull() @IsString() @text(50) type?: string | null;
  @IsOptional() @BlankAsNull() @IsString() @text(20) currency?: string | null;
  @IsOptional() @day() chargedFrom?: string;
  @IsOptional() @day() chargedTo?: string;
}

// ------------------------------------------------------------------ analysis

export class ArrearsDto extends PageQueryDto {
  @IsOptional() @day() asOf?: string;
  @IsOptional() @IsIn(['order', 'customer', 'salesman'], { message: () => t('financeGroupByInvalid') }) groupBy: 'order' | 'customer' | 'salesman' = 'order';
  @IsOptional() @IsIn(SHIP_TYPES, { message: () => t('financeShipTypeInvalid') }) shipType?: string;
  @IsOptional() @id() salesmanId?: number;
  @IsOptional() @id() customerId?: number;
  @IsOptional() @IsIn(AGE_BUCKETS, { message: () => t('financeBucketInvalid') }) bucket?: AgeBucket;
}

export class InquiryDto extends PageQueryDto {
  @IsOptional() @BlankAsNull() @IsString() @text(40) orderNo?: string | null;
  @IsOptional() @id() customerId?: number;
  @IsOptional() @BlankAsNull() @IsString() @text(20) containerNo?: string | null;
  @IsOptional() @IsIn(SHIP_TYPES, { message: () => t('financeShipTypeInvalid') }) shipType?: string;
  @IsOptional() @id() salesmanId?: number;
  @IsOptional() @day() createdFrom?: string;
  @IsOptional() @day() createdTo?: string;
}

export class ReportDto {
  @day() from!: string;
  @day() to!: string;
  @IsOptional() @IsIn(SHIP_TYPES, { message: () => t('financeShipTypeInvalid') }) shipType?: string;
  @IsOptional() @id() salesmanId?: number;
  @IsOptional() @id() customerId?: number;
}

// ------------------------------------------------------------------ commissions

export class RebateListDto extends PageQueryDto {
  @IsBoolean({ message: () => t('financePaidInvalid') }) paid!: boolean;
  @IsOptional() @IsIn(SHIP_TYPES, { message: () => t('financeShipTypeInvalid') }) shipType?: string;
  @IsOptional() @id() salesmanId?: number;
  @IsOptional() @id() customerId?: number;
  @IsOptional() @BlankAsNull() @IsString() @text(40) orderNo?: string | null;
}

export class RebatePayDto {
  @ids() ids!: number[];
}

export class BrokerageDemotionDto {
  @reason() reason!: string;
  @ver() ver!: number;
}

export class RuleSaveDto {
  @IsOptional() @id() id?: number;
  @ValidateIf((o: RuleSaveDto) => o.id !== undefined) @ver() ver?: number;
  @RequiredText(100, 'financeRuleNameRequired', 'orderTextTooLong') name!: string;
  @IsOptional() @BlankAsNull() @IsIn([...SHIP_TYPES, null], { message: () => t('financeShipTypeInvalid') }) shipType?: string | null;
  @IsOptional() @id() salesmanId?: number | null;
  @IsOptional() @BlankAsNull() @IsString() @text(20) customerLevel?: string | null;
  @IsIn(['revenue', 'profit'], { message: () => t('financeBasisInvalid') }) basis!: 'revenue' | 'profit';
  @DecimalField('financeRulePercentInvalid', 7, 4, { max: 100 }) rate!: number;
  @IsOptional() @IsBoolean() enabled: boolean = true;
}

export class ShipTypePathDto {
  @IsIn(SHIP_TYPES, { message: () => t('financeShipTypeInvalid') }) shipType!: string;
}

/** 导出当前列表 of a finance record list: its filters and the columns the user sees (order/finance/list/export). */
export class RecordListExportDto extends ListExportOf(RecordListDto) {}

/** 导出当前列表 of the arrears screen (finance/arrears/export), of the order inquiry (finance/inquiry/export) and of the commissions (finance/rebate/list/export). */
export class ArrearsExportDto extends ListExportOf(ArrearsDto) {}
export class InquiryExportDto extends ListExportOf(InquiryDto) {}
export class RebateListExportDto extends ListExportOf(RebateListDto) {}
