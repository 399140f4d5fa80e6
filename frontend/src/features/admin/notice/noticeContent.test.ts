import { describe, expect, it } from 'vitest';
import { hasVisibleContent, isNoticePush } from './noticeContent';

describe('hasVisibleContent', () => {
  it('sees text inside markup', () => {
    expect(hasVisibleContent('<p>放假<b>通知</b></p>')).toBe(true);
  });

  it('treats an emptied editor as empty', () => {
    expect(hasVisibleContent('')).toBe(false);
    expect(hasVisibleContent(null)).toBe(false);
    expect(hasVisibleContent('<p><br></p>')).toBe(false);
    expect(hasVisibleContent('<div>&nbsp; </div>')).toBe(false);
  });

  it('counts an image as content', () => {
    expect(hasVisibleContent('<p><img src="/files/2026/11/a.png"></p>')).toBe(true);
  });
});

describe('isNoticePush', () => {
  it('recognises the notice push and nothing else', () => {
    expect(isNoticePush({ type: 'notice', id: 3, title: '放假通知' })).toBe(true);
    expect(isNoticePush({ type: 'issue', id: 3 })).toBe(false);
    expect(isNoticePush('notice')).toBe(false);
    expect(isNoticePush(null)).toBe(false);
  });
});
