import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsISO8601, IsNotEmpty, IsNumber, IsOptional, IsString, MaxLength, Min, ValidateIf } from 'class-validator';
import { t } from '../../common/messages.js';
import { PageQueryDto } from '../../common/pagination.js';
import { SHIP_TYPES, type ShipType } from '../../common/ship-types.js';
import { BlankAsNull, Trimmed } from '../../common/transforms.js';
import { ORDER_VIEWS, type OrderView } from './order-stages.js';

/** At most this many orders move in one upgrade call. */
export const MAX_BATCH = 200;

const text = (max: number) => MaxLength(max, { message: () => t('orderTextTooLong', { max }) });
const quantity = () => IsNumber({ maxDecimalPlaces: 3 }, { message: () => t('orderQuantityInvalid') });
const positive = () => Min(0.001, { message: () => t('orderQuantityInvalid') });
const time = () => IsISO8601({ strict: true }, { message: () => t('orderTimeInvalid') });
const id = () => IsInt({ message: () => t('idInvalid') });
const ver = () => IsInt({ message: () => t('verInvalid') });

/** The fields an order's form edits (add and update); the stage data is entered by the moves and the update. */
class OrderFieldsDto {
  @IsOptional() @BlankAsNull() @IsString() @text(100) channel?: string | null;
  @IsOptional() @IsInt({ message: () => t('orderPackagesInvalid') }) @Min(1, { message: () => t('orderPackagesInvalid') }) packages?: number | null;
  @IsOptional() @quantity() @positive() grossWeight?: number | null;
  @IsOptional() @IsNumber({ maxDecimalPlaces: 4 }, { message: () => t('orderQuantityInvalid') }) @positive() volume?: number | null;
  /** left out: computed from the gross and volumetric weight */
  @IsOptional() @quantity() @positive() chargeableWeight?: number | null;
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2 }, { message: () => t('orderAmountInvalid') }) @Min(0, { message: () => t('orderAmountInvalid') }) declaredValue?: number | null;
  @IsOptional() @BlankAsNull() @IsString() currency?: string | null;
  @IsOptional() @BlankAsNull() @IsString() @text(200) consignee?: string | null;
  @IsOptional() @BlankAsNull() @IsString() @text(30) consigneePhone?: string | null;
  @IsOptional() @BlankAsNull() @IsString() @text(500) deliveryAddress?: string | null;
  @IsOptional() @BlankAsNull() @IsString() @text(1000) remark?: string | null;
  @IsOptional() @id() operatorId?: number | null;
}

export class OrderAddDto extends OrderFieldsDto {
  @IsInt({ message: () => t('orderCustomerRequired') }) customerId!: number;
  @IsInt({ message: () => t('priceOriginInvalid') }) originPortId!: number;
  @IsInt({ message: () => t('priceDestinationInvalid') }) destinationPortId!: number;
  @Trimmed() @IsString({ message: () => t('orderGoodsNameRequired') }) @IsNotEmpty({ message: () => t('orderGoodsNameRequired') }) @text(200) goodsName!: string;
  /** the customer is a peer agent: the mark takes the salesman's peer label instead of the direct one */
  @IsOptional() @IsBoolean() peer?: boolean;
}

/**
 * The stage data, entered by a move or corrected by the update: one set of fields and rules added to
 * either class (a mixin, as a DTO can extend one class only).
 */
function withStageData<T extends new (...args: any[]) => object>(Base: T) {
  class StageData extends Base {
    @IsOptional() @BlankAsNull() @IsString() @text(20) containerNo?: string | null;
    @IsOptional() @BlankAsNull() @IsString() @text(30) sealNo?: string | null;
    @IsOptional() @BlankAsNull() @IsString() @text(50) waybillNo?: string | null;
    @IsOptional() @BlankAsNull() @IsString() @text(50) customsDeclarationNo?: string | null;
    @IsOptional() @BlankAsNull() @IsString() @text(100) vesselVoyage?: string | null;
    @IsOptional() @BlankAsNull() @IsString() @text(20) flightNo?: string | null;
    @IsOptional() @BlankAsNull() @IsString() @text(50) billOfLadingNo?: string | null;
    @IsOptional() @ValidateIf((_, v) => v !== null) @time() etd?: string | null;
    @IsOptional() @ValidateIf((_, v) => v !== null) @time() eta?: string | null;
    @IsOptional() @ValidateIf((_, v) => v !== null) @time() arrivedAt?: string | null;
    @IsOptional() @ValidateIf((_, v) => v !== null) @time() deliveredAt?: string | null;
  }
  return StageData;
}

class StageDataDto extends withStageData(class {}) {}

/** Fields left out keep their value; null clears an optional one. */
export class OrderUpdateDto extends withStageData(OrderFieldsDto) {
  @id() id!: number;
  @ver() ver!: number;
  /** may be sent (the form sends the whole order) but not changed */
  @IsOptional() @IsInt() customerId?: number;
  @IsOptional() @IsInt({ message: () => t('priceOriginInvalid') }) originPortId?: number;
  @IsOptional() @IsInt({ message: () => t('priceDestinationInvalid') }) destinationPortId?: number;
  @IsOptional() @Trimmed() @IsString({ message: () => t('orderGoodsNameRequired') }) @IsNotEmpty({ message: () => t('orderGoodsNameRequired') }) @text(200) goodsName?: string;
}

/** An upgrade: the orders (all move or none) and the stage data entered for all of them. */
export class OrderUpgradeDto extends StageDataDto {
  @IsArray({ message: () => t('orderIdsInvalid', { max: MAX_BATCH }) })
  @ArrayMinSize(1, { message: () => t('orderIdsInvalid', { max: MAX_BATCH }) })
  @ArrayMaxSize(MAX_BATCH, { message: () => t('orderIdsInvalid', { max: MAX_BATCH }) })
  @IsInt({ each: true, message: () => t('orderIdsInvalid', { max: MAX_BATCH }) })
  ids!: number[];
  @IsOptional() @BlankAsNull() @IsString() @text(200) location?: string | null;
}

const reason = () => [
  Trimmed(),
  IsString({ message: () => t('orderReasonRequired') }),
  IsNotEmpty({ message: () => t('orderReasonRequired') }),
  MaxLength(500, { message: () => t('orderReasonRequired') }),
];
const apply = (decorators: PropertyDecorator[]): PropertyDecorator => (target, key) => decorators.forEach((d) => d(target, key));

export class OrderDemotionDto {
  @apply(reason()) reason!: string;
  @ver() ver!: number;
}

export class OrderHoldDto {
  @id() id!: number;
  @apply(reason()) reason!: string;
  @ver() ver!: number;
}

export class OrderVoidDto {
  @IsOptional() @BlankAsNull() @IsString() @MaxLength(500, { message: () => t('orderReasonRequired') }) reason?: string | null;
  @IsOptional() @ver() ver?: number;
}

export class OrderRevokeDto {
  @IsOptional() @ver() ver?: number;
}

export const ORDER_SORTS = ['createdAt', 'orderNo', 'etd', 'eta', 'grossWeight', 'updatedAt'] as const;

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
  @IsOptional() @IsIn(ORDER_SORTS, { message: () => t('orderSortInvalid') }) sortField: (typeof ORDER_SORTS)[number] = 'createdAt';
  @IsOptional() @IsIn(['asc', 'desc'], { message: () => t('orderSortInvalid') }) sortOrder: 'asc' | 'desc' = 'desc';
}

export class TrackInsertDto {
  @id() orderId!: number;
  @Trimmed() @IsString({ message: () => t('orderTrackContentRequired') }) @IsNotEmpty({ message: () => t('orderTrackContentRequired') }) @MaxLength(1000, { message: () => t('orderTrackContentRequired') }) content!: string;
  @IsOptional() @BlankAsNull() @IsString() @text(200) location?: string | null;
  /** defaults to now */
  @IsOptional() @time() occurredAt?: string;
}

export class TrackUpdateDto {
  @Trimmed() @IsString({ message: () => t('orderTrackContentRequired') }) @IsNotEmpty({ message: () => t('orderTrackContentRequired') }) @MaxLength(1000, { message: () => t('orderTrackContentRequired') }) content!: string;
  @IsOptional() @BlankAsNull() @IsString() @text(200) location?: string | null;
  @IsOptional() @time() occurredAt?: string;
  @ver() ver!: number;
}

