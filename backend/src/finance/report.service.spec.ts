// The finance report against a real database (the medium tier, test/medium.ts): the period it may cover,
// the money scope that filters only narrow, voided orders left out, and the figures and sums the workbook
// holds (docs/finance.md).
import { shanghaiDay } from '@forwarder/domain';
import { useMedium } from '../../test/medium.js';
import { downloaded } from '../../test/request-objects.js';
import { readWorkbook, sheetValues } from '../../test/xlsx.js';
import { t } from '../common/messages.js';
import type { OrderView } from '../orders/order/orders.service.js';
import { ReportService } from './report.service.js';

describe('ReportService: the finance report (medium)', () => {
  const { m, fin, sales, sales2, reports } = useMedium({ fin: 'fin01', sales: 'sales01', sales2: 'sales02' }, { reports: ReportService });
  const today = () => shanghaiDay(new Date());
  const daysFrom = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  /** The money of an order as the finance figures keep it. */
  const money = (order: OrderView, figures: { revenue: number; payable: number; expense: number; received: number }) =>
    m.prisma.db.orderFinance.upsert({
      where: { orderId: order.id },
      update: { ...figures, outstanding: figures.revenue - figures.received },
      create: {
        orderId: order.id,
        shipType: order.shipType,
        salesmanId: order.salesmanId,
        customerId: order.customerId,
        orderCreatedAt: new Date(order.createdAt),
        ...figures,
        outstanding: figures.revenue - figures.received,
      },
    });

  it('covers a period from its first day to its last, at most 366 days', async () => {
    await expect(reports.report({ from: today(), to: daysFrom(today(), -1) }, fin)).rejects.toMatchObject({
      fields: { to: [t('financeReportPeriodInvalid')] },
    });
    await expect(reports.report({ from: daysFrom(today(), -366), to: today() }, fin)).rejects.toMatchObject({
      fields: { to: [t('financeReportPeriodTooLong', { days: 366 })] },
    });
    await expect(reports.report({ from: daysFrom(today(), -365), to: today() }, fin)).resolves.toMatchObject({ rows: expect.any(Number) });
  });

  it('reports the orders of the caller’s money scope only: a filter naming another salesman narrows to nothing', async () => {
    const mine = await m.seed.order(sales);
    const theirs = await m.seed.order(sales2);
    const count = async (user = fin, fields: { salesmanId?: number; customerId?: number } = {}) =>
      (await reports.report({ from: today(), to: today(), ...fields }, user)).rows;
    expect(await count(fin, { customerId: mine.customerId })).toBe(1);
    expect(await count(fin, { customerId: theirs.customerId })).toBe(1);
    expect(await count(sales, { customerId: mine.customerId })).toBe(1);
    expect(await count(sales, { customerId: theirs.customerId })).toBe(0);
    expect(await count(sales, { salesmanId: sales2.userId })).toBe(0);
    expect(await count(fin, { salesmanId: sales2.userId })).toBeGreaterThanOrEqual(1);
  });

  it('leaves voided orders out', async () => {
    const order = await m.seed.order(sales);
    const before = (await reports.report({ from: today(), to: today(), customerId: order.customerId }, fin)).rows;
    await m.prisma.db.order.update({ where: { id: order.id }, data: { sideState: 'delete' } });
    expect(before).toBe(1);
    expect((await reports.report({ from: today(), to: today(), customerId: order.customerId }, fin)).rows).toBe(0);
  });

  it('writes each order’s figures, cost and profit, and the sums per line, salesman and customer', async () => {
    const customer = await m.seed.customer(sales.userId);
    const a = await m.seed.order(sales, { customerId: customer.id });
    const b = await m.seed.order(sales, { customerId: customer.id });
    await money(a, { revenue: 1000, payable: 300, expense: 100.1, received: 400 });
    await money(b, { revenue: 500, payable: 450, expense: 0, received: 500 });
    const { file, rows } = await reports.report({ from: today(), to: today(), customerId: customer.id }, fin);
    expect(rows).toBe(2);
    const workbook = await readWorkbook(await downloaded(file));
    const [header, ...detail] = sheetValues(workbook.getWorksheet('订单明细')!);
    const column = (name: string) => (header as string[]).indexOf(name);
    const figures = (row: unknown[]) => ['应收(CNY)', '成本(CNY)', '已收(CNY)', '未收(CNY)', '利润(CNY)'].map((h) => row[column(h)]);
    expect(detail.map((row) => row[column('订单号')])).toEqual([a.orderNo, b.orderNo, '合计']);
    expect(figures(detail[0])).toEqual([1000, 400.1, 400, 600, 599.9]);
    expect(figures(detail[1])).toEqual([500, 450, 500, 0, 50]);
    expect(figures(detail[2])).toEqual([1500, 850.1, 900, 600, 649.9]);
    const [, bySalesman, total] = sheetValues(workbook.getWorksheet('按销售')!);
    expect(bySalesman.slice(0, 2)).toEqual([sales.fullName, 2]);
    expect(total.slice(0, 2)).toEqual(['合计', 2]);
    const [, byCustomer] = sheetValues(workbook.getWorksheet('按客户')!);
    expect(byCustomer[0]).toBe(`${customer.code} ${customer.companyName}`);
  });
});
