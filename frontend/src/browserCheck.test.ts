import { afterEach, describe, expect, it } from 'vitest';
import source from '../public/browser-check.js?raw';

/** A window of a current browser, as far as the check looks; `change` takes features away. */
function browser(change: Record<string, unknown> = {}, documentChange: Record<string, unknown> = {}) {
  const doc = { createElement: () => ({ noModule: false }), ...documentChange };
  return {
    document: doc,
    Promise,
    fetch: () => undefined,
    Proxy,
    ResizeObserver: class {},
    Array,
    Object,
    structuredClone: () => undefined,
    CSS: { supports: () => true },
    localStorage,
    ...change,
  };
}

/** Runs public/browser-check.js as the page does, in `win`, drawing into this test's document. */
function runCheck(win: object) {
  new Function('window', 'document', source)(win, document);
  return document.getElementById('browser-warning');
}

afterEach(() => {
  document.getElementById('browser-warning')?.remove();
});

describe('the old-browser warning', () => {
  it('stays away in a current browser, so the app starts', () => {
    expect(runCheck(browser())).toBeNull();
  });

  it('detects old Internet Explorer and recommends a newer browser', () => {
    const ie11 = browser(
      { Promise: undefined, fetch: undefined, Proxy: undefined, ResizeObserver: undefined, structuredClone: undefined, CSS: undefined },
      { documentMode: 11, createElement: () => ({}) },
    );
    const warning = runCheck(ie11);
    expect(warning?.getAttribute('role')).toBe('alert');
    expect(warning?.textContent).toContain('您的浏览器版本过低');
    expect(warning?.textContent).toContain('请升级或改用最新版的 Chrome、Edge 或 Firefox 浏览器');
    expect(warning?.textContent).toContain('Internet Explorer, JavaScript modules, Promise, fetch, Proxy');
  });

  it('names what a not-so-old browser lacks', () => {
    const noModules = browser({ structuredClone: undefined, ResizeObserver: undefined }, { createElement: () => ({}) });
    expect(runCheck(noModules)?.textContent).toContain('JavaScript modules, ResizeObserver, structuredClone');
  });

  it('warns in English when English was chosen in this browser', () => {
    localStorage.setItem('language', 'en');
    expect(runCheck(browser({ Proxy: undefined }))?.textContent).toContain('Your browser is too old');
  });
});
