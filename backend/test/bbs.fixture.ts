// Orders to post issues on (test/bbs.spec.ts, test/bbs.hub.spec.ts): the ports, an approved customer of the
// salesman and one of the administrator, and orders of each.
import { auth, type Session, type TestApp } from './app.js';

export interface BoardOrder {
  id: number;
  orderNo: string;
}

export interface BoardOrders {
  /** dedicated-line order of the salesman's customer */
  own: BoardOrder;
  /** air-transport order of the salesman's customer */
  air: BoardOrder;
  /** dedicated-line order of the administrator's customer: not the salesman's to see */
  foreign: BoardOrder;
}

export async function createBoardOrders(t: TestApp, admin: Session, sales: Session): Promise<BoardOrders> {
  const port: Record<string, number> = {};
  for (const [shipType, kind, code] of [
    ['dedicatedline', 'start', 'CNSHA'],
    ['dedicatedline', 'end', 'DEHAM'],
    ['airtransport', 'start', 'PVG'],
    ['airtransport', 'end', 'LAX'],
  ]) {
    port[code] = (
      await t.http().put('/api/v1/port/add').set(auth(admin)).send({ shipType, kind, code, nameZh: code, nameEn: code, country: 'X' }).expect(200)
    ).body.data.id;
  }
  const customer = async (by: Session, name: string) => {
    const res = await t.http().put('/api/v1/customers/add').set(auth(by)).send({ companyName: name, contactName: '王五', mobile: '13800138000' }).expect(200);
    await t.http().post('/api/v1/customers/check').set(auth(admin)).send({ id: res.body.data.id, ver: res.body.data.ver, approved: true }).expect(200);
    return res.body.data.id as number;
  };
  const order = async (by: Session, customerId: number, line = 'dedicatedline'): Promise<BoardOrder> => {
    const route =
      line === 'airtransport' ? { originPortId: port.PVG, destinationPortId: port.LAX } : { originPortId: port.CNSHA, destinationPortId: port.DEHAM };
    const { id, orderNo } = (
      await t
        .http()
        .put(`/api/v1/order/${line}/add`)
        .set(auth(by))
        .send({ customerId, ...route, goodsName: '服装' })
        .expect(200)
    ).body.data;
    return { id, orderNo };
  };
  const own = await customer(sales, '问题报备测试公司');
  const foreign = await customer(admin, '他人客户公司');
  return { own: await order(sales, own), air: await order(sales, own, 'airtransport'), foreign: await order(admin, foreign) };
}
