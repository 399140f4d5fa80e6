import { hasVisibleContent, isNoticeEditable } from './notices.js';

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

describe('isNoticeEditable', () => {
  it('lets a draft or a withdrawn notice be edited, deleted and published, a published one only withdrawn', () => {
    expect(isNoticeEditable('draft')).toBe(true);
    expect(isNoticeEditable('withdrawn')).toBe(true);
    expect(isNoticeEditable('published')).toBe(false);
  });
});
