import NProgress from 'nprogress';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flashProgress } from './progress';
import { resetTheme, setTheme } from './theme';

afterEach(() => {
  resetTheme();
  vi.useRealTimers();
});

describe('the route progress bar', () => {
  it('runs while a page loads when showProgressBar is on (the default)', () => {
    vi.useFakeTimers();
    flashProgress();
    expect(NProgress.isStarted()).toBe(true);
    vi.advanceTimersByTime(200);
    expect(NProgress.isStarted()).toBe(false);
  });

  it('never shows when the theme turns showProgressBar off', () => {
    vi.useFakeTimers();
    setTheme({ showProgressBar: false });
    flashProgress();
    expect(NProgress.isStarted()).toBe(false);
    vi.advanceTimersByTime(200);
  });
});
