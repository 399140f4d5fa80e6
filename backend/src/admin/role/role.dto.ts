import { IsArray, IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min, type ValidationArguments } from 'class-validator';
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
  @Matches(/^[A-Za-z0-9]{1,50}$/, { message: () => t('roleCodeInvalid') })
  code: string;
}

export class UpdateRoleDto extends RoleFormDto {
  @IsInt({ message: () => t('idInvalid') })
  id: number;

  @IsInt({ message: () => t('verInvalid') })
  ver: number;
}

/** The complete grants of a role: both sets are replaced by these. */
export class GrantDto {
  @IsInt({ message: () => t('idInvalid') })
  roleId: number;

  @IsArray({ message: () => t('grantMenusInvalid') })
  @IsInt({ each: true, message: () => t('grantMenusInvalid') })
  menuIds: number[];

  @IsArray({ message: () => t('grantPermissionsInvalid') })
  @IsString({ each: true, message: () => t('grantPermissionsInvalid') })
  permissionCodes: string[];

  @IsInt({ message: () => t('verInvalid') })
  ver: number;
}
