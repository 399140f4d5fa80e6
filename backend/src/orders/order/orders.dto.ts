import { ListExportOf } from '../../common/list-export.js';
import { ApiHideProperty } from '@nestjs/swagger';
import { ORDER_VIEWS, type OrderView, SHIP_TYPES, type ShipType, type UpgradeStage, ORDER_SORTS, type OrderSort } from '@forwarder/domain';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import { DecimalField, IntField, IsContainerNo, IsId, IsIdList, IsInstant, IsVer, NotInFuture } from '../../common/fields.js';
import { t, type MessageKey } from '../../common/messages.js';
import { PageQueryDto } from '../../common/pagination.js';
import { BlankAsNull, Trimmed, RequiredText } from '../../common/transforms.js';
import { moveName } from './stage-names.js';

/** At most this many orders move in one upgrade call. */
export const MAX_BATCH = 200;

const text = (max: number) => MaxLength(max, { message: () => t('orderTextTooLong', { max }) });
/** weights numeric(12, 3) */
const quantity = () => DecimalField('orderQuantityInvalid', 12, 3, { min: 0.001 });
const time = () => IsInstant('orderTimeInvalid');
const id = () => IsId();
const ver = () => IsVer();

/** The fields an order's form edits (add and update); the stage data is entered by the moves and the update. */
export class OrderFieldsDto {
  @IsOptional() @BlankAsNull() @IsString() @text(100) channel?: string | null;
  @IsOptional() @IntField('orderPackagesInvalid', { min: 1 }) packages?: number | null;
  @IsOptional() @quantity() grossWeight?: number | null;
  @IsOptional() @DecimalField('orderQuantityInvalid', 12, 4, { min: 0.001 }) volume?: number | null;
  /** left out: computed from the gross and volumetric weight */
  @IsOptional() @quantity() chargeableWeight?: number | null;
  @IsOptional() @DecimalField('orderAmountInvalid', 14, 2) declaredValue?: number | null;
  @IsOptional() @BlankAsNull() @IsString() @text(20) currency?: string | null;
  @IsOptional() @BlankAsNull() @IsString() @text(200) consignee?: string | null;
  @IsOptional() @BlankAsNull() @IsString() @text(30) consigneePhone?: string | null;
  @IsOptional() @BlankAsNull() @IsString() @text(500) deliveryAddress?: string | null;
  @IsOptional() @BlankAsNull() @IsString() @text(1000) remark?: string | null;
  @IsOptional() @id() operatorId?: number | null;
}

export class OrderAddDto extends OrderFieldsDto {
  @IsId('orderCustomerRequired') customerId!: number;
  @IsId('priceOriginInvalid') originPortId!: number;
  @IsId('priceDestinationInvalid') destinationPortId!: number;
  @RequiredText(200, 'orderGoodsNameRequired', 'orderTextTooLong')
  goodsName!: string;
  /** the customer is a peer agent: the mark takes the salesman's peer label instead of the direct one */
  @IsOptional() @IsBoolean() peer?: boolean;
}

/**
 * The stage data, entered by a move or corrected by the update: one set of fields and rules added to
 * either class (a mixin, as a DTO can extend one class only).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript accepts a mixin's base only as `new (...args: any[])`
function withStageData<T extends new (...args: any[]) => object>(Base: T) {
  class StageData extends Base {
    @IsOptional() @BlankAsNull() @IsContainerNo() containerNo?: string | null;
    @IsOptional() @BlankAsNull() @IsString() @text(30) sealNo?: string | null;
    @IsOptional() @BlankAsNull() @IsString() @text(50) waybillNo?: string | null;
    @IsOptional() @BlankAsNull() @IsString() @text(50) customsDeclarationNo?: string | null;
    @IsOptional() @BlankAsNull() @IsString() @text(100) vesselVoyage?: string | null;
    @IsOptional() @BlankAsNull() @IsString() @text(20) flightNo?: string | null;
    @IsOptional() @BlankAsNull() @IsString() @text(50) billOfLadingNo?: string | null;
    @IsOptional() @ValidateIf((_, v) => v !== null) @time() etd?: string | null;
    @IsOptional() @ValidateIf((_, v) => v !== null) @time() eta?: string | null;
  }
  return StageData;
}

/** The stage data a move enters, with the times the moves stamp (now when left out: STAMPED_ON_MOVE). */
export class StageDataDto extends withStageData(class {}) {
  @IsOptional() @ValidateIf((_, v) => v !== null) @time() @NotInFuture('orderFieldArrivedAt') arrivedAt?: string | null;
  @IsOptional() @ValidateIf((_, v) => v !== null) @time() @NotInFuture('orderFieldDeliveredAt') deliveredAt?: string | null;
}

/**
 * A time only its move stamps (MOVE_STAMPS): refused on the order's update, naming the field, so a date the
 * customer sees on the tracking page is the stages' (an unknown field would only be dropped in silence).
 */
const StampedByMove = (field: MessageKey, move: UpgradeStage) =>
  ValidateBy(
    { name: 'stampedByMove', validator: { validate: (value) => value === undefined } },
    { message: () => t('orderStampedByMove', { field: t(field), move: moveName(move) }) },
  );

/** Fields left out keep their value; null clears an optional one. */
export class OrderUpdateDto extends withStageData(OrderFieldsDto) {
  @id() id!: number;
  @ver() ver!: number;
  /** may be sent (the form sends the whole order) but not changed */
  @IsOptional() @IsId() customerId?: number;
  @IsOptional() @IsId('priceOriginInvalid') originPortId?: number;
  @IsOptional() @IsId('priceDestinationInvalid') destinationPortId?: number;
  @IsOptional()
  @RequiredText(200, 'orderGoodsNameRequired', 'orderTextTooLong')
  goodsName?: string;
  // not in the contract: no value is taken (to 到港 and 完成派送 only)
  @ApiHideProperty() @StampedByMove('orderFieldArrivedAt', 'arriveCabinet') arrivedAt?: undefined;
  @ApiHideProperty() @StampedByMove('orderFieldDeliveredAt', 'completeDelivery') deliveredAt?: undefined;
}

/** An upgrade: the orders (all move or none) and the stage data entered for all of them. */
export class OrderUpgradeDto extends StageDataDto {
  @IsIdList('orderIdsInvalid', { min: 1, max: MAX_BATCH })
  ids!: number[];
  @IsOptional() @BlankAsNull() @IsString() @text(200) location?: string | null;
}

const reason = () => RequiredText(500, 'orderReasonRequired');

export class OrderDemotionDto {
  @reason() reason!: string;
  @ver() ver!: number;
}

export class OrderHoldDto {
  @id() id!: number;
  @reason() reason!: string;
  @ver() ver!: number;
}

export class OrderVoidDto {
  @IsOptional() @BlankAsNull() @IsString() @MaxLength(500, { message: () => t('orderReasonRequired') }) reason?: string | null;
  @IsOptional() @ver() ver?: number;
}

export class OrderRevokeDto {
  @IsOptional() @ver() ver?: number;
}

export class OrderListDto extends PageQueryDto {
  @IsIn(SHIP_TYPES, { message: () => t('orderShipTypeInvalid') }) shipType!: ShipType;
  /** the screen: a stage (orders moving normally in it), all (every order not voided), abnormal, detain, delete */
  @IsOptional() @IsIn(ORDER_VIEWS, { message: () => t('orderViewInvalid') }) view: OrderView = 'all';
  @IsOptional() @Trimmed() @IsString() @text(40) orderNo?: string;
  @IsOptional() @id() customerId?: number;
  @IsOptional() @id() salesmanId?: number;
  @IsOptional() @id() originPortId?: number;
  @IsOptional() @id() destinationPortId?: number;
  @IsOptional() @Trimmed() @IsString() @text(20) containerNo?: string;
  @IsOptional() @time() createdFrom?: string;
  @IsOptional() @time() createdTo?: string;
  /** part of the order number, mark, goods, container, waybill or bill of lading, any case */
  @IsOptional() @Trimmed() @IsString() @text(50) key?: string;
  /** only the pre-alerts customers sent from the portal (true), or only the others (false) */
  @IsOptional() @IsBoolean() fromPortal?: boolean;
  @IsOptional() @IsIn(ORDER_SORTS, { message: () => t('orderSortInvalid') }) sortField: OrderSort = 'createdAt';
  @IsOptional() @IsIn(['asc', 'desc'], { message: () => t('orderSortInvalid') }) sortOrder: 'asc' | 'desc' = 'desc';
}

export class TrackInsertDto {
  @id() orderId!: number;
  @RequiredText(1000, 'orderTrackContentRequired')
  content!: string;
  @IsOptional() @BlankAsNull() @IsString() @text(200) location?: string | null;
  /** defaults to now */
  @IsOptional() @time() @NotInFuture('orderFieldOccurredAt') occurredAt?: string;
}

export class TrackUpdateDto {
  @RequiredText(1000, 'orderTrackContentRequired')
  content!: string;
  @IsOptional() @BlankAsNull() @IsString() @text(200) location?: string | null;
  @IsOptional() @time() @NotInFuture('orderFieldOccurredAt') occurredAt?: string;
  @ver() ver!: number;
}

/** 导出当前列表 of an order screen: the list's filters and the columns the user sees (order/list/export). */
export class OrderListExportDto extends ListExportOf(OrderListDto) {}
