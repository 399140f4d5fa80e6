import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_THEME, getTheme, parseTheme, resetTheme, setTheme, THEME_SWITCHES } from './theme';

afterEach(resetTheme);

describe('theme options', () => {
  it('default to the vertical layout, progress bar on, language switcher off, refresh, search, notice and full screen on', () => {
    const everySwitchButLanguage = Object.fromEntries(THEME_SWITCHES.map((option) => [option, option !== 'showLanguage']));
    expect(THEME_SWITCHES).toEqual(['showProgressBar', 'showLanguage', 'showRefresh', 'showSearch', 'showNotice', 'showFullScreen']);
    expect(DEFAULT_THEME).toEqual({ layout: 'vertical', ...everySwitchButLanguage });
    expect(parseTheme(null)).toEqual(DEFAULT_THEME);
  });

  it('are kept per browser: a change is stored and read back on the next visit', () => {
    setTheme({ layout: 'horizontal', showLanguage: true });
    expect(getTheme()).toMatchObject({ layout: 'horizontal', showLanguage: true, showSearch: true });
    expect(parseTheme(localStorage.getItem('theme'))).toEqual(getTheme());
  });

  it('keep the default of any option stored malformed, and of all of them when the entry is unreadable', () => {
    expect(parseTheme('{"layout":"diagonal","showSearch":"no","showNotice":false}')).toEqual({ ...DEFAULT_THEME, showNotice: false });
    expect(parseTheme('not json')).toEqual(DEFAULT_THEME);
    expect(parseTheme('[true]')).toEqual(DEFAULT_THEME);
  });

  it('go back to the defaults on reset', () => {
    setTheme({ showRefresh: false });
    resetTheme();
    expect(getTheme()).toEqual(DEFAULT_THEME);
    expect(localStorage.getItem('theme')).toBeNull();
  });
});
