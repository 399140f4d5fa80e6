import { containerNoMessage, containerNoProblem, decimalMax, hasAtMostDecimals, normaliseContainerNo, SORT_MAX } from '@forwarder/domain';
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsISO8601, IsNumber, Max, Min, ValidateBy, type ValidationArguments } from 'class-validator';
import { t, type MessageKey } from './messages.js';

/**
 * DTO field decorators that bound every number to what its column can hold, so a value out of range is a
 * 400 on its field instead of a database error. Each takes the message key of its field (one message for
 * any fault, as the forms show it).
 */

/** The largest value of a PostgreSQL integer (int4) column: every id, ver, count and sort here. */
export const INT4_MAX = 2_147_483_647;

/** Whether `value` is a record id (an int4 key): a whole number from 1 to 2147483647. */
export const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= INT4_MAX;

/** The most ids one request may name (batch moves, grants, deletions). */
export const MAX_ID_LIST = 1000;

const says = (key: MessageKey, params?: Record<string, string | number>) => ({ message: () => t(key, params) });

/** A whole number in [min, max] (defaults: 0 to the int4 maximum). */
export const IntField = (key: MessageKey, { min = 0, max = INT4_MAX }: { min?: number; max?: number } = {}) =>
  applyDecorators(IsInt(says(key)), Min(min, says(key)), Max(max, says(key)));

/**
 * A field's one message: a missing field would fail every rule on it, each adding its message, so a text
 * field has one rule whose message says the field is missing when nothing was given, else what is wrong.
 */
export const missingOr = (missing: MessageKey, invalid: MessageKey, params?: Record<string, number>) => (args: ValidationArguments) =>
  typeof args.value === 'string' && args.value !== '' ? t(invalid, params) : t(missing);

/** The id of a record (an int4 key): 1 to 2147483647. */
export const IsId = (key: MessageKey = 'idInvalid') => IntField(key, { min: 1 });

/** A record's version for optimistic locking (int4, from 1). */
export const IsVer = () => IntField('verInvalid', { min: 1 });

/** A display order (a tree's or a list's sort): a whole number from 0 to 9999. */
export const SortField = (key: MessageKey) => IntField(key, { max: SORT_MAX });

/** A list of record ids: an array of `min` to `max` ids, each 1 to 2147483647 (the message gets {max}). */
export const IsIdList = (key: MessageKey = 'idInvalid', { min = 0, max = MAX_ID_LIST }: { min?: number; max?: number } = {}) =>
  applyDecorators(
    IsArray(says(key, { max })),
    ArrayMinSize(min, says(key, { max })),
    ArrayMaxSize(max, says(key, { max })),
    IsInt({ each: true, ...says(key, { max }) }),
    Min(1, { each: true, ...says(key, { max }) }),
    Max(INT4_MAX, { each: true, ...says(key, { max }) }),
  );

/**
 * A number for a numeric(precision, scale) column: at most `scale` decimals, from `min` (default 0) to `max`
 * (default the largest the column holds, below 10^(precision-scale)).
 */
export const DecimalField = (
  key: MessageKey,
  precision: number,
  scale: number,
  { min = 0, max = decimalMax(precision, scale) }: { min?: number; max?: number } = {},
) =>
  applyDecorators(
    IsNumber({ allowNaN: false, allowInfinity: false }, says(key)),
    ValidateBy(
      { name: 'decimalPlaces', constraints: [scale], validator: { validate: (value) => hasAtMostDecimals(value, scale), defaultMessage: () => t(key) } },
      says(key),
    ),
    Min(min, says(key)),
    Max(Math.min(max, decimalMax(precision, scale)), says(key)),
  );

export { decimalMax };

/** PostgreSQL dates run from 4713 BC; JavaScript's from 271821 BC: keep to years 1 to 9999, which both read alike. */
const FIRST_INSTANT = Date.UTC(1, 0, 1) - 14 * 3600_000;
const LAST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999) + 14 * 3600_000;
const inRange = (ms: number) => ms >= FIRST_INSTANT && ms <= LAST_INSTANT;

/** A strict ISO 8601 date or instant (no 30 February) within the years 1 to 9999. */
export const IsInstant = (key: MessageKey) =>
  applyDecorators(
    IsISO8601({ strict: true }, says(key)),
    ValidateBy(
      { name: 'instantInRange', validator: { validate: (value) => typeof value === 'string' && inRange(Date.parse(value)), defaultMessage: () => t(key) } },
      says(key),
    ),
  );

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `YYYY-MM-DD` that exists (no 30 February), in the years 1 to 9999. */
export function isCalendarDay(value: unknown): boolean {
  const match = typeof value === 'string' ? DAY.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const IsDay = (key: MessageKey) =>
  ValidateBy({ name: 'isCalendarDay', validator: { validate: isCalendarDay, defaultMessage: () => t(key) } }, says(key));

/** How far ahead of the server's clock a time that has happened may be: the sender's clock may run a little fast. */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

/**
 * A time at which something happened (arrival, sign-off, receipt): refused when it lies more than
 * FUTURE_TOLERANCE_MS ahead of now. Put it beside IsInstant, which checks the shape; `field` names the time.
 */
export const NotInFuture = (field: MessageKey) =>
  ValidateBy(
    {
      name: 'notInFuture',
      validator: {
        validate: (value) => typeof value !== 'string' || !(Date.parse(value) > Date.now() + FUTURE_TOLERANCE_MS),
        defaultMessage: () => t('timeInFuture', { field: t(field) }),
      },
    },
    { message: () => t('timeInFuture', { field: t(field) }) },
  );

/**
 * An ISO 6346 container number (packages/domain/src/transport-codes.ts, the one rule, the web client's too),
 * taken normalised: letters upper-cased, spaces and dashes dropped. The message is the rule's own: a wrong
 * shape, a wrong check digit (naming the computed one) or a wrong category letter.
 */
export const IsContainerNo = () =>
  applyDecorators(
    Transform(({ value }) => (typeof value === 'string' ? normaliseContainerNo(value) : value)),
    ValidateBy(
      { name: 'isContainerNo', validator: { validate: (value) => typeof value === 'string' && containerNoProblem(value) === null } },
      {
        message: ({ value }) => {
          const { key, params } = containerNoMessage(containerNoProblem(typeof value === 'string' ? value : '') ?? { kind: 'format' });
          return t(key, params);
        },
      },
    ),
  );
