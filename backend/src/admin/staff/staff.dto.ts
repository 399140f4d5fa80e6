import { ACCOUNT_PATTERN, STAFF_PHONE_PATTERN } from '@forwarder/domain';
import { BlankAsNull, OptionalText, Trimmed, OptionalFlag, PasswordField, RequiredText } from '../../common/transforms.js';
import { ArrayUnique, IsBoolean, IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsId, IsIdList, IsVer } from '../../common/fields.js';
import { t } from '../../common/messages.js';
import { PageQueryDto } from '../../common/pagination.js';

/** A mainland mobile number, or a landline with optional area code and extension. */

/** What an administrator edits on a staff record (everything but the account and password). */
export class StaffFieldsDto {
  @RequiredText(30, 'jobNoRequired', 'jobNoLength')
  jobNo: string;

  @RequiredText(50, 'fullNameRequired', 'fullNameLength')
  fullName: string;

  @BlankAsNull()
  @IsOptional()
  @IsEmail({}, { message: () => t('emailInvalid') })
  @MaxLength(100, { message: () => t('emailInvalid') })
  email?: string | null;

  @BlankAsNull()
  @IsOptional()
  @Matches(STAFF_PHONE_PATTERN, { message: () => t('phoneInvalid') })
  phone?: string | null;

  @OptionalText(200, 'contactUsLength')
  contactUs?: string | null;

  /** 同行唛头: the mark on orders of this salesman's peer (trade) customers. */
  @OptionalText(30, 'labelLength')
  peerLabel?: string | null;

  /** 直客唛头: the mark on orders of this salesman's direct customers. */
  @OptionalText(30, 'labelLength')
  directLabel?: string | null;

  @OptionalText(50, 'dutyLength')
  duty?: string | null;

  @IsId('orgRequired')
  orgId: number;

  @IsIdList('roleIdsInvalid', { max: 100 })
  @ArrayUnique({ message: () => t('roleIdsInvalid') })
  roleIds: number[];
}

export class AddStaffDto extends StaffFieldsDto {
  @Trimmed()
  @IsString({ message: () => t('accountRequired') })
  @IsNotEmpty({ message: () => t('accountRequired') })
  @Matches(ACCOUNT_PATTERN, { message: () => t('accountFormat') })
  account: string;

  /** The initial password, told to the new colleague. */
  @PasswordField('passwordRequired', 'passwordLength')
  password: string;
}

export class StaffRefDto {
  @IsId()
  id: number;
}

export class UpdateStaffDto extends StaffFieldsDto {
  @IsId()
  id: number;

  @IsVer()
  ver: number;
}

export class StaffStatusDto extends StaffRefDto {
  @IsBoolean({ message: () => t('enabledInvalid') })
  enabled: boolean;

  @IsVer()
  ver: number;
}

export class ResetPasswordDto extends StaffRefDto {
  @PasswordField('newPasswordRequired', 'newPasswordFormat')
  newPassword: string;
}

export class StaffListQueryDto extends PageQueryDto {
  @OptionalText(50, 'searchKeyLength')
  fullName?: string | null;

  @OptionalText(50, 'searchKeyLength')
  account?: string | null;

  /** The unit and everything under it. */
  @BlankAsNull()
  @IsOptional()
  @IsId()
  orgId?: number | null;

  @BlankAsNull()
  @IsOptional()
  @IsId()
  roleId?: number | null;

  @BlankAsNull()
  @OptionalFlag('enabledInvalid')
  enabled?: boolean | null;
}

/** A picker's search text, matched against name, account and job number. */
export class StaffKeyDto {
  @OptionalText(50, 'searchKeyLength')
  key?: string | null;
}

export class StaffByRoleDto {
  @RequiredText(50, 'roleCodeRequired')
  roleCode: string;
}

/** Who a staff member is and how to reach them: the start of both the detail and the list row. */
interface StaffIdentity {
  id: number;
  jobNo: string | null;
  account: string;
  fullName: string;
  email: string | null;
  phone: string | null;
}

export type StaffDetail = StaffIdentity & {
  contactUs: string | null;
  peerLabel: string | null;
  directLabel: string | null;
  duty: string | null;
  orgId: number | null;
  roleIds: number[];
  ver: number;
};

export type StaffRow = StaffIdentity & {
  peerLabel: string | null;
  directLabel: string | null;
  duty: string | null;
  orgId: number | null;
  orgName: string | null;
  roles: { id: number; code: string; name: string; nameEn: string | null }[];
  enabled: boolean;
  online: boolean;
  /** Until when a sign-in lock holds on the account (its own, or some address's), null when none does. */
  signInLockedUntil: Date | null;
  createdAt: Date;
  ver: number;
};

export interface StaffPick {
  id: number;
  fullName: string;
}

export interface OnlineStaff {
  id: number;
  fullName: string;
  account: string;
  connections: number;
  /** ISO instant of the user's earliest live connection. */
  since: string;
}
