import { describe, expect, it } from 'vitest';
import { DICT_STYLE_PRESETS, isDictStyle } from './dictStyle';

describe('isDictStyle', () => {
  it('accepts antd colour names, including the -inverse variants', () => {
    for (const preset of DICT_STYLE_PRESETS) expect(isDictStyle(preset)).toBe(true);
    expect(isDictStyle('blue-inverse')).toBe(true);
  });

  it('accepts hex colours of 3 or 6 digits', () => {
    expect(isDictStyle('#1677ff')).toBe(true);
    expect(isDictStyle('#F00')).toBe(true);
  });

  it('refuses anything else', () => {
    expect(isDictStyle('Blue')).toBe(false);
    expect(isDictStyle('#12345')).toBe(false);
    expect(isDictStyle('red; background: url(x)')).toBe(false);
    expect(isDictStyle('rgb(0,0,0)')).toBe(false);
  });
});
