import { ORG_TYPES, type OrgType } from '@forwarder/domain';
import { IsIn, IsOptional, ValidateIf } from 'class-validator';
import { IsId, IsVer, SortField } from '../../common/fields.js';
import { t } from '../../common/messages.js';
import { OptionalText, RequiredText } from '../../common/transforms.js';
import { ListExportOf } from '../../common/list-export.js';

export class OrgFieldsDto {
  @RequiredText(100, 'orgNameRequired', 'orgNameLength')
  name: string;

  @OptionalText(100, 'orgNameEnLength')
  nameEn?: string | null;

  @IsIn(ORG_TYPES, { message: () => t('orgTypeInvalid') })
  type: OrgType;

  @IsOptional()
  @SortField('orgSortInvalid')
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
  @SortField('orgSortInvalid')
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

/** The organisation tree's call takes no filters: its export, only the columns (org/tree/export). */
export class OrgTreeQueryDto {}
export class OrgTreeExportDto extends ListExportOf(OrgTreeQueryDto) {}
