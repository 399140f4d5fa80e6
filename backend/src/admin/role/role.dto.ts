import { ROLE_CODE_PATTERN } from '@forwarder/domain';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min, type ValidationArguments } from 'class-validator';
import { IsId, IsIdList, IsVer, MAX_ID_LIST } from '../../common/fields.js';
import { t } from '../../common/messages.js';
import { PageQueryDto } from '../../common/pagination.js';

export class RoleListDto extends PageQueryDto {
  @IsOptional()
  @IsString({ message: () => t('roleNameLength') })
  @MaxLength(50, { message: () => t('roleNameLength') })
  name?: string;

  @IsOptional()
  @IsString({ message: () => t('roleCodeInvalid') })
  @MaxLength(50, { message: () => t('roleCodeInvalid') })
  code?: string;
}

/** The editable fields of a role; the code is fixed at creation (menus' role guards and clients name it). */
export class RoleFormDto {
  @Length(1, 50, {
    message: ({ value }: ValidationArguments) => t(typeof value === 'string' && value.length > 50 ? 'roleNameLength' : 'roleNameRequired'),
  })
  name: string;

  @IsOptional()
  @MaxLength(50, { message: () => t('roleNameEnLength') })
  nameEn?: string | null;

  @IsOptional()
  @MaxLength(200, { message: () => t('roleRemarkLength') })
  remark?: string | null;

  @IsOptional()
  @IsInt({ message: () => t('roleSortInvalid') })
  @Min(0, { message: () => t('roleSortInvalid') })
  @Max(9999, { message: () => t('roleSortInvalid') })
  sort?: number;
}

export class AddRoleDto extends RoleFormDto {
  @Matches(ROLE_CODE_PATTERN, { message: () => t('roleCodeInvalid') })
  code: string;
}

export class UpdateRoleDto extends RoleFormDto {
  @IsId()
  id: number;

  @IsVer()
  ver: number;
}

/** The complete grants of a role: both sets are replaced by these. */
export class GrantDto {
  @IsId()
  roleId: number;

  @IsIdList('grantMenusInvalid')
  menuIds: number[];

  @IsArray({ message: () => t('grantPermissionsInvalid') })
  @ArrayMaxSize(MAX_ID_LIST, { message: () => t('grantPermissionsInvalid') })
  @IsString({ each: true, message: () => t('grantPermissionsInvalid') })
  @MaxLength(100, { each: true, message: () => t('grantPermissionsInvalid') })
  permissionCodes: string[];

  @IsVer()
  ver: number;
}
