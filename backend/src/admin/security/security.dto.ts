import { ACCESS_KINDS, HTTP_METHODS, type AccessKind, type HttpMethod } from '@forwarder/domain';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { t } from '../../common/messages.js';
import { PageQueryDto } from '../../common/pagination.js';
import { OptionalString } from '../../common/transforms.js';
import { ListExportOf } from '../../common/list-export.js';

export class SecurityListDto extends PageQueryDto {
  /** part of the path, any case */
  @OptionalString(100, 'securityFilterLength')
  path?: string;

  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.toUpperCase() : value))
  @IsIn(HTTP_METHODS, { message: () => t('securityMethodInvalid') })
  method?: HttpMethod;

  /** part of a permission code, e.g. "role:" for every role call */
  @OptionalString(100, 'securityFilterLength')
  permission?: string;

  @IsOptional()
  @IsIn(ACCESS_KINDS, { message: () => t('securityAccessInvalid') })
  access?: AccessKind;
}

/** 导出当前列表 of the 接口权限 list (security/list/export). */
export class SecurityListExportDto extends ListExportOf(SecurityListDto) {}
