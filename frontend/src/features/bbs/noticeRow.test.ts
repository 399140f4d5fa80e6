import { describe, expect, it } from 'vitest';
import { tabForNotice } from './noticeRow';

describe('the tab an order board opens on from the bell', () => {
  it("is the first tab holding the caller's issue: wait when one waits for his answer", () => {
    expect(tabForNotice({ waitNum: 1, handleNum: 0 })).toBe('wait');
    expect(tabForNotice({ waitNum: 2, handleNum: 3 })).toBe('wait');
  });

  it('is handle when only an answered issue of his waits for him to check', () => {
    expect(tabForNotice({ waitNum: 0, handleNum: 1 })).toBe('handle');
  });

  it("leaves the board's default when nothing waits any more", () => {
    expect(tabForNotice({ waitNum: 0, handleNum: 0 })).toBeUndefined();
  });
});
