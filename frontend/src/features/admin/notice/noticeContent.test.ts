import { describe, expect, it } from 'vitest';
import { isNoticePush } from './noticeContent';

describe('isNoticePush', () => {
  it('recognises the notice push and nothing else', () => {
    expect(isNoticePush({ type: 'notice', id: 3, title: '放假通知' })).toBe(true);
    expect(isNoticePush({ type: 'issue', id: 3 })).toBe(false);
    expect(isNoticePush('notice')).toBe(false);
    expect(isNoticePush(null)).toBe(false);
  });
});
