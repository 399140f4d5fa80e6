import { ACCESS_KINDS, HTTP_METHODS, type AccessKind, type HttpMethod } from '@forwarder/domain';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { t } from '../../common/messages.js';
import { PageQueryDto } from '../../common/pagination.js';

export class SecurityListDto extends PageQueryDto {
  /** part of the path, any case */
  @IsOptional()
  @IsString({ message: () => t('securityFilterLength') })
  @MaxLength(100, { message: () => t('securityFilterLength') })
  path?: string;

  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.toUpperCase() : value))
  @IsIn(HTTP_METHODS, { message: () => t('securityMethodInvalid') })
  method?: HttpMethod;

  /** part of a permission code, e.g. "role:" for every role call */
  @IsOptional()
  @IsString({ message: () => t('securityFilterLength') })
  @MaxLength(100, { message: () => t('securityFilterLength') })
  permission?: string;

  @IsOptional()
  @IsIn(ACCESS_KINDS, { message: () => t('securityAccessInvalid') })
  access?: AccessKind;
}
