import { describe, expect, it } from 'vitest';
import { labelFileNames, parseOrderNumbers } from './labelInput';

describe('the order numbers of the label dialog', () => {
  it('takes one number per line, trimmed', () => {
    expect(parseOrderNumbers('SB2611220001\n  DL2611220002  \r\nAT2611220003\t')).toEqual(['SB2611220001', 'DL2611220002', 'AT2611220003']);
  });

  it('drops blank and whitespace-only lines', () => {
    expect(parseOrderNumbers('\n\nSB2611220001\n   \n\t\nDL2611220002\n\n')).toEqual(['SB2611220001', 'DL2611220002']);
  });

  it('leaves nothing for empty or blank input, which the dialog refuses with 请先输入需打印的单号', () => {
    expect(parseOrderNumbers('')).toEqual([]);
    expect(parseOrderNumbers(' \n \r\n\t')).toEqual([]);
  });

  it('names the downloads as the original client did', () => {
    expect(labelFileNames('2026-11-22', 'barCode')).toEqual({
      template: '2026-11-22 barCode.btw',
      export: '2026-11-22 标签导出.txt',
      pdf: '2026-11-22 barCode.pdf',
    });
  });
});
