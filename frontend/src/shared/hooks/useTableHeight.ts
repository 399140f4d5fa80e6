import { useCallback, useState, useSyncExternalStore } from 'react';

/** What a list screen needs around its table with one row of filters: top bar, tabs, form, toolbar, pager. */
export const TABLE_CHROME_HEIGHT = 291;
/** Each further row the filters wrap onto. */
export const FILTER_ROW_HEIGHT = 60;
/** A window too short for the rule still shows a few rows rather than none. */
const MIN_TABLE_HEIGHT = 200;

/** The table's scroll height: window height − 291 − 60 for each extra row of filters. */
export function tableHeight(windowHeight: number, extraFilterRows: number): number {
  return Math.max(MIN_TABLE_HEIGHT, windowHeight - TABLE_CHROME_HEIGHT - FILTER_ROW_HEIGHT * extraFilterRows);
}

/** How many rows an inline form's items wrap onto, from the items' top offsets. */
export function rowsOf(itemTops: readonly number[]): number {
  return new Set(itemTops.map(Math.round)).size;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The scroll height of a list's table, following the window as it is resized. */
export function useTableHeight(extraFilterRows: number): number {
  const windowHeight = useSyncExternalStore(subscribe, () => window.innerHeight);
  return tableHeight(windowHeight, extraFilterRows);
}

/**
 * The rows an inline form's items wrap onto, measured again whenever the form changes size (a narrower
 * window wraps more): `ref` goes on an element around the form.
 */
export function useFormRows(): [ref: (element: HTMLElement | null) => (() => void) | undefined, rows: number] {
  const [rows, setRows] = useState(1);
  const ref = useCallback((element: HTMLElement | null) => {
    const form = element?.querySelector('form');
    if (!form) return undefined;
    const measure = () => setRows(Math.max(1, rowsOf([...form.children].map((item) => (item as HTMLElement).offsetTop))));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(form);
    return () => observer.disconnect();
  }, []);
  return [ref, rows];
}
