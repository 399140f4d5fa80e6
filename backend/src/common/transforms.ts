import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@forwarder/domain';
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { t, type MessageKey } from './messages.js';

/** DTO field decorators shared by every area's input classes. */

/** Trims a string field. */
export const Trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Trims a string field and stores an empty one as null (optional form fields sent as ''). */
export const BlankAsNull = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value));

const says = (key: MessageKey, params?: Record<string, string | number>) => ({ message: () => t(key, params) });

/**
 * Decorators as they would stand one above the other on the field: TypeScript applies such a stack from
 * the bottom up, and the rules report their messages in that order, so a shared stack keeps it.
 */
const stacked = (...decorators: PropertyDecorator[]) => applyDecorators(...decorators.reverse());

/** An optional text field of at most `max` characters ('' counts as absent); one message for any fault. */
export const OptionalText = (max: number, key: MessageKey) =>
  applyDecorators(BlankAsNull(), IsOptional(), IsString({ message: () => t(key) }), MaxLength(max, { message: () => t(key) }));

/** An optional text filter of at most `max` characters, taken as sent; one message for any fault. */
export const OptionalString = (max: number, key: MessageKey) => stacked(IsOptional(), IsString(says(key)), MaxLength(max, says(key)));

/**
 * A required text, trimmed, of at most `max` characters: `required` when it is missing, blank or not a
 * text, `tooLong` (given `{max}`; by default the same message) when it is longer.
 */
export const RequiredText = (max: number, required: MessageKey, tooLong: MessageKey = required) =>
  stacked(Trimmed(), IsString(says(required)), IsNotEmpty(says(required)), MaxLength(max, says(tooLong, { max })));

/** An optional yes/no field. */
export const OptionalFlag = (key: MessageKey) => stacked(IsOptional(), IsBoolean(says(key)));

/** A password as a form sends it: `required` when missing, `format` unless 6 to 20 characters. */
export const PasswordField = (required: MessageKey, format: MessageKey) =>
  stacked(IsString(says(required)), IsNotEmpty(says(required)), Length(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, says(format)));
