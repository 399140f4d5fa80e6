/**
 * Checks of the numbers the transport documents carry, shared by every area that takes them.
 */

/** ISO 6346 letter values: A=10 … Z=38, skipping the multiples of 11. */
const LETTER_VALUES: Record<string, number> = (() => {
  const values: Record<string, number> = {};
  let value = 10;
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (value % 11 === 0) value++;
    values[letter] = value++;
  }
  return values;
})();

/**
 * An ISO 6346 container number: owner code (3 letters), category (U, J or Z), 6-digit serial and the check
 * digit, e.g. MSCU1234566 (spaces and dashes ignored). 'format' when it is not shaped like one, 'check'
 * when the check digit is wrong, null when right.
 */
export function containerNoProblem(raw: string): 'format' | 'check' | null {
  const no = normaliseContainerNo(raw);
  if (!/^[A-Z]{3}[UJZ]\d{7}$/.test(no)) return 'format';
  const sum = [...no.slice(0, 10)].reduce((total, c, i) => total + (LETTER_VALUES[c] ?? Number(c)) * 2 ** i, 0);
  return (sum % 11) % 10 === Number(no[10]) ? null : 'check';
}

export const normaliseContainerNo = (raw: string) => raw.replace(/[\s-]/g, '').toUpperCase();

/** A flight number: the airline's 2-character IATA or 3-letter ICAO code and 1–4 digits, e.g. CA987, MU5101A. */
export const isFlightNo = (raw: string) => /^([A-Z0-9]{2}|[A-Z]{3})\s?\d{1,4}[A-Z]?$/.test(raw.toUpperCase());

/** A document or reference number: letters, digits, dashes, slashes, dots and spaces. */
export const REFERENCE_NO_PATTERN = /^[A-Za-z0-9][A-Za-z0-9\-/. ]*$/;
export const isReferenceNo = (raw: string) => REFERENCE_NO_PATTERN.test(raw);
