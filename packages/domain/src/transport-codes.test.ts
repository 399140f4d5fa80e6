import { SHARED_MESSAGES } from './messages.js';
import { containerCheckDigit, containerNoMessage, containerNoProblem, isFlightNo, isReferenceNo, normaliseContainerNo } from './transport-codes.js';

describe('transport codes', () => {
  it('accepts ISO 6346 container numbers with the right check digit, any case, spaces and dashes ignored', () => {
    for (const no of ['CSQU3054383', 'MSCU1234566', 'msku 907032-3', 'TGHU8819574']) expect(containerNoProblem(no)).toBeNull();
  });

  it('refuses a wrong check digit naming the computed one, and anything not shaped like a container number', () => {
    expect(containerNoProblem('CSQU3054384')).toEqual({ kind: 'check', computed: 3 });
    expect(containerNoProblem('MSCU1234567')).toEqual({ kind: 'check', computed: 6 });
    expect(containerNoProblem('CSQ3054383')).toEqual({ kind: 'format' });
    expect(containerNoProblem('CSQU30543831')).toEqual({ kind: 'format' });
    expect(containerNoProblem('')).toEqual({ kind: 'format' });
  });

  it('takes any 4 letters and 7 digits as the shape: a wrong check digit is named whatever the category letter', () => {
    const computed = containerCheckDigit('CSQX3054380')!;
    expect(containerNoProblem(`CSQX305438${(computed + 1) % 10}`)).toEqual({ kind: 'check', computed });
    // the right check digit on a category other than U, J or Z: the category is named
    expect(containerNoProblem(`CSQX305438${computed}`)).toEqual({ kind: 'category' });
  });

  it('says each fault in the shared message, the check digit with the computed one', () => {
    expect(containerNoMessage({ kind: 'check', computed: 6 })).toEqual({ key: 'containerNoCheckDigit', params: { digit: 6 } });
    expect(SHARED_MESSAGES.containerNoCheckDigit).toEqual([
      '集装箱号校验位错误：计算得到的校验位为 {digit}',
      'Container number check digit is wrong: the computed check digit is {digit}',
    ]);
    expect(containerNoMessage({ kind: 'format' }).key).toBe('containerNoFormat');
    expect(containerNoMessage({ kind: 'category' }).key).toBe('containerNoCategory');
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
