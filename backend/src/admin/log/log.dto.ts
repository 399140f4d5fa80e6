import { HTTP_METHODS, type HttpMethod, LOGGED_NOTICE_STATUSES, type LoggedNoticeStatus } from '@forwarder/domain';
import { DATA_CHANGE_OPERATIONS } from '../../prisma/prisma.service.js';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, Matches, registerDecorator, type ValidationArguments } from 'class-validator';
import { IntField, IsId, IsInstant } from '../../common/fields.js';
import { t } from '../../common/messages.js';
import { PageQueryDto } from '../../common/pagination.js';
import { OptionalString, Trimmed } from '../../common/transforms.js';
import { SANE_REQUEST_ID } from '../../common/request-id.js';
import { ListExportOf } from '../../common/list-export.js';

/** Forms send '' (or null) for a filter left empty: no filter. */
const blankAsAbsent = () => Transform(({ value }) => (value === null || (typeof value === 'string' && !value.trim()) ? undefined : value));
/** A number filter sent as a number or a numeric string; '' and null are no filter. */
const optionalNumber = () => Transform(({ value }) => (value === null || value === '' ? undefined : typeof value === 'string' ? Number(value) : value));

const comparable = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number(value));

/**
 * This field must not be below `other` (instants for ISO strings, else numbers). Passes when either is
 * absent or malformed: those get their own messages.
 */
function NotBelow(other: string, message: () => string) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'notBelow',
      target: object.constructor,
      propertyName,
      constraints: [other],
      options: { message },
      validator: {
        validate(value: unknown, args: ValidationArguments) {
          const low = comparable((args.object as Record<string, unknown>)[other]);
          const high = comparable(value);
          return value === undefined || Number.isNaN(low) || Number.isNaN(high) || high >= low;
        },
      },
    });
}

/**
 * The filters every log list has: a time range (ISO 8601 instants, both ends included), the user the
 * row belongs to, and a text found anywhere in the list's text columns (case-insensitive).
 */
export class LogQueryDto extends PageQueryDto {
  @blankAsAbsent()
  @IsOptional()
  @IsInstant('logTimeInvalid')
  from?: string;

  @blankAsAbsent()
  @IsOptional()
  @IsInstant('logTimeInvalid')
  @NotBelow('from', () => t('logTimeOrder'))
  to?: string;

  @optionalNumber()
  @IsOptional()
  @IsId('logUserInvalid')
  userId?: number;

  @blankAsAbsent()
  @OptionalString(100, 'logTextLength')
  text?: string;
}

/** The operations the change-log extension of PrismaService records. */

/** /log/sql: text matches the table or the record id. */
export class SqlLogQueryDto extends LogQueryDto {
  /** The model name as recorded, e.g. User. */
  @blankAsAbsent()
  @OptionalString(100, 'logTableNameLength')
  tableName?: string;

  @blankAsAbsent()
  @IsOptional()
  @IsIn(DATA_CHANGE_OPERATIONS, { message: () => t('logOperationInvalid', { list: DATA_CHANGE_OPERATIONS.join(', ') }) })
  operation?: (typeof DATA_CHANGE_OPERATIONS)[number];
}

/** /log/error, and the base of /log/request: the id of one request (X-Request-Id), matched exactly. */
export class TracedLogQueryDto extends LogQueryDto {
  @blankAsAbsent()
  @Trimmed()
  @IsOptional()
  @Matches(SANE_REQUEST_ID, { message: () => t('logRequestIdInvalid') })
  requestId?: string;
}

/** /log/request: text matches the path or the ip. */
export class RequestLogQueryDto extends TracedLogQueryDto {
  @blankAsAbsent()
  @Transform(({ value }) => (typeof value === 'string' ? value.toUpperCase() : value))
  @IsOptional()
  @IsIn(HTTP_METHODS, { message: () => t('logMethodInvalid') })
  method?: HttpMethod;

  @optionalNumber()
  @IsOptional()
  @IntField('logStatusInvalid', { min: 100, max: 599 })
  statusFrom?: number;

  @optionalNumber()
  @IsOptional()
  @IntField('logStatusInvalid', { min: 100, max: 599 })
  @NotBelow('statusFrom', () => t('logStatusOrder'))
  statusTo?: number;

  /** Only requests that took at least this many milliseconds. */
  @optionalNumber()
  @IsOptional()
  @IntField('logDurationInvalid')
  minDurationMs?: number;
}

export class NoticeLogQueryDto extends LogQueryDto {
  @blankAsAbsent()
  @IsOptional()
  @IsIn(LOGGED_NOTICE_STATUSES, { message: () => t('logNoticeStatusInvalid') })
  status?: LoggedNoticeStatus;
}

/** The id of an exception log row in the path (a bigint column, read as a safe JavaScript integer). */
export class ErrorIdParamDto {
  @optionalNumber()
  @IntField('idInvalid', { min: 1, max: Number.MAX_SAFE_INTEGER })
  id: number;
}

/** The id of a stored file in the path (an int4 column). */
export class StoredFileIdParamDto {
  @optionalNumber()
  @IsId()
  id: number;
}

/** 导出当前列表 of the log screens: each screen's filters and the columns the user sees (log/<screen>/list/export). */
export class SqlLogExportDto extends ListExportOf(SqlLogQueryDto) {}
export class RequestLogExportDto extends ListExportOf(RequestLogQueryDto) {}
export class TracedLogExportDto extends ListExportOf(TracedLogQueryDto) {}
export class LogExportDto extends ListExportOf(LogQueryDto) {}
export class NoticeLogExportDto extends ListExportOf(NoticeLogQueryDto) {}
