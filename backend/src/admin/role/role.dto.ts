import { ROLE_CODE_PATTERN } from '@forwarder/domain';
import { ArrayMaxSize, IsArray, IsOptional, IsString, Length, Matches, MaxLength, type ValidationArguments } from 'class-validator';
import { IsId, IsIdList, IsVer, MAX_ID_LIST, SortField } from '../../common/fields.js';
import { t } from '../../common/messages.js';
import { PageQueryDto } from '../../common/pagination.js';
import type { GrantTree } from './grant-tree.js';
import { OptionalString } from '../../common/transforms.js';
import { ListExportOf } from '../../common/list-export.js';

export class RoleListDto extends PageQueryDto {
  @OptionalString(50, 'roleNameLength')
  name?: string;

  @OptionalString(50, 'roleCodeInvalid')
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
  @SortField('roleSortInvalid')
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

/** A role as its add and update calls answer it. */
export interface RoleView {
  id: number;
  code: string;
  name: string;
  nameEn: string | null;
  remark: string | null;
  sort: number;
  ver: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A row of `POST /role/list`. */
export interface RoleRow extends RoleView {
  /** active staff holding the role */
  userCount: number;
}

/** `GET /role/detail/{id}`: the role with what it grants. */
export interface RoleDetail extends RoleView {
  menuIds: number[];
  permissionCodes: string[];
}

/** `POST /role/grant/tree/{id}`: the menus and the permission catalogue with the role's holdings marked. */
export interface GrantTrees {
  roleId: number;
  ver: number;
  menus: GrantTree<number>;
  permissions: GrantTree<string>;
}

/** A holder of a role (`POST /role/users/{id}`). */
export interface RoleUser {
  id: number;
  account: string;
  fullName: string;
  jobNo: string | null;
  duty: string | null;
  enabled: boolean;
  org: { id: number; name: string; nameEn: string | null } | null;
}

/** 导出当前列表 of the role list (role/list/export). */
export class RoleListExportDto extends ListExportOf(RoleListDto) {}
