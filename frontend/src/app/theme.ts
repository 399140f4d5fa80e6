import { createStore, useStore } from '@/shared/store/createStore';

export type MenuLayout = 'vertical' | 'horizontal';
export const MENU_LAYOUTS: readonly MenuLayout[] = ['vertical', 'horizontal'];

/** The theme options of the shell (seed 1, navigation and top bar), chosen per browser in the theme drawer. */
export interface ThemeOptions {
  /** vertical: the menu in a sidebar; horizontal: the menu across the top bar */
  layout: MenuLayout;
  showProgressBar: boolean;
  showLanguage: boolean;
  showRefresh: boolean;
  showSearch: boolean;
  showNotice: boolean;
  showFullScreen: boolean;
}

export type ThemeSwitch = Exclude<keyof ThemeOptions, 'layout'>;
export const THEME_SWITCHES: readonly ThemeSwitch[] = ['showProgressBar', 'showLanguage', 'showRefresh', 'showSearch', 'showNotice', 'showFullScreen'];

/** Vertical layout, progress bar on, language switcher off, refresh, search, notice and full screen on. */
export const DEFAULT_THEME: ThemeOptions = {
  layout: 'vertical',
  showProgressBar: true,
  showLanguage: false,
  showRefresh: true,
  showSearch: true,
  showNotice: true,
  showFullScreen: true,
};

const STORAGE_KEY = 'theme';

/** What this browser stored, option by option: anything missing or malformed keeps its default. */
export function parseTheme(stored: string | null): ThemeOptions {
  let saved: Record<string, unknown> = {};
  try {
    const parsed: unknown = stored ? JSON.parse(stored) : {};
    if (parsed && typeof parsed === 'object') saved = parsed as Record<string, unknown>;
  } catch {
    // an unreadable entry is no choice at all
  }
  const theme = { ...DEFAULT_THEME };
  if (MENU_LAYOUTS.includes(saved.layout as MenuLayout)) theme.layout = saved.layout as MenuLayout;
  for (const key of THEME_SWITCHES) {
    const value = saved[key];
    if (typeof value === 'boolean') theme[key] = value;
  }
  return theme;
}

const themeStore = createStore<ThemeOptions>(parseTheme(localStorage.getItem(STORAGE_KEY)));

export function getTheme(): ThemeOptions {
  return themeStore.get();
}

/** Applies at once and is kept for the next visit in this browser. */
export function setTheme(change: Partial<ThemeOptions>): void {
  themeStore.set(change);
  localStorage.setItem(STORAGE_KEY, JSON.stringify(themeStore.get()));
}

export function resetTheme(): void {
  themeStore.set(DEFAULT_THEME);
  localStorage.removeItem(STORAGE_KEY);
}

export function useTheme(): ThemeOptions {
  return useStore(themeStore);
}
