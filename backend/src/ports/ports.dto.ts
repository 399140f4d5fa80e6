import { Transform } from 'class-transformer';
import { IsIn, IsOptional, Length, ValidateBy } from 'class-validator';
import { t, type MessageKey } from '../common/messages.js';
import { PageQueryDto } from '../common/pagination.js';
import { BlankAsNull, Trimmed, OptionalFlag, OptionalText } from '../common/transforms.js';
import { isPortCode, PORT_KINDS, portCodeMessage, SHIP_TYPES, type PortKind, type ShipType } from './port-rules.js';
import { ListExportOf } from '../common/list-export.js';
import { missingOr } from '../common/fields.js';

const MAX_ID = 2_147_483_647;

export const WholeNumber = (min: number, max: number, message: MessageKey) =>
  ValidateBy({
    name: 'wholeNumber',
    validator: { validate: (value) => Number.isInteger(value) && value >= min && value <= max, defaultMessage: () => t(message) },
  });

export const ShipTypeRule = () => IsIn(SHIP_TYPES, { message: () => t('shipTypeInvalid') });
const PortKindRule = () => IsIn(PORT_KINDS, { message: () => t('portKindInvalid') });

/** Port codes are stored upper case, whatever was typed. */
const UpperTrimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value));

/** A UN/LOCODE on the sea lines, an IATA airport code on the air line (an unknown line is reported on shipType). */
const PortCode = () =>
  ValidateBy({
    name: 'portCode',
    validator: {
      validate: (value, args) => {
        const shipType = (args?.object as { shipType?: string }).shipType ?? '';
        if (typeof value !== 'string' || value === '') return false;
        return !(SHIP_TYPES as readonly string[]).includes(shipType) || isPortCode(shipType, value);
      },
      defaultMessage: (args) =>
        typeof args?.value === 'string' && args.value !== '' ? t(portCodeMessage((args.object as { shipType: string }).shipType)) : t('portCodeRequired'),
    },
  });

/** What the port form edits. The line and kind come from the screen (/port/smallbagStart …). */
export class PortFieldsDto {
  @ShipTypeRule()
  shipType: ShipType;

  @PortKindRule()
  kind: PortKind;

  @UpperTrimmed()
  @PortCode()
  code: string;

  @Trimmed()
  @Length(1, 100, { message: missingOr('portNameZhRequired', 'portNameZhLength') })
  nameZh: string;

  @Trimmed()
  @Length(1, 100, { message: missingOr('portNameEnRequired', 'portNameEnLength') })
  nameEn: string;

  @Trimmed()
  @Length(1, 60, { message: missingOr('portCountryRequired', 'portCountryLength') })
  country: string;

  @OptionalText(60, 'portCityLength')
  city?: string | null;

  /** Disabled ports stay on their prices but are no longer offered for new ones. */
  @OptionalFlag('enabledInvalid')
  enabled?: boolean;

  @IsOptional()
  @WholeNumber(0, 9999, 'portSortInvalid')
  sort?: number;
}

export class AddPortDto extends PortFieldsDto {}

/** shipType and kind are sent as the screen knows them; they cannot change. */
export class UpdatePortDto extends PortFieldsDto {
  @WholeNumber(1, MAX_ID, 'idInvalid')
  id: number;

  @WholeNumber(1, MAX_ID, 'verInvalid')
  ver: number;
}

export class ListPortsDto extends PageQueryDto {
  @ShipTypeRule()
  shipType: ShipType;

  @PortKindRule()
  kind: PortKind;

  /** Part of the code or of either name. */
  @OptionalText(50, 'searchKeyLength')
  key?: string | null;

  @BlankAsNull()
  @OptionalFlag('enabledInvalid')
  enabled?: boolean | null;
}

export class PortOptionsDto {
  @ShipTypeRule()
  shipType: ShipType;

  @PortKindRule()
  kind: PortKind;
}

export interface PortView {
  id: number;
  shipType: string;
  kind: string;
  code: string;
  nameZh: string;
  nameEn: string;
  country: string;
  city: string | null;
  enabled: boolean;
  sort: number;
  ver: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A port in a select: enabled ports of one line and kind. */
export interface PortOption {
  id: number;
  code: string;
  nameZh: string;
  nameEn: string;
}

/** 导出当前列表 of a port list: its filters and the columns the user sees (port/list/export). */
export class PortListExportDto extends ListExportOf(ListPortsDto) {}
