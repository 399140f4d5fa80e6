import { ORDER_FLOW, type ShipType, type UpgradeStage } from '@forwarder/domain';
import type { INestApplicationContext } from '@nestjs/common';
import type { Principal } from '../common/access.decorators.js';
import { requestContext } from '../common/request-context.js';
import { GrantsService } from '../auth/grants.service.js';
import { CustomersService } from '../customers/customers.service.js';
import { OrdersService } from '../orders/order/orders.service.js';
import { PortsService } from '../ports/ports.service.js';
import { PrismaService } from '../prisma/prisma.service.js';

/** Ports of the demo: [line, kind, code, Chinese, English, country, city]. */
const PORTS: [ShipType, 'start' | 'end', string, string, string, string, string][] = [
  ['smallbag', 'start', 'CNSZX', '深圳', 'Shenzhen', 'CN', '深圳'],
  ['smallbag', 'start', 'CNNGB', '宁波', 'Ningbo', 'CN', '宁波'],
  ['smallbag', 'end', 'USLAX', '洛杉矶', 'Los Angeles', 'US', 'Los Angeles'],
  ['smallbag', 'end', 'USNYC', '纽约', 'New York', 'US', 'New York'],
  ['dedicatedline', 'start', 'CNSHA', '上海', 'Shanghai', 'CN', '上海'],
  ['dedicatedline', 'start', 'CNYTN', '盐田', 'Yantian', 'CN', '深圳'],
  ['dedicatedline', 'end', 'USLGB', '长滩', 'Long Beach', 'US', 'Long Beach'],
  ['dedicatedline', 'end', 'DEHAM', '汉堡', 'Hamburg', 'DE', 'Hamburg'],
  ['airtransport', 'start', 'PVG', '上海浦东', 'Shanghai Pudong', 'CN', '上海'],
  ['airtransport', 'start', 'CAN', '广州白云', 'Guangzhou Baiyun', 'CN', '广州'],
  ['airtransport', 'end', 'LAX', '洛杉矶国际', 'Los Angeles Intl', 'US', 'Los Angeles'],
  ['airtransport', 'end', 'JFK', '纽约肯尼迪', 'New York JFK', 'US', 'New York'],
];

const CUSTOMERS = [
  { companyName: '深圳市星河电子有限公司', contactName: '陈志强', mobile: '13800138001', country: '中国', source: '网络推广', level: 'A' },
  { companyName: '宁波海天家居用品有限公司', contactName: '刘芳', mobile: '13800138002', country: '中国', source: '老客户介绍', level: 'B' },
  { companyName: '义乌博远贸易有限公司', contactName: '王磊', mobile: '13800138003', country: '中国', source: '展会', level: 'B' },
];
/** sales02's customer, with one order: what sales01 must not see. */
const OTHER_CUSTOMER = { companyName: '杭州云帆进出口有限公司', contactName: '周敏', mobile: '13800138004', country: '中国', source: '电话开发', level: 'C' };

/** The data each move needs, per kind of line (sea or air); see docs/orders.md. */
const SEA: Partial<Record<UpgradeStage, Record<string, unknown>>> = {
  completeCabinet: { containerNo: 'MSCU1234566', sealNo: 'SL260001' },
  customs: { customsDeclarationNo: '310120261000001' },
  sail: { vesselVoyage: 'MSC ANNA 612E', etd: new Date(Date.now() + 3 * 86400_000).toISOString() },
};
const AIR: Partial<Record<UpgradeStage, Record<string, unknown>>> = {
  completeCabinet: { waybillNo: '999-12345675' },
  customs: { customsDeclarationNo: '310120261000002' },
  sail: { flightNo: 'CA987', etd: new Date(Date.now() + 86400_000).toISOString() },
};

/** sales01's orders: the line and the stage each is moved to. */
const PLAN: [ShipType, (typeof ORDER_FLOW)[number]][] = [
  ['smallbag', 'created'],
  ['smallbag', 'warehouse'],
  ['smallbag', 'completeCabinet'],
  ['smallbag', 'sail'],
  ['smallbag', 'completeDelivery'],
  ['dedicatedline', 'created'],
  ['dedicatedline', 'prepareCabinet'],
  ['dedicatedline', 'arriveCabinet'],
  ['dedicatedline', 'startDelivery'],
  ['airtransport', 'warehouse'],
  ['airtransport', 'customs'],
  ['airtransport', 'completeDelivery'],
];

/**
 * Business demo data for testers, loaded through the services (so serial numbers, timelines and work
 * records are what the product itself writes): ports of the three lines, three approved customers of
 * sales01 and a dozen orders of theirs spread over the stages, one of them abnormal; one approved
 * customer of sales02 with one order (the second salesman's data scope). `npm start` loads it on the
 * first run only (DEMO_DATA=false leaves it out); the test suites never load it.
 */
export async function loadDemoBusiness(app: INestApplicationContext, log: (line: string) => void = console.log): Promise<void> {
  const prisma = app.get(PrismaService).db;
  if ((await prisma.port.count()) > 0 || (await prisma.order.count()) > 0) return log('demo business data skipped: ports or orders exist');
  const grants = app.get(GrantsService);
  const principal = async (account: string): Promise<Principal> => {
    const user = await prisma.user.findUniqueOrThrow({ where: { account }, select: { id: true } });
    const g = (await grants.forUser(user.id))!;
    return { ...g, sessionId: 'demo-seed' };
  };
  const [admin, sales, sales2, op] = await Promise.all([principal('admin'), principal('sales01'), principal('sales02'), principal('op01')]);
  await requestContext.run({ lang: 'zh', userId: admin.userId }, async () => {
    const ports = app.get(PortsService);
    const portId: Record<string, number> = {};
    for (const [shipType, kind, code, nameZh, nameEn, country, city] of PORTS) {
      portId[code] = (await ports.add({ shipType, kind, code, nameZh, nameEn, country, city, enabled: true })).id;
    }
    const customers = app.get(CustomersService);
    const customerIds: number[] = [];
    for (const fields of CUSTOMERS) {
      const added = await customers.add({ ...fields }, sales);
      await customers.check({ id: added.id, ver: added.ver, approved: true }, admin);
      customerIds.push(added.id);
    }
    const orders = app.get(OrdersService);
    const routes: Record<ShipType, [string, string]> = { smallbag: ['CNSZX', 'USLAX'], dedicatedline: ['CNSHA', 'USLGB'], airtransport: ['PVG', 'LAX'] };
    for (const [i, [shipType, target]] of PLAN.entries()) {
      const [origin, destination] = routes[shipType];
      const order = await orders.add(
        shipType,
        {
          customerId: customerIds[i % customerIds.length],
          originPortId: portId[origin],
          destinationPortId: portId[destination],
          goodsName: ['蓝牙耳机', '陶瓷餐具', '户外家具', '服装'][i % 4],
          packages: 10 + i * 3,
          grossWeight: 120 + i * 37.5,
          volume: 0.8 + i * 0.35,
          consignee: 'ACME Imports LLC',
          consigneePhone: '+1 213 555 0100',
          deliveryAddress: '1200 S Alameda St, Los Angeles, CA 90021',
        },
        sales,
      );
      const data = shipType === 'airtransport' ? AIR : SEA;
      for (const stage of ORDER_FLOW.slice(1, ORDER_FLOW.indexOf(target) + 1) as UpgradeStage[]) {
        await orders.upgrade(stage, { ids: [order.id], ...data[stage] }, op);
      }
    }
    const abnormal = await prisma.order.findFirstOrThrow({ where: { shipType: 'dedicatedline', stage: 'prepareCabinet' } });
    await orders.hold('abnormal', abnormal.id, { id: abnormal.id, reason: '外箱破损，待客户确认', ver: abnormal.ver }, op);

    const other = await customers.add({ ...OTHER_CUSTOMER }, sales2);
    await customers.check({ id: other.id, ver: other.ver, approved: true }, admin);
    const [origin, destination] = routes.airtransport;
    await orders.add('airtransport', { customerId: other.id, originPortId: portId[origin], destinationPortId: portId[destination], goodsName: '丝绸围巾', packages: 4, grossWeight: 36, volume: 0.2 }, sales2);
  });
  log(`demo business data loaded: ${PORTS.length} ports, ${CUSTOMERS.length + 1} customers, ${PLAN.length + 1} orders`);
}
