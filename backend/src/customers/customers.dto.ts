import { CUSTOMER_PHONE_PATTERN, type CustomerLogAction, RELEASE_REASON_MAX, CUSTOMER_LISTS, type CustomerList } from '@forwarder/domain';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  type ValidationArguments,
} from 'class-validator';
import { t, type MessageKey } from '../common/messages.js';
import { ListExportOf } from '../common/list-export.js';
import { PageQueryDto } from '../common/pagination.js';
import { BlankAsNull, OptionalText, Trimmed } from '../common/transforms.js';
import type { ReviewStatus } from './customer-rules.js';
import { INT4_MAX } from '../common/fields.js';

/** Customers are worldwide: digits with an optional leading +, spaces, brackets and hyphens. */

const msg = (key: MessageKey) => ({ message: () => t(key) });

/**
 * A required text of at most `max` characters. A missing field fails every rule on it, so both rules
 * say it is missing unless a text was given, which can then only be too long.
 */
function RequiredText(max: number, missing: MessageKey, tooLong: MessageKey) {
  const message = (args: ValidationArguments) => (typeof args.value === 'string' && args.value !== '' ? t(tooLong) : t(missing));
  return (target: object, property: string) => {
    IsString({ message })(target, property);
    Length(1, max, { message })(target, property);
  };
}

/** A record id in the body (1 … the largest PostgreSQL integer). */
function RecordId(key: MessageKey = 'idInvalid') {
  return (target: object, property: string) => {
    IsInt(msg(key))(target, property);
    Min(1, msg(key))(target, property);
    Max(INT4_MAX, msg(key))(target, property);
  };
}

export class VersionedDto {
  @RecordId()
  id: number;

  @RecordId('verInvalid')
  ver: number;
}

/** What a salesman fills in on the customer form. */
export class CustomerFieldsDto {
  @Trimmed()
  @RequiredText(200, 'customerCompanyNameRequired', 'customerCompanyNameLength')
  companyName: string;

  @Trimmed()
  @RequiredText(50, 'customerContactNameRequired', 'customerContactNameLength')
  contactName: string;

  @BlankAsNull()
  @IsOptional()
  @IsString(msg('phoneInvalid'))
  @Matches(CUSTOMER_PHONE_PATTERN, msg('phoneInvalid'))
  phone?: string | null;

  @BlankAsNull()
  @IsOptional()
  @IsString(msg('phoneInvalid'))
  @Matches(CUSTOMER_PHONE_PATTERN, msg('phoneInvalid'))
  mobile?: string | null;

  @BlankAsNull()
  @IsOptional()
  @IsEmail({}, msg('emailInvalid'))
  @MaxLength(100, msg('emailInvalid'))
  email?: string | null;

  @OptionalText(300, 'customerAddressLength')
  address?: string | null;

  @OptionalText(60, 'customerCountryLength')
  country?: string | null;

  /** A value of the customerSource dictionary. */
  @OptionalText(50, 'customerSourceInvalid')
  source?: string | null;

  /** A value of the customerLevel dictionary. */
  @OptionalText(20, 'customerLevelInvalid')
  level?: string | null;

  /** Whether the customer receives e-mail notifications (new customers do unless told otherwise). */
  @IsOptional()
  @IsBoolean(msg('customerAcceptEmailInvalid'))
  acceptEmail?: boolean;

  @OptionalText(1000, 'customerRemarkLength')
  remark?: string | null;
}

export type CustomerFields = Omit<CustomerFieldsDto, 'acceptEmail'>;

export class AddCustomerDto extends CustomerFieldsDto {
  /** The owning salesman; only a holder of customers:all may name someone else (default: the caller). */
  @IsOptional()
  @RecordId()
  salesmanId?: number;
}

export class UpdateCustomerDto extends CustomerFieldsDto {
  @RecordId()
  id: number;

  @RecordId('verInvalid')
  ver: number;
}

export class CheckCustomerDto extends VersionedDto {
  @IsBoolean(msg('customerApprovedInvalid'))
  approved: boolean;

  /** The reviewer's remark; required when rejecting (it tells the salesman what to fix). */
  @BlankAsNull()
  @ValidateIf((dto: CheckCustomerDto) => dto.approved === false || dto.remark != null)
  @RequiredText(500, 'customerRejectRemarkRequired', 'customerReviewRemarkLength')
  remark?: string | null;
}

export class ReleaseCustomerDto extends VersionedDto {
  /** Why the customer goes to the pool: kept in its history. */
  @Trimmed()
  @RequiredText(RELEASE_REASON_MAX, 'customerReleaseReasonRequired', 'customerReleaseReasonLength')
  reason: string;
}

export class ProtectCustomerDto extends VersionedDto {
  @IsBoolean(msg('customerProtectInvalid'))
  protect: boolean;
}

export class AcceptEmailDto extends VersionedDto {
  @IsBoolean(msg('customerAcceptEmailInvalid'))
  acceptEmail: boolean;
}

/** Search text shared by the list filters and the pickers. */
export class KeyDto {
  /** Matched, in part and in any case, against code, company, contact, phone and mobile. */
  @OptionalText(50, 'searchKeyLength')
  key?: string | null;
}

export class CustomerKeyDto extends KeyDto {}

export class CustomerListQueryDto extends PageQueryDto {
  @IsIn(CUSTOMER_LISTS, { message: () => t('customerListInvalid', { list: CUSTOMER_LISTS.join(', ') }) })
  list: CustomerList;

  @OptionalText(50, 'searchKeyLength')
  key?: string | null;

  @OptionalText(50, 'customerSourceInvalid')
  source?: string | null;

  @OptionalText(20, 'customerLevelInvalid')
  level?: string | null;

  /** Narrows a manager's view to one salesman (a salesman sees only their own anyway). */
  @IsOptional()
  @RecordId()
  salesmanId?: number;
}

export class WechatListQueryDto extends PageQueryDto {
  /** One customer's accounts; all accounts in the caller's scope when absent. */
  @IsOptional()
  @RecordId()
  customerId?: number;

  /** Matched, in part, against nickname and openId. */
  @OptionalText(50, 'searchKeyLength')
  key?: string | null;
}

/** What the mini-program gateway sends when a customer scans a binding code. */
export class WechatBindDto {
  @Trimmed()
  @RequiredText(64, 'bindCodeRequired', 'bindCodeUnknown')
  bindCode: string;

  @Trimmed()
  @RequiredText(100, 'wechatOpenIdRequired', 'wechatOpenIdInvalid')
  openId: string;

  @OptionalText(100, 'wechatNicknameLength')
  nickname?: string | null;

  @BlankAsNull()
  @IsOptional()
  @IsString(msg('wechatAvatarInvalid'))
  @Matches(/^https?:\/\/\S+$/, msg('wechatAvatarInvalid'))
  @MaxLength(500, msg('wechatAvatarInvalid'))
  avatarUrl?: string | null;
}

/** What the mini-program gateway sends to get a hub token for a bound account. */
export class WechatTokenDto {
  @Trimmed()
  @RequiredText(100, 'wechatOpenIdRequired', 'wechatOpenIdInvalid')
  openId: string;
}

/** Live mini-program connections of the caller's customers. */
export class OnlineListQueryDto extends PageQueryDto {
  @IsOptional()
  @RecordId()
  customerId?: number;
}

// ---------------------------------------------------------------- answers

/** A customer's live mini-program connection (`POST list/online`). */
export interface OnlineCustomerConnection {
  connectionId: string;
  customerId: number;
  customerCode: string;
  companyName: string;
  wechatId: number;
  openId: string;
  nickname: string;
  transport: string;
  connectedAt: string;
}

export interface CustomerRow {
  id: number;
  code: string;
  companyName: string;
  contactName: string;
  phone: string | null;
  mobile: string | null;
  email: string | null;
  address: string | null;
  country: string | null;
  source: string | null;
  level: string | null;
  salesmanId: number | null;
  salesmanName: string | null;
  reviewStatus: ReviewStatus;
  reviewerId: number | null;
  reviewerName: string | null;
  reviewedAt: Date | null;
  reviewRemark: string | null;
  protectedUntil: Date | null;
  /** protectedUntil is in the future */
  protected: boolean;
  lastOrderAt: Date | null;
  /** when the idle clock started (last order or claim, else approval); null unless approved */
  idleSince: Date | null;
  publicSince: Date | null;
  acceptEmail: boolean;
  remark: string | null;
  wechatCount: number;
  createdBy: number;
  createdByName: string | null;
  createdAt: Date;
  updatedAt: Date;
  ver: number;
}

export interface WechatAccount {
  id: number;
  customerId: number;
  customerCode: string;
  companyName: string;
  openId: string;
  nickname: string | null;
  avatarUrl: string | null;
  boundAt: Date;
  lastSeenAt: Date | null;
  /** the customer portal's account this row stands for (docs/portal.md); null for a mini-program account */
  portal: PortalAccountView | null;
}

/** A customer's portal account as staff see it: who, the sign-in name, the last visit (any portal call or hub connection). */
export interface PortalAccountView {
  id: number;
  name: string;
  account: string;
  lastSeenAt: Date | null;
  createdAt: Date;
  permissionCodes: string[];
}

/** A row of the customer's history (customer-log.ts), newest first in the detail. */
export interface CustomerHistoryEntry {
  id: number;
  action: CustomerLogAction;
  salesmanId: number | null;
  salesmanName: string | null;
  reason: string | null;
  /** null for the daily rule */
  userId: number | null;
  userName: string | null;
  createdAt: Date;
}

export interface CustomerDetail extends CustomerRow {
  wechats: WechatAccount[];
  history: CustomerHistoryEntry[];
}

export interface CustomerPick {
  id: number;
  name: string;
}

/** The binding code dialog's answer (field names as the original client reads them). */
export interface BindCodeAnswer {
  bind_code: string;
  expire_seconds: number;
  /** the QR image of wechat_url, as a data: URL (PNG) */
  lefeng_url: string;
  wechat_url: string;
}

export interface WechatBindAnswer {
  id: number;
  customerId: number;
  companyName: string;
  openId: string;
  nickname: string | null;
}

/** 导出当前列表 of a customer list: its filters and the columns the user sees (customers/list/export). */
export class CustomerListExportDto extends ListExportOf(CustomerListQueryDto) {}
