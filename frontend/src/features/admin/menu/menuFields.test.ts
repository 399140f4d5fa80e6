import { describe, expect, it } from 'vitest';
import type { MenuFields } from './api';
import { defaultChildType, hasField, isRequired, menuPayload, newMenuValues } from './menuFields';

describe('menu form fields by type', () => {
  it('asks directories and menus for a route, buttons for a permission code', () => {
    const required = [
      ['directory', 'path', true],
      ['menu', 'name', true],
      ['button', 'path', false],
      ['button', 'permission', true],
      ['menu', 'permission', false],
    ] as const;
    for (const [type, field, expected] of required) expect(isRequired(type, field), `${type} ${field}`).toBe(expected);
  });

  it('shows route fields on directories and menus only, the component on menus only', () => {
    const shown = [
      ['directory', 'redirect', true],
      ['directory', 'component', false],
      ['menu', 'component', true],
      ['button', 'path', false],
      ['button', 'permission', true],
    ] as const;
    for (const [type, field, expected] of shown) expect(hasField(type, field), `${type} ${field}`).toBe(expected);
  });

  it('proposes a button under a menu and a menu elsewhere', () => {
    expect(defaultChildType('menu')).toBe('button');
    expect(defaultChildType('directory')).toBe('menu');
    expect(defaultChildType(null)).toBe('menu');
    expect(newMenuValues({ id: 4, type: 'menu' })).toEqual({ type: 'button', parentId: 4, sort: 0 });
    expect(newMenuValues(null)).toEqual({ type: 'menu', parentId: null, sort: 0 });
  });
});

describe('menuPayload', () => {
  /** What every type keeps: its title and its place in the tree. */
  const placed = { parentId: 3, title: '员工管理', titleEn: 'Staff', sort: 2 };
  const route = { path: '/base/staff/list', name: 'StaffList', component: 'base/staff/list', hidden: false };
  const page: MenuFields = { type: 'menu', ...placed, ...route, redirect: '/left/over', permission: 'staff:list' };

  it('sends the fields of the chosen type and leaves out those of other types', () => {
    expect(menuPayload(page)).toEqual({ type: 'menu', ...placed, ...route, permission: 'staff:list' });
  });

  it('keeps only the title, place and permission of a button', () => {
    expect(menuPayload({ ...page, type: 'button', permission: 'staff:add' })).toEqual({ type: 'button', ...placed, permission: 'staff:add' });
  });
});
