import { Transform } from 'class-transformer';

/** DTO field decorators shared by every area's input classes. */

/** Trims a string field. */
export const Trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Trims a string field and stores an empty one as null (optional form fields sent as ''). */
export const BlankAsNull = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value));
