import { BlankAsNull, Trimmed } from '../../common/transforms.js';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsId, IsVer } from '../../common/fields.js';
import { t } from '../../common/messages.js';

/** The kinds of organisation unit; the `orgType` dictionary gives their display names. */
export const ORG_TYPES = ['company', 'branch', 'department'] as const;
export type OrgType = (typeof ORG_TYPES)[number];

export class OrgFieldsDto {
  @Trimmed()
  @IsString({ message: () => t('orgNameRequired') })
  @IsNotEmpty({ message: () => t('orgNameRequired') })
  @MaxLength(100, { message: () => t('orgNameLength') })
  name: string;

  @BlankAsNull()
  @IsOptional()
  @IsString({ message: () => t('orgNameEnLength') })
  @MaxLength(100, { message: () => t('orgNameEnLength') })
  nameEn?: string | null;

  @IsIn(ORG_TYPES, { message: () => t('orgTypeInvalid') })
  type: OrgType;

  @IsOptional()
  @IsInt({ message: () => t('orgSortInvalid') })
  @Min(0, { message: () => t('orgSortInvalid') })
  @Max(9999, { message: () => t('orgSortInvalid') })
  sort?: number;
}

export class AddOrgDto extends OrgFieldsDto {
  /** The parent unit; absent or null adds a top-level unit. */
  @IsOptional()
  @IsId('orgParentNotFound')
  parentId?: number | null;
}

export class UpdateOrgDto extends OrgFieldsDto {
  @IsId()
  id: number;

  @IsVer()
  ver: number;
}

export class MoveOrgDto {
  @IsId()
  id: number;

  /** The new parent; null moves the unit to the top level. */
  @ValidateIf((_, value) => value !== null)
  @IsId('orgParentNotFound')
  parentId: number | null;

  @IsOptional()
  @IsInt({ message: () => t('orgSortInvalid') })
  @Min(0, { message: () => t('orgSortInvalid') })
  @Max(9999, { message: () => t('orgSortInvalid') })
  sort?: number;

  @IsVer()
  ver: number;
}

export interface OrgDetail {
  id: number;
  parentId: number | null;
  name: string;
  nameEn: string | null;
  type: OrgType;
  sort: number;
  ver: number;
}

export interface OrgNode extends OrgDetail {
  /** Active staff directly in this unit (not in its sub-units). */
  userCount: number;
  children: OrgNode[];
}
