import { type MenuType } from '@forwarder/domain';
import type { MenuFields, MenuNode } from './api';

/** The message key naming each type. */
export const TYPE_LABELS = { directory: 'typeDirectory', menu: 'typeMenu', button: 'typeButton' } as const satisfies Record<MenuType, string>;

/** Fields every node has. */
export const COMMON_FIELDS = ['type', 'parentId', 'title', 'titleEn', 'sort'] as const;

/** The fields of the form beyond the common ones, by node type. */
export type MenuField =
  | 'path'
  | 'name'
  | 'component'
  | 'redirect'
  | 'icon'
  | 'hidden'
  | 'levelHidden'
  | 'breadcrumbHidden'
  | 'noClosable'
  | 'noKeepAlive'
  | 'badge'
  | 'dot'
  | 'target'
  | 'activeMenu'
  | 'permission'
  | 'roleGuard';

/**
 * What each type of node uses. Directories group pages (the layout is their component; they may
 * redirect and give their place to their children); menus are pages or external links; buttons only
 * guard actions, by their permission code, so they have no route fields.
 */
export const FIELDS_BY_TYPE: Record<MenuType, readonly MenuField[]> = {
  directory: ['path', 'name', 'redirect', 'icon', 'hidden', 'levelHidden', 'breadcrumbHidden', 'badge', 'dot', 'permission', 'roleGuard'],
  menu: [
    'path',
    'name',
    'component',
    'icon',
    'hidden',
    'breadcrumbHidden',
    'noClosable',
    'noKeepAlive',
    'badge',
    'dot',
    'target',
    'activeMenu',
    'permission',
    'roleGuard',
  ],
  button: ['permission'],
};

export function hasField(type: MenuType | undefined, field: MenuField): boolean {
  return FIELDS_BY_TYPE[type ?? 'menu'].includes(field);
}

/** Directories and menus are routes: they need a path and a name; a button needs its permission code. */
export function isRequired(type: MenuType | undefined, field: 'path' | 'name' | 'permission'): boolean {
  return field === 'permission' ? type === 'button' : type !== 'button';
}

/** An absolute route path or an external http(s) link (the server's rule). */
export const ROUTE_PATH = /^(\/\S*|https?:\/\/\S+)$/;

/** A new child's likely type: a button under a menu, a menu elsewhere. */
export function defaultChildType(parentType: MenuType | null): MenuType {
  return parentType === 'menu' ? 'button' : 'menu';
}

/** The values a new node under `parent` (none: top level) starts from. */
export function newMenuValues(parent: Pick<MenuNode, 'id' | 'type'> | null): Partial<MenuFields> {
  return { type: defaultChildType(parent?.type ?? null), parentId: parent?.id ?? null, sort: 0 };
}

/**
 * What the form sends: the common fields and those of the chosen type only. An edit replaces every
 * field on the server, so the fields of another type (left over from switching the type) go back to
 * their defaults.
 */
export function menuPayload(values: MenuFields): MenuFields {
  const keep = new Set<string>([...COMMON_FIELDS, ...FIELDS_BY_TYPE[values.type]]);
  return Object.fromEntries(Object.entries(values).filter(([field]) => keep.has(field))) as unknown as MenuFields;
}
