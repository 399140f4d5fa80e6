import { REFERENCE_NO_PATTERN, SHIP_TYPES, type ShipType, LABEL_TEMPLATES, type LabelTemplate } from '@forwarder/domain';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsId, IsIdList, IsInstant, IsVer } from '../../common/fields.js';
import { t, type MessageKey } from '../../common/messages.js';
import { MAX_BATCH, OrderListDto } from '../order/orders.dto.js';
import { BlankAsNull, OptionalText, Trimmed } from '../../common/transforms.js';
import { FREIGHT_TERMS, type FreightTerm } from './document-kinds.js';

const required = (max: number, key: MessageKey) => [
  Trimmed(),
  IsString({ message: () => t(key) }),
  IsNotEmpty({ message: () => t(key) }),
  MaxLength(max, { message: () => t(key) }),
];
const apply =
  (decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((d) => d(target, key));
/** A document number: letters, digits and - / . and spaces, ≤ 50 (the order's column). */
const documentNo = (key: MessageKey) => [...required(50, key), Matches(REFERENCE_NO_PATTERN, { message: () => t(key) })];

/** What a waybill and a bill of lading both carry. */
export class DocumentFieldsDto {
  @IsId() orderId!: number;
  /** the document's ver as read; left out (or null) only when the order has no document yet */
  @IsOptional() @IsVer() ver?: number | null;
  @apply(required(500, 'documentShipperRequired')) shipper!: string;
  @apply(required(500, 'documentConsigneeRequired')) consignee!: string;
  @OptionalText(500, 'documentNotifyPartyInvalid') notifyParty?: string | null;
  @OptionalText(1000, 'documentMarksInvalid') marks?: string | null;
  @IsIn(FREIGHT_TERMS, { message: () => t('documentFreightTermInvalid') }) freightTerm!: FreightTerm;
  @IsOptional() @BlankAsNull() @ValidateIf((_, v) => v !== null) @IsInstant('documentIssuedAtInvalid') issuedAt?: string | null;
  @OptionalText(1000, 'documentRemarkInvalid') remark?: string | null;
}

/** POST waybill/update: the air waybill of an air order. */
export class WaybillUpdateDto extends DocumentFieldsDto {
  @apply(documentNo('documentWaybillNoRequired')) waybillNo!: string;
  @apply(required(200, 'documentFromRequired')) from!: string;
  @apply(required(200, 'documentToRequired')) to!: string;
  @apply(required(2000, 'documentGoodsRequired')) goodsDescription!: string;
}

/** POST bill/update: the bill of lading of a sea-line order. */
export class BillUpdateDto extends DocumentFieldsDto {
  @apply(documentNo('documentBlNoRequired')) blNo!: string;
  @apply(required(200, 'documentPortOfLoadingRequired')) portOfLoading!: string;
  @apply(required(200, 'documentPortOfDischargeRequired')) portOfDischarge!: string;
  @OptionalText(100, 'documentVesselVoyageInvalid') vesselVoyage?: string | null;
  @apply(required(2000, 'documentGoodsRequired')) description!: string;
  /** defaults to 3 */
  @IsOptional()
  @IsInt({ message: () => t('documentOriginalsInvalid') })
  @Min(1, { message: () => t('documentOriginalsInvalid') })
  @Max(10, { message: () => t('documentOriginalsInvalid') })
  numberOfOriginals?: number | null;
}

export class OrderIdDto {
  @IsId() orderId!: number;
}

/** At most this many orders per label call (the dialog's textarea). */
export const MAX_LABEL_ORDERS = 500;

/** Lines of the textarea: trimmed, blanks dropped, repeats once, in the order typed. */
const orderNumbers = Transform(({ value }) =>
  Array.isArray(value) ? [...new Set(value.map((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v)).filter((v) => v !== ''))] : value,
);
const orderIds = Transform(({ value }) => (Array.isArray(value) ? [...new Set(value)] : value));

/** POST label/export: the orders by number (the dialog) or by id (a list's selection). */
export class LabelExportDto {
  @IsOptional()
  @orderNumbers
  @IsArray({ message: () => t('labelOrderNosInvalid') })
  @ArrayMaxSize(MAX_LABEL_ORDERS, { message: () => t('labelTooManyOrders', { max: MAX_LABEL_ORDERS }) })
  @IsString({ each: true, message: () => t('labelOrderNosInvalid') })
  @MaxLength(40, { each: true, message: () => t('labelOrderNosInvalid') })
  orderNos?: string[];

  @IsOptional()
  @orderIds
  @IsIdList('orderIdsInvalid', { max: MAX_LABEL_ORDERS })
  orderIds?: number[];
}

/** POST label/pdf: the labels drawn by the server, 100 × 100 mm, with a QR code or a Code 128 barcode. */
export class LabelPdfDto extends LabelExportDto {
  @IsOptional() @IsIn(LABEL_TEMPLATES, { message: () => t('labelTemplateInvalid') }) template: LabelTemplate = 'qrCode';
}

export class LabelTemplateParamDto {
  @IsIn(LABEL_TEMPLATES, { message: () => t('labelTemplateInvalid') }) name!: LabelTemplate;
}

/** scInformation/import/{x}: x is the line. */
export class ScImportPathDto {
  @IsIn(SHIP_TYPES, { message: () => t('orderShipTypeInvalid') }) x!: ShipType;
}

/** The list export of waybills or bills of lading: the ticked orders of the list, or, with none ticked, all it finds. */
export class DocumentExcelDto extends OrderListDto {
  /** the ticked orders; still within the list's filters and the caller's scope */
  @IsOptional() @IsIdList('orderIdsInvalid', { min: 1, max: MAX_BATCH }) ids?: number[];
}
