import { HOLDS, SHIP_TYPES, STAGE_SCREENS } from '@forwarder/domain';
import { findRouteByName, routeTitle, type RouteNode } from '@/shared/routing/routeTree';
import type { Schema } from '@/shared/api';
import type { Language } from '@/shared/i18n';

/** The columns of the home page's stage counts: the line's stage screens (registered orders first), then its hold screens. */
export const COUNT_COLUMNS = [...STAGE_SCREENS, ...HOLDS] as const;

/** A line's or a stage's code as the route names spell it (smallbag → Smallbag: SmallbagCreated). */
export const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface CountCell {
  key: string;
  count: number;
  /** The screen listing these orders; absent when the menu does not offer it. */
  path?: string;
}

export interface CountRow {
  line: string;
  title: string;
  cells: CountCell[];
}

/**
 * One row per line the user's menu offers, titled and linked from the route tree the server sent
 * (so names follow the menu administration and hidden screens are not linked).
 */
export function countRows(routes: readonly RouteNode[], counts: Schema<'OrderCounts'>, language: Language): CountRow[] {
  return SHIP_TYPES.flatMap((line) => {
    const lineRoute = findRouteByName(routes, cap(line));
    if (!lineRoute) return [];
    const cells = COUNT_COLUMNS.map((key) => {
      const screen = findRouteByName(routes, `${cap(line)}${cap(key)}`);
      return { key, count: counts[line]?.[key] ?? 0, path: screen?.path };
    });
    return [{ line, title: routeTitle(lineRoute, language), cells }];
  });
}

/**
 * The column titles: the stage screens' titles as the lines' menus name them, each distinct wording once
 * (sea and air staff read their own: 已开船 / 已起飞).
 */
export function columnTitle(routes: readonly RouteNode[], key: string, language: Language): string {
  const titles = SHIP_TYPES.flatMap((line) => {
    const screen = findRouteByName(routes, `${cap(line)}${cap(key)}`);
    return screen ? [routeTitle(screen, language)] : [];
  });
  return titles.length ? [...new Set(titles)].join(' / ') : key;
}
