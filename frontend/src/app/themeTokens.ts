/**
 * antd's design tokens of the whole client. The primary colour is one step darker than antd's #1677ff, which
 * on white reads 4.1:1 (links, the active tab, the selected menu item, primary buttons' text on white) and
 * fails WCAG AA's 4.5:1: #0958d9 (antd's blue-7) reads 6.2:1 (e2e/accessibility.e2e.ts runs axe on it).
 * Links and the info colour follow it (antd derives links from the info colour).
 * A module of its own, importing nothing: the build (vite.config.ts) renders antd's styles with these tokens.
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

/**
 * How antd's component styles reach the page: built (vite.config.ts, antdStaticStyles, imported by main.tsx),
 * none generated in the browser (zeroRuntime), and none scoped by a hash of the tokens (hashed: false), so the
 * built styles apply under either theme of App.tsx; the tokens themselves still reach the page as CSS
 * variables. The component tests render under it too (test/render.tsx), as the app does.
 */
export const STATIC_STYLES = { zeroRuntime: true, hashed: false } as const;
