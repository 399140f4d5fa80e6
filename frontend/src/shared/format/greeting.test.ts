import { greetingFor } from '@forwarder/domain';
import { describe, expect, it } from 'vitest';
import { translate } from '@/shared/i18n';
import { greetingMessages } from './greeting';

describe('greetingFor', () => {
  it.each([
    [0, 'earlyMorning'],
    [7, 'earlyMorning'],
    [8, 'morning'],
    [11, 'morning'],
    [12, 'noon'],
    [13, 'noon'],
    [14, 'afternoon'],
    [17, 'afternoon'],
    [18, 'evening'],
    [23, 'evening'],
  ] as const)('greets at %i h with %s', (hour, greeting) => {
    expect(greetingFor(hour)).toBe(greeting);
  });

  it('says 早上好 before 8, 上午好 until 11, 中午好 until 13, 下午好 until 17 and 晚上好 from 18', () => {
    const say = (hour: number) => translate(greetingMessages, greetingFor(hour), {}, 'zh');
    expect([7, 8, 12, 14, 18].map(say)).toEqual(['早上好', '上午好', '中午好', '下午好', '晚上好']);
  });

  it('says Good morning before 12, Good afternoon until 17 and Good evening from 18, as English does', () => {
    const say = (hour: number) => translate(greetingMessages, greetingFor(hour), {}, 'en');
    expect([6, 8, 12, 13, 14, 17, 18].map(say)).toEqual([
      'Good morning',
      'Good morning',
      'Good afternoon',
      'Good afternoon',
      'Good afternoon',
      'Good afternoon',
      'Good evening',
    ]);
  });
});
