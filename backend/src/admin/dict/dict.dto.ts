import { DICT_CODE_PATTERN, DICT_STYLE_PATTERN, SORT_MAX } from '@forwarder/domain';
import { applyDecorators } from '@nestjs/common';
import { IsOptional, Length, Matches, MaxLength, ValidateBy } from 'class-validator';
import { t, type MessageKey } from '../../common/messages.js';
import { PageQueryDto } from '../../common/pagination.js';
import { BlankAsNull, Trimmed, OptionalFlag } from '../../common/transforms.js';
import { INT4_MAX, missingOr } from '../../common/fields.js';
import { ListExportOf } from '../../common/list-export.js';

/** The longest dictionary value (the bulk dialog's inputs and the dict_item column agree). */
export const DICT_VALUE_MAX_LENGTH = 225;

const WholeNumber = (min: number, max: number, message: MessageKey) =>
  ValidateBy({
    name: 'wholeNumber',
    validator: { validate: (value) => Number.isInteger(value) && value >= min && value <= max, defaultMessage: () => t(message) },
  });

/** An optional text of at most `max` characters ('' is not set: null); one message. */
const OptionalDictText = (max: number, key: MessageKey) => applyDecorators(MaxLength(max, { message: () => t(key) }), IsOptional(), BlankAsNull());
/** The code an edit form sends back: checked against the stored one by the service (it cannot change). */
const FixedCode = () => applyDecorators(MaxLength(50, { message: () => t('dictCodeFixed') }), IsOptional(), Trimmed());

// ---------------------------------------------------------------- dictionaries (types)

export class DictTypeFieldsDto {
  @Trimmed()
  @Length(1, 100, { message: missingOr('dictTypeNameRequired', 'dictNameLength') })
  dictName: string;

  @OptionalDictText(100, 'dictNameLength')
  dictNameEn?: string | null;

  @OptionalDictText(50, 'dictClassifyLength')
  classify?: string | null;

  @OptionalDictText(200, 'dictRemarkLength')
  remark?: string | null;
}

export class AddDictTypeDto extends DictTypeFieldsDto {
  @Trimmed()
  @Matches(DICT_CODE_PATTERN, { message: missingOr('dictCodeRequired', 'dictCodeFormat') })
  dictCode: string;
}

export class UpdateDictTypeDto extends DictTypeFieldsDto {
  @WholeNumber(1, INT4_MAX, 'idInvalid')
  id: number;

  @WholeNumber(1, INT4_MAX, 'verInvalid')
  ver: number;

  /** Forms send the code back; it identifies the dictionary in code and cannot change. */
  @FixedCode()
  dictCode?: string;
}

export class ListDictTypesDto extends PageQueryDto {
  /** The bulk dialog fills its select with one call and an empty body: a page holds every dictionary. */
  pageSize = 200;

  @Trimmed()
  @IsOptional()
  @MaxLength(50, { message: () => t('dictCodeFormat') })
  dictCode?: string;

  @Trimmed()
  @IsOptional()
  @MaxLength(100, { message: () => t('dictNameLength') })
  dictName?: string;

  @Trimmed()
  @IsOptional()
  @MaxLength(50, { message: () => t('dictClassifyLength') })
  classify?: string;
}

// ---------------------------------------------------------------- dictionary items (values)

export class DictItemFieldsDto {
  /** The label shown for the value. */
  @Trimmed()
  @Length(1, 100, { message: missingOr('dictItemLabelRequired', 'dictNameLength') })
  dictName: string;

  @OptionalDictText(100, 'dictNameLength')
  dictNameEn?: string | null;

  @Trimmed()
  @Length(1, DICT_VALUE_MAX_LENGTH, { message: missingOr('dictValueRequired', 'dictValueLength') })
  value: string;

  /** Defaults to the dictionary's category. */
  @OptionalDictText(50, 'dictClassifyLength')
  classify?: string | null;

  @WholeNumber(0, SORT_MAX, 'dictSortInvalid')
  sort: number;

  /** An antd tag colour: a preset name (blue, success, ...) or a hex colour. */
  @BlankAsNull()
  @IsOptional()
  @Matches(DICT_STYLE_PATTERN, { message: () => t('dictStyleInvalid') })
  style?: string | null;

  /** Disabled values stay valid where they are stored but are no longer offered. */
  @OptionalFlag('enabledInvalid')
  enabled?: boolean;
}

export class AddDictItemDto extends DictItemFieldsDto {
  @Trimmed()
  @Length(1, 50, { message: missingOr('dictCodeRequired', 'dictCodeFormat') })
  dictCode: string;
}

export class UpdateDictItemDto extends DictItemFieldsDto {
  @WholeNumber(1, INT4_MAX, 'idInvalid')
  id: number;

  @WholeNumber(1, INT4_MAX, 'verInvalid')
  ver: number;

  /** Forms send the code back; a value cannot move to another dictionary. */
  @FixedCode()
  dictCode?: string;
}

// ---------------------------------------------------------------- the bulk value change (avatar menu dialog)

export class ChangeDictValueDto {
  @Trimmed()
  @Length(1, DICT_VALUE_MAX_LENGTH, { message: missingOr('dictBatchCodeRequired', 'dictNotFound') })
  dictCode: string;

  @Trimmed()
  @Length(1, DICT_VALUE_MAX_LENGTH, { message: missingOr('dictBatchOldValueRequired', 'dictValueLength') })
  oldDictValue: string;

  @Trimmed()
  @Length(1, DICT_VALUE_MAX_LENGTH, { message: missingOr('dictBatchNewValueRequired', 'dictValueLength') })
  newDictValue: string;
}

// ---------------------------------------------------------------- answers

export interface DictTypeView {
  id: number;
  dictCode: string;
  dictName: string;
  dictNameEn: string | null;
  classify: string | null;
  remark: string | null;
  ver: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface DictItemView {
  id: number;
  dictCode: string;
  dictName: string;
  dictNameEn: string | null;
  value: string;
  classify: string | null;
  sort: number;
  style: string | null;
  enabled: boolean;
  ver: number;
}

export interface DictTypeDetail extends DictTypeView {
  items: DictItemView[];
}

/** One column the bulk change rewrote, with the number of records changed. */
export interface DictValueChangeCount {
  table: string;
  column: string;
  label: string;
  count: number;
}

export interface DictValueChangeReport {
  dictCode: string;
  oldDictValue: string;
  newDictValue: string;
  /** the dictionary item first, then every registered usage */
  changes: DictValueChangeCount[];
  total: number;
}

/** 导出当前列表 of the dictionary list (dict/list/export). */
export class DictListExportDto extends ListExportOf(ListDictTypesDto) {}
