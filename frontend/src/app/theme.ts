import { createStore, useStore } from '@/shared/store/createStore';

/**
 * antd's design tokens of the whole client. The primary colour is one step darker than antd's #1677ff, which
 * on white reads 4.1:1 (links, the active tab, the selected menu item, primary buttons' text on white) and
 * fails WCAG AA's 4.5:1: #0958d9 (antd's blue-7) reads 6.2:1 (e2e/accessibility.e2e.ts runs axe on it).
 * Links and the info colour follow it (antd derives links from the info colour).
 */
export const THEME_TOKENS = {
  colorPrimary: '#0958d9',
  colorInfo: '#0958d9',
  colorLink: '#0958d9',
  // antd's secondary and tertiary text (45% black, 3.4:1: statistic titles, breadcrumbs, placeholders) made
  // dark enough for 4.5:1 on white and on the light grey of table headers
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  colorTextDescription: 'rgba(0, 0, 0, 0.62)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
  // danger buttons and links: antd's red (#ff4d4f, 3.3:1) as its red-7
  colorError: '#cf1322',
} as const;

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
