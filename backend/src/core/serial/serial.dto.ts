import { patternMessage, PREFIX_RULE, RESET_POLICIES, type ResetPolicy } from '@forwarder/domain';
import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength, registerDecorator, type ValidationArguments } from 'class-validator';
import { IsId, IsVer } from '../../common/fields.js';
import { t } from '../../common/messages.js';
import { PageQueryDto } from '../../common/pagination.js';
import { ListExportOf } from '../../common/list-export.js';

export class SerialListDto extends PageQueryDto {
  /** Part of the code or the name. */
  @IsOptional()
  @IsString({ message: () => t('logTextLength') })
  @MaxLength(100, { message: () => t('logTextLength') })
  text?: string;
}

/** What is wrong with a pattern sent with a reset policy, as one message (or null). */
function patternText(value: unknown, policy: unknown): string | null {
  // An unknown policy is reported on its own field; the placeholders are still checked.
  const message = patternMessage(typeof value === 'string' ? value : '', RESET_POLICIES.includes(policy as ResetPolicy) ? (policy as ResetPolicy) : 'never');
  return message && t(message.key, message.params);
}

/** The pattern rules of serial-pattern.ts, against the reset policy sent with the pattern. */
function IsSerialPattern() {
  const messageOf = (args: ValidationArguments) => patternText(args.value, (args.object as { resetPolicy?: unknown }).resetPolicy);
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isSerialPattern',
      target: object.constructor,
      propertyName,
      validator: {
        validate: (_value: unknown, args: ValidationArguments) => messageOf(args) === null,
        defaultMessage: (args?: ValidationArguments) => messageOf(args!) ?? '',
      },
    });
}

export class SerialUpdateDto {
  @Type(() => Number)
  @IsId()
  id: number;

  /** Sent even when empty (a pattern need not use {prefix}). */
  @Matches(PREFIX_RULE, { message: () => t('serialPrefixInvalid') })
  prefix: string;

  @IsSerialPattern()
  pattern: string;

  @IsIn(RESET_POLICIES, { message: () => t('serialResetPolicyInvalid') })
  resetPolicy: ResetPolicy;

  @Type(() => Number)
  @IsVer()
  ver: number;
}

/** 导出当前列表 of the serial numbers list (serial/list/export). */
export class SerialListExportDto extends ListExportOf(SerialListDto) {}
