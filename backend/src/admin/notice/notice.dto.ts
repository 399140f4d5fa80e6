import { NOTICE_CONTENT_MAX_LENGTH, NOTICE_AUDIENCES, NOTICE_STATUSES, type NoticeAudience, type NoticeStatus } from '@forwarder/domain';
import { IsBoolean, IsIn, IsOptional, Length, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import { IsInstant, missingOr } from '../../common/fields.js';
import { t, type MessageKey } from '../../common/messages.js';
import { PageQueryDto } from '../../common/pagination.js';
import { Trimmed } from '../../common/transforms.js';
import { isId } from '../../common/fields.js';
import { ListExportOf } from '../../common/list-export.js';

const AUDIENCE_MAX_IDS = 1000;

const WholeNumber = (message: MessageKey) =>
  ValidateBy({
    name: 'wholeNumber',
    validator: { validate: isId, defaultMessage: () => t(message) },
  });
/** A non-empty list of record ids. */
const IdList = (message: MessageKey) =>
  ValidateBy({
    name: 'idList',
    validator: {
      validate: (value) => Array.isArray(value) && value.length > 0 && value.length <= AUDIENCE_MAX_IDS && value.every(isId),
      defaultMessage: () => t(message),
    },
  });

export class NoticeFieldsDto {
  @Trimmed()
  @Length(1, 200, { message: missingOr('noticeTitleRequired', 'noticeTitleLength') })
  title: string;

  /** Rich text (HTML), at most NOTICE_CONTENT_MAX_LENGTH characters as sent; sanitised before it is stored. */
  @Length(1, NOTICE_CONTENT_MAX_LENGTH, { message: missingOr('noticeContentRequired', 'noticeContentLength', { max: NOTICE_CONTENT_MAX_LENGTH }) })
  content: string;

  @IsIn(NOTICE_AUDIENCES, { message: () => t('noticeAudienceInvalid') })
  audience: NoticeAudience;

  /** The roles whose members receive the notice (audience roles). */
  @ValidateIf((dto: NoticeFieldsDto) => dto.audience === 'roles')
  @IdList('noticeRolesRequired')
  roleIds?: number[];

  /** The staff who receive the notice (audience users). */
  @ValidateIf((dto: NoticeFieldsDto) => dto.audience === 'users')
  @IdList('noticeUsersRequired')
  userIds?: number[];
}

export class AddNoticeDto extends NoticeFieldsDto {}

export class UpdateNoticeDto extends NoticeFieldsDto {
  @WholeNumber('idInvalid')
  id: number;

  @WholeNumber('verInvalid')
  ver: number;
}

/** Publish and withdraw may name the ver the screen showed; without it the current state is acted on. */
export class NoticeVerDto {
  @IsOptional()
  @WholeNumber('verInvalid')
  ver?: number;
}

export class ListNoticesDto extends PageQueryDto {
  @Trimmed()
  @IsOptional()
  @MaxLength(200, { message: () => t('noticeTitleLength') })
  title?: string;

  @IsOptional()
  @IsIn(NOTICE_STATUSES, { message: () => t('noticeStatusInvalid') })
  status?: NoticeStatus;

  /** Published at or after this instant (ISO 8601). */
  @IsOptional()
  @IsInstant('noticeDateInvalid')
  publishedFrom?: string;

  /** Published at or before this instant (ISO 8601). */
  @IsOptional()
  @IsInstant('noticeDateInvalid')
  publishedTo?: string;
}

export class MyNoticesDto extends PageQueryDto {
  @Trimmed()
  @IsOptional()
  @MaxLength(200, { message: () => t('noticeTitleLength') })
  title?: string;

  /** true: only those read; false: only those not read yet. */
  @IsOptional()
  @IsBoolean({ message: () => t('noticeReadFilterInvalid') })
  read?: boolean;
}

export interface NoticeSummary {
  id: number;
  title: string;
  audience: NoticeAudience;
  roleIds: number[];
  userIds: number[];
  status: NoticeStatus;
  publishedAt: Date | null;
  withdrawnAt: Date | null;
  createdBy: number;
  createdByName: string | null;
  /** how many of the audience have read it since it was last published */
  readCount: number;
  ver: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface NoticeDetail extends NoticeSummary {
  content: string;
}

/** A published notice as its reader sees it. */
export interface MyNotice {
  id: number;
  title: string;
  publishedAt: Date | null;
  createdByName: string | null;
  read: boolean;
  readAt: Date | null;
}

export interface MyNoticeDetail extends MyNotice {
  content: string;
}

/** What the hub pushes (ReceiveMessage) to the audience when a notice is published. */
export type { NoticePush } from '@forwarder/domain';

/** 导出当前列表 of the notice list (notice/list/export). */
export class NoticeListExportDto extends ListExportOf(ListNoticesDto) {}
