import { describe, expect, it } from 'vitest';
import { grantPayload, initialCheckState, toggleNode, type GrantNode, type GrantTree } from './grantState';

function node<K extends string | number>(key: K, kind: GrantNode<K>['kind'], children?: GrantNode<K>[]): GrantNode<K> {
  return { key, kind, title: String(key), titleEn: String(key), checked: false, halfChecked: false, ...(children ? { children } : {}) };
}

// 工作台; 问题解答 with two pages; 系统设置 with 员工管理 (two buttons) and 角色管理
const menuNodes = [
  node(1, 'menu'),
  node(2, 'directory', [node(3, 'menu'), node(4, 'menu')]),
  node(5, 'directory', [node(6, 'menu', [node(7, 'button'), node(8, 'button')]), node(9, 'menu')]),
];
// as the server marks a role holding 工作台 and 员工管理 without its buttons
const held = { checked: [1], halfChecked: [5, 6] };

describe('toggleNode', () => {
  it('checks a directory with everything under it', () => {
    expect(toggleNode(menuNodes, held, 2, true)).toEqual({ checked: [1, 2, 3, 4], halfChecked: [5, 6] });
  });

  it('half-checks the parent when one child is unticked, and clears it when the last one is', () => {
    const all = toggleNode(menuNodes, { checked: [], halfChecked: [] }, 2, true);
    const one = toggleNode(menuNodes, all, 3, false);
    expect(one).toEqual({ checked: [4], halfChecked: [2] });
    expect(toggleNode(menuNodes, one, 4, false)).toEqual({ checked: [], halfChecked: [] });
  });

  it('checks a parent once all its children are checked, up the whole chain', () => {
    let state = toggleNode(menuNodes, { checked: [], halfChecked: [] }, 7, true);
    expect(state).toEqual({ checked: [7], halfChecked: [5, 6] });
    state = toggleNode(menuNodes, state, 8, true);
    expect(state).toEqual({ checked: [6, 7, 8], halfChecked: [5] });
    state = toggleNode(menuNodes, state, 9, true);
    expect(state).toEqual({ checked: [5, 6, 7, 8, 9], halfChecked: [] });
  });

  it('keeps a menu held without its buttons half-checked while the user changes its siblings', () => {
    expect(toggleNode(menuNodes, held, 9, true)).toEqual({ checked: [1, 9], halfChecked: [5, 6] });
    expect(toggleNode(menuNodes, toggleNode(menuNodes, held, 9, true), 9, false)).toEqual(held);
  });

  it('unticking a half-checked menu clears it and its buttons', () => {
    expect(toggleNode(menuNodes, held, 6, false)).toEqual({ checked: [1], halfChecked: [] });
  });

  it('leaves the state alone for an unknown key', () => {
    expect(toggleNode(menuNodes, held, 99, true)).toBe(held);
  });
});

describe('grantPayload', () => {
  const permissions: GrantTree<string> = {
    nodes: [
      node('system', 'area', [node('staff:list', 'permission'), node('staff:add', 'permission')]),
      node('questions', 'area', [node('question:list', 'permission')]),
    ],
    checkedKeys: [],
    halfCheckedKeys: [],
  };

  it('sends checked and half-checked menus, the checked permission codes without their areas, and the ver', () => {
    const menus = toggleNode(menuNodes, held, 3, true);
    const codes = toggleNode(permissions.nodes, toggleNode(permissions.nodes, initialCheckState(permissions), 'system', true), 'question:list', true);
    expect(codes.checked).toEqual(['system', 'staff:list', 'staff:add', 'questions', 'question:list']);
    expect(grantPayload({ roleId: 7, ver: 3, permissions }, menus, codes)).toEqual({
      roleId: 7,
      ver: 3,
      menuIds: [1, 3, 2, 5, 6],
      permissionCodes: ['staff:list', 'staff:add', 'question:list'],
    });
  });

  it('sends the server-marked holdings unchanged when nothing was touched', () => {
    const tree: GrantTree<number> = { nodes: menuNodes, checkedKeys: [1], halfCheckedKeys: [5, 6] };
    expect(grantPayload({ roleId: 1, ver: 1, permissions }, initialCheckState(tree), initialCheckState(permissions)).menuIds).toEqual([1, 5, 6]);
  });
});
