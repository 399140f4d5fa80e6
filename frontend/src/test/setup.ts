import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// dates in the chosen language, as the signed-in layout sets them up for every page
import '@/shared/i18n/dates';
import { setLanguage } from '@/shared/i18n';

// findBy*/waitFor poll until what they wait for is there: up to 5 s rather than 1 s, for a machine running the
// suite beside other tiers (CI runs two at a time on two cores); a passing wait returns as soon as it holds.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no matchMedia; antd's responsive helpers call it on render.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// jsdom cannot style pseudo-elements, which antd's modals ask for when measuring the scrollbar.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

// jsdom has no ResizeObserver; antd's tabs, tables, menus, selects and growing text boxes measure with it.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= NoResizeObserver;

// The files of a worker share its modules (vitest.config.ts, isolate: false): each test leaves the page empty,
// the storage cleared and the language back at the default, Chinese, whatever it chose.
afterEach(() => {
  cleanup();
  setLanguage('zh');
  localStorage.clear();
});
