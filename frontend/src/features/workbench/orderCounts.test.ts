import { describe, expect, it } from 'vitest';
import type { RouteNode } from '@/shared/routing/routeTree';
import { columnTitle, countRows } from './orderCounts';

const node = (name: string, path: string, title: string, children?: RouteNode[]): RouteNode => ({
  name,
  path,
  component: children ? 'Layout' : 'order/stage',
  meta: { title, titleEn: `${title} (en)` },
  children,
});
const routes: RouteNode[] = [
  node('Smallbag', '/smallbag', '小包专线', [
    node('SmallbagCreated', '/smallbag/created', '已登记'),
    node('SmallbagAll', '/smallbag/all', '全部订单'),
    node('SmallbagWarehouse', '/smallbag/warehouse', '已入仓'),
    node('SmallbagAbnormal', '/smallbag/abnormal', '异常订单'),
  ]),
  node('Airtransport', '/airtransport', '空运', [node('AirtransportWarehouse', '/airtransport/warehouse', '已入仓')]),
];

describe('order counts of the home page', () => {
  it('gives one row per line of the menu, zero for stages without orders, links only to screens the menu offers', () => {
    const rows = countRows(routes, { smallbag: { created: 4, warehouse: 2, abnormal: 1 }, dedicatedline: { warehouse: 9 } }, 'zh');
    expect(rows.map((row) => row.title)).toEqual(['小包专线', '空运']);
    const smallbag = Object.fromEntries(rows[0].cells.map((cell) => [cell.key, cell]));
    expect(smallbag.created).toEqual({ key: 'created', count: 4, path: '/smallbag/created' });
    expect(smallbag.warehouse).toEqual({ key: 'warehouse', count: 2, path: '/smallbag/warehouse' });
    expect(smallbag.abnormal).toEqual({ key: 'abnormal', count: 1, path: '/smallbag/abnormal' });
    expect(smallbag.sail).toEqual({ key: 'sail', count: 0, path: undefined });
    expect(rows[1].cells.find((cell) => cell.key === 'created')).toEqual({ key: 'created', count: 0, path: undefined });
  });

  it('titles columns from the stage screens, in the chosen language', () => {
    expect(columnTitle(routes, 'warehouse', 'zh')).toBe('已入仓');
    expect(columnTitle(routes, 'warehouse', 'en')).toBe('已入仓 (en)');
    expect(columnTitle(routes, 'created', 'zh')).toBe('已登记');
  });

  it('gives each wording of a stage once, sea and air alike', () => {
    const lines = [
      node('Smallbag', '/smallbag', '小包专线', [node('SmallbagSail', '/smallbag/sail', '已开船')]),
      node('Dedicatedline', '/dedicatedline', '专线', [node('DedicatedlineSail', '/dedicatedline/sail', '已开船')]),
      node('Airtransport', '/airtransport', '空运', [node('AirtransportSail', '/airtransport/sail', '已起飞')]),
    ];
    expect(columnTitle(lines, 'sail', 'zh')).toBe('已开船 / 已起飞');
    expect(columnTitle(lines.slice(0, 2), 'sail', 'zh')).toBe('已开船');
  });
});
