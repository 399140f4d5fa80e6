import { describe, expect, it } from 'vitest';
import { filterRoutes, findRouteByName, findRouteChain, pageTitle, pinnedRoutes } from './routeTree';
import { node } from '@/test/routeNodes';

const tree = [
  node('/', { levelHidden: true }, [node('/index', { noClosable: true })]),
  node('/log', {}, [node('/log/sql', { guard: { role: ['admin', 'salesman'], mode: 'oneOf' } }), node('/log/error')]),
  node('https://example.com', { target: '_blank' }),
];

describe('route tree', () => {
  it('drops the routes whose guard the user fails, keeping the rest', () => {
    const clerk = filterRoutes(tree, { roles: ['clerk'], permissions: [], isSuperAdmin: false });
    expect(findRouteChain(clerk, '/log/sql')).toBeNull();
    expect(findRouteChain(clerk, '/log/error')).not.toBeNull();
    const salesman = filterRoutes(tree, { roles: ['salesman'], permissions: [], isSuperAdmin: false });
    expect(findRouteChain(salesman, '/log/sql')).not.toBeNull();
  });

  it('finds a page with its ancestors, ignoring a trailing slash', () => {
    expect(findRouteChain(tree, '/log/error/')?.map((found) => found.path)).toEqual(['/log', '/log/error']);
    expect(findRouteChain(tree, '/log/nothing')).toBeNull();
    expect(findRouteChain(tree, 'https://example.com')?.[0].meta.target).toBe('_blank');
  });

  it('finds routes by name and pins the unclosable pages', () => {
    expect(findRouteByName(tree, 'LogSql')?.path).toBe('/log/sql');
    expect(pinnedRoutes(tree).map((found) => found.path)).toEqual(['/index']);
  });

  it('tells pages of the same title apart by their directory, and leaves unique titles alone', () => {
    const lines = [
      node('/index', { title: '工作台', titleEn: 'Workbench' }),
      node('/smallbag', { title: '小包专线', titleEn: 'Small parcel' }, [node('/smallbag/all', { title: '全部订单', titleEn: 'All orders' })]),
      node('/airtransport', { title: '空运', titleEn: 'Air transport' }, [
        node('/airtransport/all', { title: '全部订单', titleEn: 'All orders' }),
        node('/airtransport/sail', { title: '已起飞', titleEn: 'Departed' }),
      ]),
    ];
    const [home, smallbag, air] = lines;
    expect(pageTitle(lines, smallbag.children![0], 'zh')).toBe('小包专线·全部订单');
    expect(pageTitle(lines, air.children![0], 'en')).toBe('Air transport·All orders');
    expect(pageTitle(lines, air.children![1], 'zh')).toBe('已起飞');
    expect(pageTitle(lines, home, 'zh')).toBe('工作台');
  });
});
