import { ISSUE_MAX_PHOTOS, ISSUE_STATUSES, ISSUE_TEXT_MAX_LENGTH, type IssueStatus, SHIP_TYPES, type ShipType } from '@forwarder/domain';
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, ValidateBy, type ValidationArguments } from 'class-validator';
import { t, type MessageKey } from '../../common/messages.js';
import { PageQueryDto } from '../../common/pagination.js';
import { isId } from '../../common/fields.js';

/** The batch dialog opens with the selected orders of the notification list: at most a few pages. */
export const ISSUE_BATCH_MAX_ORDERS = 200;
/** The raw text may be longer than the 1000 characters typed (`<br/>` for each line break); beyond this it is not text from the form. */
const RAW_TEXT_MAX = 10_000;

const isIdList = (value: unknown): value is number[] => Array.isArray(value) && value.every(isId);
/** Ids from a form may come as numeric strings. */
const NumericIds = () =>
  Transform(({ value }) => (Array.isArray(value) ? value.map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v)) : value));
const NumericId = () => Transform(({ value }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value));

const RecordId = (message: MessageKey) => ValidateBy({ name: 'recordId', validator: { validate: isId, defaultMessage: () => t(message) } });

/** Up to two stored_file ids of uploaded images (`POST /file/update`); the service checks the files. */
const PhotoIds = () =>
  ValidateBy({
    name: 'photoIds',
    validator: {
      validate: (value) => isIdList(value) && new Set(value).size <= ISSUE_MAX_PHOTOS,
      defaultMessage: (args?: ValidationArguments) => (isIdList(args?.value) ? t('issuePhotosTooMany', { max: ISSUE_MAX_PHOTOS }) : t('issuePhotoIdsInvalid')),
    },
  });

/** Text as the form sends it: line breaks as `<br/>` (or newlines); length and emptiness are checked once cleaned. */
const Text = (missing: MessageKey) =>
  ValidateBy({
    name: 'issueText',
    validator: {
      validate: (value) => typeof value === 'string' && value.length <= RAW_TEXT_MAX,
      defaultMessage: (args?: ValidationArguments) => (typeof args?.value === 'string' ? t('issueTextLength', { max: ISSUE_TEXT_MAX_LENGTH }) : t(missing)),
    },
  });

const Status = () => IsIn(ISSUE_STATUSES, { message: () => t('issueStatusInvalid') });

export class IssueFieldsDto {
  @NumericId()
  @RecordId('issueHandlerRequired')
  processedUserId: number;

  @Text('issueDetailRequired')
  detail: string;

  @IsOptional()
  @NumericIds()
  @PhotoIds()
  photoIds?: number[];
}

export class AddIssueDto extends IssueFieldsDto {}

export class UpdateIssueDto extends IssueFieldsDto {
  @NumericId()
  @RecordId('idInvalid')
  id: number;

  @NumericId()
  @RecordId('idInvalid')
  orderId: number;

  @NumericId()
  @RecordId('verInvalid')
  ver: number;
}

export class ListIssuesDto {
  @Status()
  status: IssueStatus;
}

export class CloseIssueDto {
  /** Left out (or null): closed whatever the ver. */
  @IsOptional()
  @NumericId()
  @RecordId('verInvalid')
  ver?: number | null;
}

export class AddReplyDto {
  @Text('issueReplyRequired')
  detail: string;

  @IsOptional()
  @NumericIds()
  @PhotoIds()
  photoIds?: number[];
}

export class UpdateReplyDto extends AddReplyDto {
  @NumericId()
  @RecordId('idInvalid')
  id: number;

  @NumericId()
  @RecordId('verInvalid')
  ver: number;
}

export class OrdersIssuesDto extends PageQueryDto {
  @NumericIds()
  @ValidateBy({
    name: 'orderIds',
    validator: {
      validate: (value) => isIdList(value) && value.length >= 1 && value.length <= ISSUE_BATCH_MAX_ORDERS,
      defaultMessage: () => t('issueOrderIdsInvalid', { max: ISSUE_BATCH_MAX_ORDERS }),
    },
  })
  orderIds: number[];

  @Status()
  status: IssueStatus;
}

const ShipTypeFilter = () =>
  applyDecorators(
    Transform(({ value }) => (value === '' ? null : value)),
    IsOptional(),
    IsIn(SHIP_TYPES, { message: () => t('issueShipTypeInvalid') }),
  );

export class IssueReminderListDto extends PageQueryDto {
  /** One line; left out (or '' for 全部) every line. */
  @ShipTypeFilter()
  shipType?: ShipType | null;

  override pageSize = 5;
}

export class IssueReminderCountDto {
  @ShipTypeFilter()
  shipType?: ShipType | null;
}

// ---------------------------------------------------------------- answers

export interface IssueFile {
  id: number;
  fileName: string;
  filePath: string;
  /** a signed link that opens the image for a while */
  url: string;
}

export interface ReplyView {
  id: number;
  orderBbsId: number;
  detail: string;
  files: IssueFile[];
  ver: number;
  createUserId: number;
  createUserName: string | null;
  createTime: Date;
  modifyTime: Date;
}

export interface IssueView {
  id: number;
  orderId: number;
  status: IssueStatus;
  detail: string;
  files: IssueFile[];
  processedUserId: number;
  processedUserName: string | null;
  createUserId: number;
  createUserName: string | null;
  createTime: Date;
  modifyTime: Date;
  ver: number;
  reply: ReplyView[];
}

export interface ShipItem {
  value: ShipType;
  text: string;
  textEn: string;
}

/** An issue of the batch dialog: also its order's number and line. */
export interface OrderIssueView extends IssueView {
  orderNo: string;
  shipType: ShipItem;
}

/** A reminder of the issue bell (`NoticeRow` on the wire): an order with issues waiting for the caller. */
export interface IssueReminderRow {
  orderId: number;
  orderNo: string;
  shipItem: ShipItem;
  /** issues in wait whose handler is the caller */
  waitNum: number;
  /** issues in handle the caller created: answered, waiting for the caller to close them */
  handleNum: number;
}
