import { useLayoutEffect, type RefObject } from 'react';

/**
 * The open-page strip is antd's Tabs, whose tab bar is an ARIA tablist holding, besides its tabs, each
 * tab's close button and the overflow button, which a tablist may not hold (axe: aria-required-children,
 * critical). The strip is navigation between open pages rather than tabs of one panel, so within `strip`
 * the bar is made a plain group, each tab a link (the current one `aria-current="page"`) and the empty tab
 * panels nothing; kept so as the strip changes (rc-tabs sets the roles when it renders a tab).
 */
export function usePageLinkRoles(strip: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const root = strip.current;
    if (!root) return;
    const apply = () => {
      for (const list of root.querySelectorAll('[role="tablist"]')) list.removeAttribute('role');
      for (const list of root.querySelectorAll('[aria-orientation]')) list.removeAttribute('aria-orientation');
      for (const panel of root.querySelectorAll('[role="tabpanel"]')) {
        panel.removeAttribute('role');
        panel.removeAttribute('aria-labelledby');
      }
      for (const tab of root.querySelectorAll<HTMLElement>('[role="tab"], [data-page-link]')) {
        // only what differs: each change is a mutation this observer hears again
        if (tab.getAttribute('role') !== 'link') tab.setAttribute('role', 'link');
        if (!tab.hasAttribute('data-page-link')) tab.setAttribute('data-page-link', '');
        const selected = tab.getAttribute('aria-selected');
        if (selected !== null) {
          if (selected === 'true') tab.setAttribute('aria-current', 'page');
          else tab.removeAttribute('aria-current');
          tab.removeAttribute('aria-selected');
        }
        if (tab.hasAttribute('aria-controls')) tab.removeAttribute('aria-controls');
      }
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['role', 'aria-selected', 'aria-controls'] });
    return () => observer.disconnect();
  }, [strip]);
}

/**
 * antd's Table measures its columns with a hidden copy of the header row (`aria-hidden`), copying what the
 * header holds, a select-all checkbox among it: focusable content a screen reader is told is not there
 * (axe: aria-hidden-focus, serious). Such rows under `root` are made `inert`, looked for at most once a frame.
 */
export function useInertMeasureRows(root: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const container = root.current;
    if (!container) return;
    let frame = 0;
    const apply = () => {
      frame = 0;
      for (const row of container.querySelectorAll<HTMLElement>('.ant-table-measure-row:not([inert])')) row.inert = true;
    };
    apply();
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(apply);
    });
    observer.observe(container, { subtree: true, childList: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [root]);
}
