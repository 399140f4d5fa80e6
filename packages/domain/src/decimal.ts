/** The largest value a numeric(precision, scale) column holds, e.g. 999999999999.99 for (14, 2). Pure: the web client imports the rules built on it. */
export const decimalMax = (precision: number, scale: number) => Number((10 ** (precision - scale) - 10 ** -scale).toFixed(scale));
