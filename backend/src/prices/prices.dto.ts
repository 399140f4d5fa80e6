import { breakListProblem, isAmount, MAX_BREAKS, PRICE_KINDS, PRICE_UNITS, type BreakListProblem, type PriceKind, type PriceUnit } from '@forwarder/domain';
import { Type } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Length, MaxLength, ValidateBy, ValidateNested } from 'class-validator';
import { t, type MessageKey } from '../common/messages.js';
import { PageQueryDto } from '../common/pagination.js';
import { BlankAsNull, Trimmed, OptionalText, RequiredText } from '../common/transforms.js';
import { ShipTypeRule, WholeNumber } from '../ports/ports.dto.js';
import type { ShipType } from '../ports/port-rules.js';
import { BREAK_MESSAGES, parseDay } from './price-rules.js';
import { ListExportOf } from '../common/list-export.js';
import { missingOr } from '../common/fields.js';

const MAX_ID = 2_147_483_647;
/** Limits of the decimal columns: min_charge (14,2), min_quantity (14,3), unit_price (14,4). */
const MONEY_LIMIT = 1e12;
const QUANTITY_LIMIT = 1e11;
const UNIT_PRICE_LIMIT = 1e10;

const Amount = (places: number, limit: number, message: MessageKey) =>
  ValidateBy({ name: 'amount', validator: { validate: (value) => isAmount(value, places, limit), defaultMessage: () => t(message) } });

/** A calendar day, YYYY-MM-DD. */
const Day = () => ValidateBy({ name: 'day', validator: { validate: (value) => parseDay(value) !== null, defaultMessage: () => t('priceDateInvalid') } });

/** validTo is not before validFrom (checked once both are real days). */
const NotBeforeValidFrom = () =>
  ValidateBy({
    name: 'notBeforeValidFrom',
    validator: {
      validate: (value, args) => {
        const from = parseDay((args?.object as { validFrom?: unknown }).validFrom);
        const to = parseDay(value);
        return !from || !to || from <= to;
      },
      defaultMessage: () => t('priceValidToBeforeFrom'),
    },
  });

const breaksRequired = () => t(BREAK_MESSAGES.breaksRequired, { max: MAX_BREAKS });
const isBreak = (value: unknown): value is { minQuantity: number; unitPrice: number } => {
  const entry = value as { minQuantity?: unknown; unitPrice?: unknown } | null;
  return typeof entry === 'object' && entry !== null && isAmount(entry.minQuantity, 3, QUANTITY_LIMIT) && isAmount(entry.unitPrice, 4, UNIT_PRICE_LIMIT);
};
/** What is wrong with the breaks as a whole; their order is judged once every entry is a break (an entry that is not reports its own error). */
function breaksProblem(value: unknown): BreakListProblem | null {
  if (!Array.isArray(value)) return 'breaksRequired';
  const problem = breakListProblem(value);
  return problem === 'breaksRequired' || value.every(isBreak) ? problem : null;
}
/** 1 to MAX_BREAKS breaks, the first from 0, each next from a higher quantity. */
const PriceBreaks = () =>
  ValidateBy({
    name: 'priceBreaks',
    validator: {
      validate: (value) => !breaksProblem(value),
      defaultMessage: (args) => t(BREAK_MESSAGES[breaksProblem(args?.value) ?? 'breaksIncreasing'], { max: MAX_BREAKS }),
    },
  });

const KindRule = () => IsIn(PRICE_KINDS, { message: () => t('priceKindInvalid') });
const UnitRule = () => IsIn(PRICE_UNITS, { message: () => t('priceUnitInvalid') });

/** The fields a price and a row of the import sheet have in common. */
export abstract class PriceTermsDto {
  @KindRule()
  kind: PriceKind;

  @Trimmed()
  @Length(1, 100, { message: missingOr('priceChannelRequired', 'priceChannelLength') })
  channel: string;

  @UnitRule()
  unit: PriceUnit;

  /** A value of the `currency` dictionary (checked by the service). */
  @RequiredText(20, 'priceCurrencyRequired')
  currency: string;

  @Amount(2, MONEY_LIMIT, 'priceMinChargeInvalid')
  minCharge: number = 0;

  @Day()
  validFrom: string;

  @Day()
  @NotBeforeValidFrom()
  validTo: string;

  @OptionalText(500, 'priceRemarkLength')
  remark?: string | null;
}

export class PriceBreakDto {
  @Amount(3, QUANTITY_LIMIT, 'priceBreakQuantityInvalid')
  minQuantity: number;

  @Amount(4, UNIT_PRICE_LIMIT, 'priceBreakUnitPriceInvalid')
  unitPrice: number;
}

export class PriceFieldsDto extends PriceTermsDto {
  @ShipTypeRule()
  shipType: ShipType;

  /** A start port of the line. */
  @WholeNumber(1, MAX_ID, 'priceOriginRequired')
  originPortId: number;

  /** An end port of the line. */
  @WholeNumber(1, MAX_ID, 'priceDestinationRequired')
  destinationPortId: number;

  /** From the lowest quantity up: the first from 0, strictly increasing. */
  @ValidateNested({ each: true, message: breaksRequired })
  @Type(() => PriceBreakDto)
  @PriceBreaks()
  breaks: PriceBreakDto[];
}

export class AddPriceDto extends PriceFieldsDto {}

/** shipType and kind are sent as the screen knows them; they cannot change. The breaks are replaced. */
export class UpdatePriceDto extends PriceFieldsDto {
  @WholeNumber(1, MAX_ID, 'idInvalid')
  id: number;

  @WholeNumber(1, MAX_ID, 'verInvalid')
  ver: number;
}

/** The filters of the price screen; the export takes the same (its paging is ignored). */
export class ListPricesDto extends PageQueryDto {
  @ShipTypeRule()
  shipType: ShipType;

  /** Without it: every kind the caller may see. */
  @IsOptional()
  @KindRule()
  kind?: PriceKind;

  @IsOptional()
  @WholeNumber(1, MAX_ID, 'idInvalid')
  originPortId?: number;

  @IsOptional()
  @WholeNumber(1, MAX_ID, 'idInvalid')
  destinationPortId?: number;

  /** Part of the channel. */
  @OptionalText(100, 'priceChannelLength')
  channel?: string | null;

  /** Only prices valid on this day (YYYY-MM-DD). */
  @BlankAsNull()
  @IsOptional()
  @Day()
  validOn?: string | null;
}

export class QuoteDto {
  @ShipTypeRule()
  shipType: ShipType;

  @WholeNumber(1, MAX_ID, 'priceOriginRequired')
  originPortId: number;

  @WholeNumber(1, MAX_ID, 'priceDestinationRequired')
  destinationPortId: number;

  /** Without it the route must have a single channel valid that day. */
  @OptionalText(100, 'priceChannelLength')
  channel?: string | null;

  @Day()
  date: string;

  @ValidateBy({
    name: 'quantity',
    validator: { validate: (value) => isAmount(value, 3, QUANTITY_LIMIT) && value > 0, defaultMessage: () => t('priceQuantityInvalid') },
  })
  quantity: number;

  @UnitRule()
  unit: PriceUnit;

  @IsOptional()
  @KindRule()
  kind: PriceKind = 'quotation';
}

/** One data row of the import sheet, its cells read by column header (see price-sheet.ts). */
export class ImportPriceRowDto extends PriceTermsDto {
  @IsString({ message: () => t('priceImportOriginCodeRequired') })
  @IsNotEmpty({ message: () => t('priceImportOriginCodeRequired') })
  @MaxLength(10, { message: () => t('priceImportOriginCodeRequired') })
  originCode: string;

  @IsString({ message: () => t('priceImportDestinationCodeRequired') })
  @IsNotEmpty({ message: () => t('priceImportDestinationCodeRequired') })
  @MaxLength(10, { message: () => t('priceImportDestinationCodeRequired') })
  destinationCode: string;

  @Amount(3, QUANTITY_LIMIT, 'priceBreakQuantityInvalid')
  minQuantity: number;

  @Amount(4, UNIT_PRICE_LIMIT, 'priceBreakUnitPriceInvalid')
  unitPrice: number;
}

export interface PortRef {
  id: number;
  code: string;
  nameZh: string;
  nameEn: string;
}

export interface PriceView {
  id: number;
  shipType: string;
  kind: string;
  originPortId: number;
  originPort: PortRef | null;
  destinationPortId: number;
  destinationPort: PortRef | null;
  channel: string;
  unit: string;
  currency: string;
  minCharge: number;
  /** YYYY-MM-DD, both ends included */
  validFrom: string;
  validTo: string;
  remark: string | null;
  breaks: { minQuantity: number; unitPrice: number }[];
  createdBy: number;
  ver: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface PriceQuote {
  priceId: number;
  kind: string;
  channel: string;
  unit: string;
  currency: string;
  validFrom: string;
  validTo: string;
  quantity: number;
  minCharge: number;
  /** the break applied: the highest starting quantity not above the quantity */
  breakMinQuantity: number;
  unitPrice: number;
  /** max(minCharge, quantity × unitPrice), rounded to 2 decimals */
  amount: number;
  minChargeApplied: boolean;
}

/** The lookup's answer: a quote, or null and why none applies. */
export type QuoteResult = { quote: PriceQuote; reason: null } | { quote: null; reason: string };

/** `import/{shipType}`: the line the sheet's prices belong to. */
export class ImportPathDto {
  @ShipTypeRule()
  shipType: ShipType;
}

/** 导出当前列表 of a price list: its filters and the columns the user sees (price/list/export). */
export class PriceListExportDto extends ListExportOf(ListPricesDto) {}
