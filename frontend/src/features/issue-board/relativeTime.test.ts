import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime';

const NOW = new Date('2026-11-22T12:00:00');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('relativeTime', () => {
  it('says just now under 30 seconds', () => {
    expect(relativeTime(ago(0), 'zh', NOW)).toBe('刚刚');
    expect(relativeTime(ago(30 * S - 1), 'zh', NOW)).toBe('刚刚');
    expect(relativeTime(ago(29 * S), 'en', NOW)).toBe('just now');
  });

  it('counts minutes from 30 seconds to an hour', () => {
    expect(relativeTime(ago(30 * S), 'zh', NOW)).toBe('1 分钟前');
    expect(relativeTime(ago(30 * S), 'en', NOW)).toBe('1 minutes ago');
    expect(relativeTime(ago(5 * M), 'en', NOW)).toBe('5 minutes ago');
    expect(relativeTime(ago(H - 1), 'zh', NOW)).toBe('59 分钟前');
  });

  it('counts hours from an hour to a day', () => {
    expect(relativeTime(ago(H), 'zh', NOW)).toBe('1 小时前');
    expect(relativeTime(ago(H), 'en', NOW)).toBe('1 hours ago');
    expect(relativeTime(ago(D - 1), 'en', NOW)).toBe('23 hours ago');
  });

  it('says 1 day ago from one day to two', () => {
    expect(relativeTime(ago(D), 'zh', NOW)).toBe('1 天前');
    expect(relativeTime(ago(2 * D - 1), 'en', NOW)).toBe('1 day ago');
  });

  it('gives the date from two days on', () => {
    expect(relativeTime(ago(2 * D), 'zh', NOW)).toBe('2026-11-20');
    expect(relativeTime('2025-01-02T08:00:00', 'en', NOW)).toBe('2025-01-02');
  });
});
