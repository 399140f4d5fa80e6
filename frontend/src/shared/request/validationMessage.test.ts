import { describe, expect, it } from 'vitest';
import { flattenValidationMessage, parseFieldErrors } from './validationMessage';

describe('flattenValidationMessage', () => {
  it('joins every field message of a JSON 400 message into one sentence', () => {
    const message = JSON.stringify({ account: ['账号不能为空'], password: ['密码不能为空', '密码长度为 6 到 20 位'] });
    expect(flattenValidationMessage(message, 'zh')).toBe('账号不能为空；密码不能为空；密码长度为 6 到 20 位');
  });

  it('uses an English separator in English and accepts a field with a single message', () => {
    const message = JSON.stringify({ account: 'The account cannot be empty', password: ['Too short'] });
    expect(flattenValidationMessage(message, 'en')).toBe('The account cannot be empty; Too short');
  });

  it('leaves plain text, JSON that is not an object, and empty objects unchanged', () => {
    expect(flattenValidationMessage('账号或密码错误', 'zh')).toBe('账号或密码错误');
    expect(flattenValidationMessage('["a"]', 'zh')).toBe('["a"]');
    expect(flattenValidationMessage('42', 'zh')).toBe('42');
    expect(flattenValidationMessage('{}', 'zh')).toBe('{}');
  });
});

describe('parseFieldErrors', () => {
  it('keeps each field with its messages, a single message becoming a list', () => {
    expect(parseFieldErrors('{"account":["账号不能为空"],"password":"密码长度为 6 到 20 位"}')).toEqual({
      account: ['账号不能为空'],
      password: ['密码长度为 6 到 20 位'],
    });
  });

  it('has nothing for a plain message or a JSON list', () => {
    expect(parseFieldErrors('账号或密码错误')).toBeNull();
    expect(parseFieldErrors('["x"]')).toBeNull();
  });
});
