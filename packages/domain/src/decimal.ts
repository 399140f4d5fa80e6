/** The largest value a numeric(precision, scale) column holds, e.g. 999999999999.99 for (14, 2). Pure: the web client imports the rules built on it. */
export const decimalMax = (precision: number, scale: number) => Number((10 ** (precision - scale) - 10 ** -scale).toFixed(scale));

/**
 * A finite number with at most `places` decimals, counted as the double nearest the decimal it was typed
 * as (1e-7 has seven). (class-validator's own maxDecimalPlaces reads the decimals from String(value) and
 * throws on exponent notation such as 1e-7.)
 */
export function hasAtMostDecimals(value: unknown, places: number): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  const scale = 10 ** places;
  return Math.round(value * scale) / scale === value;
}
