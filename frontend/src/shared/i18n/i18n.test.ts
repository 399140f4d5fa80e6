import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import './dates';
import { defineMessages, format, getLanguage, setLanguage, translate } from './index';

const messages = defineMessages({ hello: '你好，{name}' }, { hello: 'Hello, {name}' });

describe('i18n', () => {
  it('remembers the chosen language and declares it on the page', () => {
    setLanguage('en');
    expect(getLanguage()).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(translate(messages, 'hello', { name: 'Li' })).toBe('Hello, Li');
    setLanguage('zh');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(translate(messages, 'hello', { name: '李' })).toBe('你好，李');
  });

  it('has dates follow the chosen language once the dates module is loaded', () => {
    setLanguage('en');
    expect(dayjs.locale()).toBe('en');
    setLanguage('zh');
    expect(dayjs.locale()).toBe('zh-cn');
    expect(dayjs('2026-11-27').format('dddd')).toBe('星期五');
  });

  it('leaves a placeholder without a value visible', () => {
    expect(format('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});
