import { containerNoProblem, isFlightNo, isReferenceNo, normaliseContainerNo } from './transport-codes.js';

describe('transport codes', () => {
  it('accepts ISO 6346 container numbers with the right check digit, any case, spaces and dashes ignored', () => {
    for (const no of ['CSQU3054383', 'MSCU1234566', 'msku 907032-3', 'TGHU8819574']) expect(containerNoProblem(no)).toBeNull();
  });

  it('refuses a wrong check digit and anything not shaped like a container number', () => {
    expect(containerNoProblem('CSQU3054384')).toBe('check');
    expect(containerNoProblem('CSQ3054383')).toBe('format');
    expect(containerNoProblem('CSQX3054383')).toBe('format');
    expect(containerNoProblem('')).toBe('format');
  });

  it('normalises a container number to 4 letters and 7 digits: upper case, spaces and dashes dropped', () => {
    expect(normaliseContainerNo(' msku 907032-3 ')).toBe('MSKU9070323');
    expect(normaliseContainerNo('CSQU-305438-3')).toBe('CSQU3054383');
  });

  it('knows flight numbers and reference numbers', () => {
    expect(['CA987', 'MU5101A', 'CPA 123', '3U8888'].every(isFlightNo)).toBe(true);
    expect(['ABCDE1', 'CA98765', '航班1'].some(isFlightNo)).toBe(false);
    expect(isReferenceNo('MEDU-123/45.6')).toBe(true);
    expect(isReferenceNo('提单1')).toBe(false);
  });
});
