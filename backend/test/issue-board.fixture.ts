// Orders to post issues on (test/issue-board.spec.ts, test/issue-board.hub.spec.ts): the ports, an approved customer of the
// salesman and one of the administrator, and orders of each.
import { requestAs, type Session, type TestApp } from './app.js';
import { addCustomer, addPorts, CONTACT, type Line, linePorts, lineRoute } from './order-fixtures.js';

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
  const port = await addPorts(t, admin, linePorts('dedicatedline', 'airtransport'));
  const customer = (by: Session, companyName: string) => addCustomer(t, admin, by, { companyName, ...CONTACT });
  const order = async (by: Session, customerId: number, line: Line = 'dedicatedline'): Promise<BoardOrder> => {
    const route = lineRoute(port, line);
    const { id, orderNo } = (
      await requestAs(t, by)
        .put(`/api/v1/order/${line}/add`)
        .send({ customerId, ...route, goodsName: '服装' })
        .expect(200)
    ).body.data;
    return { id, orderNo };
  };
  const own = await customer(sales, '问题报备测试公司');
  const foreign = await customer(admin, '他人客户公司');
  return { own: await order(sales, own), air: await order(sales, own, 'airtransport'), foreign: await order(admin, foreign) };
}
