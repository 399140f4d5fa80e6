import { describe, expect, it } from 'vitest';
import { formatBytes, formatTime } from './format';

describe('formatBytes', () => {
  it('shows bytes below 1 KB as they are', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
  });

  it('uses binary multiples with at most one decimal', () => {
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(1.25 * 1024 ** 3)).toBe('1.3 GB');
  });

  it('stops at TB and shows nothing for a size that makes no sense', () => {
    expect(formatBytes(2048 * 1024 ** 4)).toBe('2048 TB');
    expect(formatBytes(-1)).toBe('');
    expect(formatBytes(Number.NaN)).toBe('');
  });
});

describe('formatTime', () => {
  it('shows an instant as local date and time, and nothing for none', () => {
    const instant = new Date(2026, 10, 22, 8, 5, 9).toISOString();
    expect(formatTime(instant)).toBe('2026-11-22 08:05:09');
    expect(formatTime(null)).toBe('');
  });
});
