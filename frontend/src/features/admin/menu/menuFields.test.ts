import { describe, expect, it } from 'vitest';
import type { MenuFields } from './api';
import { defaultChildType, hasField, isRequired, menuPayload, newMenuValues } from './menuFields';

describe('menu form fields by type', () => {
  it('asks directories and menus for a route, buttons for a permission code', () => {
    expect(isRequired('directory', 'path')).toBe(true);
    expect(isRequired('menu', 'name')).toBe(true);
    expect(isRequired('button', 'path')).toBe(false);
    expect(isRequired('button', 'permission')).toBe(true);
    expect(isRequired('menu', 'permission')).toBe(false);
  });

  it('shows route fields on directories and menus only, the component on menus only', () => {
    expect(hasField('directory', 'redirect')).toBe(true);
    expect(hasField('directory', 'component')).toBe(false);
    expect(hasField('menu', 'component')).toBe(true);
    expect(hasField('button', 'path')).toBe(false);
    expect(hasField('button', 'permission')).toBe(true);
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
  const page: MenuFields = {
    type: 'menu',
    parentId: 3,
    title: '员工管理',
    titleEn: 'Staff',
    sort: 2,
    path: '/base/staff/list',
    name: 'StaffList',
    component: 'base/staff/list',
    redirect: '/left/over',
    hidden: false,
    permission: 'staff:list',
  };

  it('sends the fields of the chosen type and leaves out those of other types', () => {
    expect(menuPayload(page)).toEqual({
      type: 'menu',
      parentId: 3,
      title: '员工管理',
      titleEn: 'Staff',
      sort: 2,
      path: '/base/staff/list',
      name: 'StaffList',
      component: 'base/staff/list',
      hidden: false,
      permission: 'staff:list',
    });
  });

  it('keeps only the title, place and permission of a button', () => {
    expect(menuPayload({ ...page, type: 'button', permission: 'staff:add' })).toEqual({
      type: 'button',
      parentId: 3,
      title: '员工管理',
      titleEn: 'Staff',
      sort: 2,
      permission: 'staff:add',
    });
  });
});
