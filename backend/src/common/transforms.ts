import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { t, type MessageKey } from './messages.js';

/** DTO field decorators shared by every area's input classes. */

/** Trims a string field. */
export const Trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Trims a string field and stores an empty one as null (optional form fields sent as ''). */
export const BlankAsNull = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value));

/** An optional text field of at most `max` characters ('' counts as absent); one message for any fault. */
export const OptionalText = (max: number, key: MessageKey) =>
  applyDecorators(BlankAsNull(), IsOptional(), IsString({ message: () => t(key) }), MaxLength(max, { message: () => t(key) }));
