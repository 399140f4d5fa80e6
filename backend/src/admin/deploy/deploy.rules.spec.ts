import { FieldErrors } from '../../common/app-error.js';
import { parseSettingValue } from './deploy.rules.js';

function refusal(fn: () => unknown): Record<string, string[]> {
  try {
    fn();
  } catch (error) {
    if (error instanceof FieldErrors) return error.fields;
    throw error;
  }
  throw new Error('the value was accepted');
}

describe('system parameter values', () => {
  it('takes a number, also as text, and refuses a negative one', () => {
    expect(parseSettingValue('security.loginLockMinutes', 0)).toBe(0);
    expect(parseSettingValue('security.loginLockMinutes', ' 20 ')).toBe(20);
    expect(refusal(() => parseSettingValue('security.loginLockMinutes', -1))).toEqual({ value: ['请输入不小于 0 的数字'] });
    expect(refusal(() => parseSettingValue('security.loginLockMinutes', 'ten'))).toEqual({ value: ['请输入不小于 0 的数字'] });
  });

  it('refuses 0 for a lifetime or limit the server cannot run with', () => {
    expect(refusal(() => parseSettingValue('security.accessTokenMinutes', 0))).toEqual({ value: ['请输入不小于 1 的数字'] });
    expect(refusal(() => parseSettingValue('security.loginMaxFailures', 0))).toEqual({ value: ['请输入不小于 1 的数字'] });
  });

  it('takes a list of choices only from its choices', () => {
    expect(parseSettingValue('mail.milestones', 'warehouse\nsail, warehouse')).toEqual(['warehouse', 'sail']);
    expect(parseSettingValue('mail.milestones', [])).toEqual([]);
    expect(refusal(() => parseSettingValue('mail.milestones', ['sail', 'shipped', 'created']))).toEqual({ value: ['不可选的值：shipped, created'] });
  });

  it('trims a text and refuses a non-text', () => {
    expect(parseSettingValue('site.title', '  新标题 ')).toBe('新标题');
    expect(refusal(() => parseSettingValue('site.title', 12))).toEqual({ value: ['请输入不超过 500 个字符的文本'] });
  });

  it('takes a list as an array or as lines, trimmed and without repeats', () => {
    expect(parseSettingValue('upload.allowedTypes', ['image/png', ' image/png ', 'text/plain'])).toEqual(['image/png', 'text/plain']);
    expect(parseSettingValue('upload.allowedTypes', 'image/png\napplication/pdf,\n')).toEqual(['image/png', 'application/pdf']);
    expect(refusal(() => parseSettingValue('upload.allowedTypes', [1, 2]))).toEqual({ value: ['请输入文本列表，每项不超过 200 个字符'] });
  });
});
