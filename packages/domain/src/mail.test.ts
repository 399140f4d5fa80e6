import { describe, expect, it } from 'vitest';
import { mailLanguageOf } from './mail.js';

describe('the language of a customer’s e-mails', () => {
  it('is Chinese for a blank country or one where customers read Chinese, in either spelling', () => {
    for (const country of [null, undefined, '', '  ', '中国', 'China', ' CN ', '香港', 'Hong Kong', '台湾', 'taiwan', '新加坡'])
      expect(mailLanguageOf(country)).toBe('zh');
  });

  it('is English for any other country, whichever language staff typed it in', () => {
    for (const country of ['Germany', 'USA', '美国', '日本', 'Deutschland']) expect(mailLanguageOf(country)).toBe('en');
  });
});
