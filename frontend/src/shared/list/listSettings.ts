import type { TableColumnType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** A list's density (antd Table size); undefined is the product's default. */
export type Density = 'large' | 'middle' | 'small';
export type Pin = 'left' | 'right';

/** One column as the user arranged it; the array's order is the column order. */
export interface ColumnSetting {
  key: string;
  hidden?: boolean;
  /** 'left'/'right' pinned, false unpinned, absent: as the list pins it */
  fixed?: Pin | false;
}

/** A named filter the user saved: the search form's values. */
export interface SavedFilter {
  name: string;
  values: Record<string, FilterValue>;
}
/** A picked date (a date picker's dayjs) as kept in a saved filter: its instant in ISO 8601, marked so that it reads back as a date, not a text. */
export interface SavedDate {
  date: string;
}
/** One value of a saved filter; in a list, null is an open end (a date range picked from one side only). */
export type FilterScalar = string | number | boolean | SavedDate;
export type FilterValue = FilterScalar | (FilterScalar | null)[];

/** What a user keeps per list (GET/PUT /user/preference/list.<screen>). */
export interface ListSettings {
  columns?: ColumnSetting[];
  density?: Density;
  collapsed?: boolean;
  filters?: SavedFilter[];
}

/** The key the list's columns are arranged by: `key`, else a text `dataIndex`; a column without either is not arrangeable. */
export function columnKey<T>(column: TableColumnType<T>): string | undefined {
  if (column.key !== undefined && column.key !== null) return String(column.key);
  return typeof column.dataIndex === 'string' ? column.dataIndex : undefined;
}

/** The row actions column stays last and shown: it is no data to arrange. */
const isActions = <T>(column: TableColumnType<T>) => column.key === 'actions';

/** One column of the settings control: its key, title, whether shown and where pinned, in the user's order. */
export interface ArrangedColumn {
  key: string;
  title: string;
  hidden: boolean;
  fixed: Pin | undefined;
}

const titleText = (title: unknown, key: string) => (typeof title === 'string' || typeof title === 'number' ? String(title) : key);

/**
 * The list's arrangeable columns in the user's order with the user's choices applied; a column the list
 * marks `hidden` is hidden until the user shows it; a column the saved settings do not name (new since) keeps
 * its place after the named ones.
 */
export function arrange<T>(columns: readonly TableColumnType<T>[], saved: readonly ColumnSetting[] | undefined): ArrangedColumn[] {
  const defaults = columns.flatMap((column): ArrangedColumn[] => {
    const key = columnKey(column);
    if (key === undefined || isActions(column)) return [];
    const fixed: Pin | undefined = column.fixed === 'left' || column.fixed === true ? 'left' : column.fixed === 'right' ? 'right' : undefined;
    return [{ key, title: titleText(column.title, key), hidden: Boolean(column.hidden), fixed }];
  });
  if (!saved?.length) return defaults;
  const byKey = new Map(defaults.map((column) => [column.key, column]));
  const named = saved.flatMap((setting): ArrangedColumn[] => {
    const column = byKey.get(setting.key);
    if (!column) return [];
    byKey.delete(setting.key);
    return [
      {
        ...column,
        hidden: setting.hidden ?? column.hidden,
        fixed: setting.fixed === undefined ? column.fixed : setting.fixed === false ? undefined : setting.fixed,
      },
    ];
  });
  return [...named, ...byKey.values()];
}

/** The columns the table shows: the arranged ones (shown, in order, pinned as chosen), then the unkeyed and the actions as the list has them. */
export function visibleColumns<T>(columns: readonly TableColumnType<T>[], arranged: readonly ArrangedColumn[]): TableColumnType<T>[] {
  const byKey = new Map(columns.map((column) => [columnKey(column), column]));
  const shown = arranged.filter((column) => !column.hidden).map((column) => ({ ...byKey.get(column.key)!, hidden: undefined, fixed: column.fixed }));
  // antd draws left-pinned columns first and right-pinned last whatever their place: keep that order visible in the settings too
  const left = shown.filter((column) => column.fixed === 'left');
  const right = shown.filter((column) => column.fixed === 'right');
  const middle = shown.filter((column) => column.fixed !== 'left' && column.fixed !== 'right');
  const rest = columns.filter((column) => columnKey(column) === undefined || isActions(column));
  return [...left, ...middle, ...right, ...rest];
}

/** Settings to save from the arranged columns: each column's key, and what differs from the list's default. */
export function toSettings(arranged: readonly ArrangedColumn[]): ColumnSetting[] {
  return arranged.map(({ key, hidden, fixed }) => ({ key, hidden, fixed: fixed ?? false }));
}

/** Moves the column at `from` by `step` places (−1 up, +1 down); out of range leaves the list as it is. */
export function move<C>(list: readonly C[], from: number, step: number): C[] {
  const to = from + step;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

const isSavedDate = (value: unknown): value is SavedDate =>
  !!value && typeof value === 'object' && Object.keys(value).length === 1 && typeof (value as SavedDate).date === 'string';

/** A form value as a saved filter keeps it: texts, numbers and booleans as they are, a date as a `SavedDate`; anything else is not kept. */
function keptScalar(value: unknown): FilterScalar | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (dayjs.isDayjs(value)) return value.isValid() ? { date: value.toISOString() } : undefined;
  return undefined;
}

/**
 * The search form's values worth keeping in a saved filter: texts, numbers, booleans, dates (a date
 * picker's, kept as `SavedDate`) and lists of them; a range with one open end keeps that end as null.
 */
export function keptFilterValues(values: Record<string, unknown>): Record<string, FilterValue> {
  return Object.fromEntries(
    Object.entries(values).flatMap(([name, value]): [string, FilterValue][] => {
      if (!Array.isArray(value)) {
        const kept = keptScalar(value);
        return kept === undefined ? [] : [[name, kept]];
      }
      const kept = value.map((item) => (item === null || item === undefined ? null : keptScalar(item)));
      if (kept.includes(undefined) || kept.every((item) => item === null)) return [];
      return [[name, kept as (FilterScalar | null)[]]];
    }),
  );
}

/** A form value a saved filter gives back: marked dates as the date pickers' dayjs, the rest as it was saved. */
type FormValue = string | number | boolean | Dayjs | null;
const formScalar = (value: FilterScalar | null): FormValue => (isSavedDate(value) ? dayjs(value.date) : value);

/** A saved filter's values as the search form holds them (the inverse of `keptFilterValues`). */
export function filterFormValues(values: Record<string, FilterValue>): Record<string, FormValue | FormValue[]> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, Array.isArray(value) ? value.map(formScalar) : formScalar(value)]));
}

/** A saved value read back: what is not settings-shaped (an old or foreign value) reads as none. */
export function asListSettings(value: unknown): ListSettings {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const raw = value as Record<string, unknown>;
  const density = raw.density === 'large' || raw.density === 'middle' || raw.density === 'small' ? raw.density : undefined;
  const columns = Array.isArray(raw.columns)
    ? (raw.columns as unknown[]).filter((c): c is ColumnSetting => !!c && typeof c === 'object' && typeof (c as ColumnSetting).key === 'string')
    : undefined;
  const filters = Array.isArray(raw.filters)
    ? (raw.filters as unknown[]).filter(
        (f): f is SavedFilter => !!f && typeof f === 'object' && typeof (f as SavedFilter).name === 'string' && typeof (f as SavedFilter).values === 'object',
      )
    : undefined;
  return { columns, density, collapsed: raw.collapsed === true, filters };
}

/** The preference name of a list: `list.` and the screen's path or test id, in the characters the server accepts. */
export function settingsName(screen: string): string {
  const name = `list.${screen.replace(/^\/+/, '').replace(/[^A-Za-z0-9._:-]+/g, '.')}`;
  return name.slice(0, 100);
}
