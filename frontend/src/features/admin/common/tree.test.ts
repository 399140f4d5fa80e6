import { describe, expect, it } from 'vitest';
import { parentOptions, treeIds, treeOptions, withoutEmptyChildren } from './tree';

interface Unit {
  id: number;
  name: string;
  kind?: string;
  children?: Unit[];
}

const units: Unit[] = [
  {
    id: 1,
    name: 'HQ',
    children: [
      {
        id: 2,
        name: 'Shenzhen',
        children: [
          { id: 3, name: 'Sales', children: [] },
          { id: 4, name: 'Ops', kind: 'button' },
        ],
      },
      { id: 5, name: 'Finance', children: [] },
    ],
  },
  { id: 6, name: 'Other' },
];

const name = (unit: Unit) => unit.name;

describe('treeOptions', () => {
  it('maps every node to a TreeSelect entry, leaves without children', () => {
    expect(treeOptions(units, name)).toEqual([
      {
        value: 1,
        title: 'HQ',
        children: [
          {
            value: 2,
            title: 'Shenzhen',
            children: [
              { value: 3, title: 'Sales' },
              { value: 4, title: 'Ops' },
            ],
          },
          { value: 5, title: 'Finance' },
        ],
      },
      { value: 6, title: 'Other' },
    ]);
  });

  it('leaves out the nodes failing the filter with their subtrees', () => {
    expect(treeIdsOf(treeOptions(units, name, (unit) => unit.kind !== 'button'))).toEqual([1, 2, 3, 5, 6]);
  });
});

describe('parentOptions', () => {
  it('offers every node when adding', () => {
    expect(treeIdsOf(parentOptions(units, name))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('excludes the node being moved and all its descendants', () => {
    expect(treeIdsOf(parentOptions(units, name, 2))).toEqual([1, 5, 6]);
    expect(treeIdsOf(parentOptions(units, name, 1))).toEqual([6]);
  });

  it('applies the extra filter too (menus never hang under a button)', () => {
    expect(treeIdsOf(parentOptions(units, name, 5, (unit) => unit.kind !== 'button'))).toEqual([1, 2, 3, 6]);
  });
});

describe('treeIds', () => {
  it('lists parents before their children', () => {
    expect(treeIds(units)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('withoutEmptyChildren', () => {
  it('drops empty children arrays so leaves show no expand button, keeping everything else', () => {
    const pruned = withoutEmptyChildren(units);
    expect(pruned[0].children?.[0].children?.[0]).toEqual({ id: 3, name: 'Sales' });
    expect(pruned[0].children?.[1]).toEqual({ id: 5, name: 'Finance' });
    expect(units[0].children?.[1].children).toEqual([]);
  });
});

function treeIdsOf(options: { value: number; children?: { value: number }[] }[]): number[] {
  return options.flatMap((option) => [option.value, ...treeIdsOf(option.children ?? [])]);
}
