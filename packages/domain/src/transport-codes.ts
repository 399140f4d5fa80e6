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

/** A container number's shape: owner code and category (4 letters), 6-digit serial and the check digit. */
const CONTAINER_SHAPE = /^[A-Z]{4}\d{7}$/;

/**
 * The ISO 6346 check digit computed from a container number's first ten characters (spaces, dashes and case
 * aside), or null when the number is not 4 letters and 7 digits.
 */
export function containerCheckDigit(raw: string): number | null {
  const no = normaliseContainerNo(raw);
  if (!CONTAINER_SHAPE.test(no)) return null;
  const sum = [...no.slice(0, 10)].reduce((total, c, i) => total + (LETTER_VALUES[c] ?? Number(c)) * 2 ** i, 0);
  return (sum % 11) % 10;
}

/** What is wrong with a container number: its shape, its check digit (with the one computed), or its category letter. */
export type ContainerNoProblem = { kind: 'format' } | { kind: 'check'; computed: number } | { kind: 'category' };

/**
 * An ISO 6346 container number: owner code (3 letters), category (U, J or Z), 6-digit serial and the check
 * digit, e.g. MSCU1234566 (spaces and dashes ignored). Null when right; else the first fault a user can act
 * on: not 4 letters and 7 digits ('format'), a check digit other than the computed one ('check'), a category
 * other than U, J or Z ('category').
 */
export function containerNoProblem(raw: string): ContainerNoProblem | null {
  const computed = containerCheckDigit(raw);
  if (computed === null) return { kind: 'format' };
  const no = normaliseContainerNo(raw);
  if (computed !== Number(no[10])) return { kind: 'check', computed };
  return /^[UJZ]$/.test(no[3]) ? null : { kind: 'category' };
}

/** The shared message (packages/domain/src/messages.ts) of a container number's fault, with its parameters: the screens and the server say the same. */
export function containerNoMessage(problem: ContainerNoProblem): {
  key: 'containerNoFormat' | 'containerNoCheckDigit' | 'containerNoCategory';
  params: Record<string, number>;
} {
  switch (problem.kind) {
    case 'format':
      return { key: 'containerNoFormat', params: {} };
    case 'check':
      return { key: 'containerNoCheckDigit', params: { digit: problem.computed } };
    case 'category':
      return { key: 'containerNoCategory', params: {} };
  }
}

export const normaliseContainerNo = (raw: string) => raw.replace(/[\s-]/g, '').toUpperCase();

/** A flight number: the airline's 2-character IATA or 3-letter ICAO code and 1–4 digits, e.g. CA987, MU5101A. */
export const isFlightNo = (raw: string) => /^([A-Z0-9]{2}|[A-Z]{3})\s?\d{1,4}[A-Z]?$/.test(raw.toUpperCase());

/** A document or reference number: letters, digits, dashes, slashes, dots and spaces. */
export const REFERENCE_NO_PATTERN = /^[A-Za-z0-9][A-Za-z0-9\-/. ]*$/;
export const isReferenceNo = (raw: string) => REFERENCE_NO_PATTERN.test(raw);
