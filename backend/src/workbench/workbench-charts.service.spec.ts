import { useMedium } from '../../test/medium.js';
import { ChargesService } from '../finance/charges.service.js';
import { WorkbenchChartsService, type WorkbenchCharts } from './workbench-charts.service.js';

describe('WorkbenchChartsService (medium)', () => {
  const { m, sales, sales2, op, fin, charges, charts } = useMedium(
    { sales: 'sales01', sales2: 'sales02', op: 'op01', fin: 'fin01' },
    { charges: ChargesService, charts: WorkbenchChartsService },
  );
  const registered = (answer: WorkbenchCharts, shipType: string) =>
    answer.volume?.find((row) => row.shipType === shipType && row.stage === 'created')?.orders ?? 0;
  const thisMonth = (answer: WorkbenchCharts) => answer.monthly?.at(-1) ?? { month: '', receivable: 0, margin: 0 };

  it('counts the orders of the last 90 days per line and stage, each user those of their scope', async () => {
    const [before, before2] = [await charts.charts(sales), await charts.charts(sales2)];
    const order = await m.seed.order(sales);
    const [after, after2] = [await charts.charts(sales), await charts.charts(sales2)];
    expect(registered(after, order.shipType) - registered(before, order.shipType)).toBe(1);
    expect(registered(after2, order.shipType)).toBe(registered(before2, order.shipType));
    // an order registered 91 days ago is out of the window
    expect(registered(await charts.charts(sales, new Date(Date.now() + 91 * 86_400_000)), order.shipType)).toBeLessThan(registered(after, order.shipType));
  });

  it('shows arrears by age and receivables and margin per month only to users who may see money, in their money scope', async () => {
    expect(await charts.charts(op)).not.toHaveProperty('arrears', expect.anything());
    expect((await charts.charts(sales)).monthly).toBeUndefined();

    const own = await m.principal('sales01', { add: ['finance:arrears'] });
    const [finBefore, ownBefore] = [await charts.charts(fin), await charts.charts(own)];
    const theirs = await m.seed.order(sales2);
    await charges.add('receivable', { orderId: theirs.id, type: '运费', amount: 1000, currency: 'CNY' }, fin);
    await charges.add('payable', { orderId: theirs.id, type: '运费', amount: 400, currency: 'CNY', counterparty: '承运商' }, fin);
    const [finAfter, ownAfter] = [await charts.charts(fin), await charts.charts(own)];

    expect(thisMonth(finAfter).receivable - thisMonth(finBefore).receivable).toBeCloseTo(1000);
    expect(thisMonth(finAfter).margin - thisMonth(finBefore).margin).toBeCloseTo(600);
    expect(finAfter.arrears!.d0_30 - finBefore.arrears!.d0_30).toBeCloseTo(1000);
    expect(finAfter.monthly!.length).toBeLessThanOrEqual(12);
    // sales01 sees the money of their own customers only: sales02's bill changes nothing for them
    expect(ownAfter.arrears).toEqual(ownBefore.arrears);
    expect(thisMonth(ownAfter)).toEqual(thisMonth(ownBefore));
  });
});
