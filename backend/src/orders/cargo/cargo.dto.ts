import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { DecimalField, IntField, IsContainerNo, IsId, IsIdList, IsInstant, IsVer, NotInFuture } from '../../common/fields.js';
import { t, type MessageKey } from '../../common/messages.js';
import { BlankAsNull, OptionalText, Trimmed } from '../../common/transforms.js';
import { MAX_BATCH } from '../order/orders.dto.js';

/** A packing list holds at most this many rows. */
export const MAX_BOXES = 500;

const id = () => IsId();
const ver = () => IsVer();
const time = () => IsInstant('orderTimeInvalid');
const text = (max: number) => MaxLength(max, { message: () => t('orderTextTooLong', { max }) });
const packages = () => [IntField('orderPackagesInvalid', { min: 1 })];
/** a lot's weight and volume: numeric(12, 3) and numeric(12, 4) */
const weight = () => [DecimalField('orderQuantityInvalid', 12, 3, { min: 0.001 })];
const volume = () => [DecimalField('cargoVolumeInvalid', 12, 4, { min: 0.0001 })];
const apply =
  (decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((d) => d(target, key));
/** A required text of at most `max` characters; one message for any fault. */
const requiredText = (max: number, key: MessageKey) =>
  apply([Trimmed(), IsString({ message: () => t(key) }), IsNotEmpty({ message: () => t(key) }), MaxLength(max, { message: () => t(key) })]);

/** One lot received at the warehouse. */
export class CargoRegisterDto {
  @id() orderId!: number;
  @apply(packages()) packages!: number;
  @apply(weight()) grossWeight!: number;
  @apply(volume()) volume!: number;
  /** the warehouse location the lot was put (库位) */
  @OptionalText(100, 'cargoLocationInvalid') location?: string | null;
  /** defaults to now */
  @IsOptional() @time() @NotInFuture('cargoFieldReceivedAt') receivedAt?: string;
  @OptionalText(500, 'cargoRemarkInvalid') remark?: string | null;
  /** a number drawn beforehand with serial/receipt (printed on the label); left out: the next one */
  @OptionalText(40, 'cargoReceiptNoInvalid') receiptNo?: string | null;
  /** marks the order's cargo complete (needs order:cargoComplete) */
  @IsOptional() @IsBoolean({ message: () => t('cargoCompleteInvalid') }) complete?: boolean;
}

/** One row of a packing list: `quantity` boxes of the same size and weight. */
export class PackingBoxDto {
  @OptionalText(50, 'cargoBoxNoInvalid') boxNo?: string | null;
  @apply(dimension()) length!: number;
  @apply(dimension()) width!: number;
  @apply(dimension()) height!: number;
  /** kg, of one box: numeric(10, 3) */
  @DecimalField('orderQuantityInvalid', 10, 3, { min: 0.001 }) grossWeight!: number;
  @IntField('cargoBoxQuantityInvalid', { min: 1, max: 99_999 }) quantity!: number;
  @OptionalText(200, 'cargoGoodsNameInvalid') goodsName?: string | null;
  /** smallbag only: the parcel's last-mile tracking number (then quantity 1) */
  @OptionalText(50, 'cargoTrackingNoInvalid') trackingNo?: string | null;
}
function dimension() {
  // numeric(8, 1) columns, cm
  return [DecimalField('cargoDimensionInvalid', 8, 1, { min: 0.1, max: 99_999 })];
}

/** The whole packing list of an order: it replaces the one saved before. */
export class CargoPackageDto {
  @id() orderId!: number;
  @ver() ver!: number;
  @IsArray({ message: () => t('cargoBoxesInvalid', { max: MAX_BOXES }) })
  @ArrayMinSize(1, { message: () => t('cargoBoxesInvalid', { max: MAX_BOXES }) })
  @ArrayMaxSize(MAX_BOXES, { message: () => t('cargoBoxesInvalid', { max: MAX_BOXES }) })
  @ValidateNested({ each: true })
  @Type(() => PackingBoxDto)
  boxes!: PackingBoxDto[];
}

/** One container and its seal for several sea orders. */
export class CargoSealDto {
  @IsIdList('orderIdsInvalid', { min: 1, max: MAX_BATCH })
  ids!: number[];
  @IsContainerNo() containerNo!: string;
  @requiredText(30, 'cargoSealNoRequired') sealNo!: string;
}

/** The destination agent: the fields replace the ones saved before (left out: cleared). */
export class CargoDeputyDto {
  @id() orderId!: number;
  @ver() ver!: number;
  @requiredText(200, 'cargoAgentNameRequired') agentName!: string;
  @OptionalText(100, 'cargoAgentContactInvalid') agentContact?: string | null;
  @OptionalText(30, 'phoneInvalid') agentPhone?: string | null;
  @IsOptional() @BlankAsNull() @IsEmail({}, { message: () => t('emailInvalid') }) @text(100) agentEmail?: string | null;
  @OptionalText(500, 'cargoAgentAddressInvalid') agentAddress?: string | null;
  @OptionalText(500, 'cargoRemarkInvalid') remark?: string | null;
}

/** Corrects the warehouse data; fields left out keep their value, null clears location or time (not the figures). */
export class CargoWarehouseUpdateDto {
  @id() orderId!: number;
  @ver() ver!: number;
  @ValidateIf((_, v) => v !== undefined) @apply(packages()) packages?: number;
  @ValidateIf((_, v) => v !== undefined) @apply(weight()) grossWeight?: number;
  @ValidateIf((_, v) => v !== undefined) @apply(volume()) volume?: number;
  @OptionalText(100, 'cargoLocationInvalid') warehouseLocation?: string | null;
  @IsOptional() @ValidateIf((_, v) => v !== null) @time() @NotInFuture('cargoFieldReceivedAt') receivedAt?: string | null;
}

/** Changes the sailing data; fields left out keep their value, null clears one. */
export class CargoSailUpdateDto {
  @id() orderId!: number;
  @ver() ver!: number;
  /** sea lines */
  @IsOptional() @BlankAsNull() @IsString() @text(100) vesselVoyage?: string | null;
  /** air */
  @IsOptional() @BlankAsNull() @IsString() @text(20) flightNo?: string | null;
  @IsOptional() @ValidateIf((_, v) => v !== null) @time() etd?: string | null;
  @IsOptional() @ValidateIf((_, v) => v !== null) @time() eta?: string | null;
  @IsOptional() @BlankAsNull() @IsString() @text(50) billOfLadingNo?: string | null;
}
