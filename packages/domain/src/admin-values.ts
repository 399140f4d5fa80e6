/** The value lists of the administration screens that server and client share. */

/** The kinds of organisation unit; the `orgType` dictionary gives their display names. */
export const ORG_TYPES = ['company', 'branch', 'department'] as const;
export type OrgType = (typeof ORG_TYPES)[number];

/** The kinds of node of the menu tree (RuoYi's directory / menu / button). */
export const MENU_TYPES = ['directory', 'menu', 'button'] as const;
export type MenuType = (typeof MENU_TYPES)[number];

/** The node types that hold children (a button is a leaf): the parent choices of the menu form. */
export const PARENT_MENU_TYPES = ['directory', 'menu'] as const satisfies readonly MenuType[];

export const mayHaveChildren = (type: MenuType): boolean => (PARENT_MENU_TYPES as readonly MenuType[]).includes(type);

/** Where a menu opens: in the page or in a new window. */
export const MENU_TARGETS = ['_self', '_blank'] as const;
export type MenuTarget = (typeof MENU_TARGETS)[number];
