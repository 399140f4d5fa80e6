import { describe, expect, it } from 'vitest';
import { hasPermission, type Access } from './hasPermission';

const salesman: Access = { roles: ['salesman'], permissions: ['order:modify', 'customers:detail'], isSuperAdmin: false };

describe('hasPermission', () => {
  it('passes when nothing is asked', () => {
    expect(hasPermission(undefined, salesman)).toBe(true);
    expect(hasPermission([], salesman)).toBe(true);
    expect(hasPermission({ mode: 'allOf' }, salesman)).toBe(true);
  });

  it('matches a bare list against roles and permissions together, any of them', () => {
    expect(hasPermission(['admin', 'salesman'], salesman)).toBe(true);
    expect(hasPermission(['admin', 'order:modify'], salesman)).toBe(true);
    expect(hasPermission(['admin', 'avatar:dict'], salesman)).toBe(false);
  });

  it('oneOf (the default mode) needs one listed role or permission', () => {
    expect(hasPermission({ role: ['admin'], permission: ['order:modify'] }, salesman)).toBe(true);
    expect(hasPermission({ role: ['admin', 'salesman'] }, salesman)).toBe(true);
    expect(hasPermission({ role: ['admin'], permission: ['avatar:dict'], mode: 'oneOf' }, salesman)).toBe(false);
  });

  it('keeps roles and permissions apart in the object form', () => {
    expect(hasPermission({ permission: ['salesman'] }, salesman)).toBe(false);
    expect(hasPermission({ role: ['order:modify'] }, salesman)).toBe(false);
  });

  it('allOf needs every listed role and permission', () => {
    expect(hasPermission({ role: ['salesman'], permission: ['order:modify', 'customers:detail'], mode: 'allOf' }, salesman)).toBe(true);
    expect(hasPermission({ role: ['salesman'], permission: ['order:modify', 'avatar:dict'], mode: 'allOf' }, salesman)).toBe(false);
  });

  it('except refuses anyone holding a listed role or permission', () => {
    expect(hasPermission({ role: ['admin'], permission: ['avatar:dict'], mode: 'except' }, salesman)).toBe(true);
    expect(hasPermission({ role: ['salesman'], mode: 'except' }, salesman)).toBe(false);
    expect(hasPermission({ permission: ['order:modify'], mode: 'except' }, salesman)).toBe(false);
  });

  it('lets a super admin through every check, except mode included', () => {
    const superAdmin: Access = { roles: [], permissions: [], isSuperAdmin: true };
    expect(hasPermission(['avatar:dict'], superAdmin)).toBe(true);
    expect(hasPermission({ role: ['admin'], permission: ['x'], mode: 'allOf' }, superAdmin)).toBe(true);
    expect(hasPermission({ role: ['admin'], mode: 'except' }, superAdmin)).toBe(true);
  });
});
