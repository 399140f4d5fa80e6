// Orders to work on in the order-area suites: the ports of the three lines, an approved customer of the
// salesman and one of another salesman, and calls to add, read and move orders.
import { ORDER_FLOW, type OrderStage, type PermissionCode, type UpgradeStage } from '@forwarder/domain';
import { auth, DEMO, login, type Session, type TestApp } from './app.js';
import { MOVE_DATA } from './stage-data.js';

export type Line = 'smallbag' | 'dedicatedline' | 'airtransport';
export type OrderRow = { id: number; orderNo: string; ver: number; stage: OrderStage; shipType: string; sideState: string | null; [k: string]: unknown };

/** Grants a demo role extra codes (before its users sign in: grants are cached a few seconds). */
export async function grant(t: TestApp, roleCode: string, codes: PermissionCode[]) {
  const role = await t.prisma.db.role.findUniqueOrThrow({ where: { code: roleCode } });
  await t.prisma.db.rolePermission.createMany({ data: codes.map((permissionCode) => ({ roleId: role.id, permissionCode })), skipDuplicates: true });
}

/**
 * The money suites' ground: the dedicated line's ports CNSHA → DEHAM (added by `admin`) and a customer of
 * `owner`, approved by `admin`.
 */
export async function dedicatedLineCustomer(t: TestApp, admin: Session, owner: Session, companyName: string) {
  const port: Record<string, number> = {};
  for (const [kind, code] of [
    ['start', 'CNSHA'],
    ['end', 'DEHAM'],
  ]) {
    const res = await t
      .http()
      .put('/api/v1/port/add')
      .set(auth(admin))
      .send({ shipType: 'dedicatedline', kind, code, nameZh: code, nameEn: code, country: 'X' })
      .expect(200);
    port[code] = res.body.data.id;
  }
  const c = await t
    .http()
    .put('/api/v1/customers/add')
    .set(auth(owner))
    .send({ companyName, contactName: '王五', mobile: '13800138000', level: 'A' })
    .expect(200);
  await t.http().post('/api/v1/customers/check').set(auth(admin)).send({ id: c.body.data.id, ver: c.body.data.ver, approved: true }).expect(200);
  return { port, customerId: c.body.data.id as number };
}

export async function orderFixture(t: TestApp) {
  const [admin, sales, op, cs, fin] = await Promise.all([
    login(t, ...DEMO.admin),
    login(t, ...DEMO.salesman),
    login(t, ...DEMO.operator),
    login(t, ...DEMO.customerService),
    login(t, ...DEMO.finance),
  ]);
  const port: Record<string, number> = {};
  const ports = [
    ['smallbag', 'start', 'CNSZX'],
    ['smallbag', 'end', 'USLAX'],
    ['dedicatedline', 'start', 'CNSHA'],
    ['dedicatedline', 'end', 'DEHAM'],
    ['airtransport', 'start', 'PVG'],
    ['airtransport', 'end', 'LAX'],
  ];
  for (const [shipType, kind, code] of ports) {
    const res = await t.http().put('/api/v1/port/add').set(auth(admin)).send({ shipType, kind, code, nameZh: code, nameEn: code, country: 'X' }).expect(200);
    port[code] = res.body.data.id;
  }
  const addCustomer = async (by: Session, name: string) => {
    const res = await t.http().put('/api/v1/customers/add').set(auth(by)).send({ companyName: name, contactName: '王五', mobile: '13800138000' }).expect(200);
    await t.http().post('/api/v1/customers/check').set(auth(admin)).send({ id: res.body.data.id, ver: res.body.data.ver, approved: true }).expect(200);
    return res.body.data.id as number;
  };
  const customerId = await addCustomer(sales, '货物测试公司');
  const foreignCustomerId = await addCustomer(admin, '他人客户公司');
  const routeOf = (line: Line) =>
    line === 'airtransport'
      ? { originPortId: port.PVG, destinationPortId: port.LAX }
      : line === 'dedicatedline'
        ? { originPortId: port.CNSHA, destinationPortId: port.DEHAM }
        : { originPortId: port.CNSZX, destinationPortId: port.USLAX };

  const api = (path: string) => `/api/v1/order/${path}`;
  /** An order of the salesman's customer (or, `foreign`, of the admin's), added by the admin. */
  const addOrder = async (line: Line = 'dedicatedline', over: Record<string, unknown> = {}, foreign = false): Promise<OrderRow> =>
    (
      await t
        .http()
        .put(api(`${line}/add`))
        .set(auth(admin))
        .send({ customerId: foreign ? foreignCustomerId : customerId, ...routeOf(line), goodsName: '服装', ...over })
        .expect(200)
    ).body.data;
  const detail = async (id: number): Promise<OrderRow> =>
    (
      await t
        .http()
        .get(api(`detail/${id}`))
        .set(auth(admin))
        .expect(200)
    ).body.data;
  /** Moves an order stage by stage from where it is up to `target` (it needs packages, weight and volume to enter the warehouse). */
  const moveTo = async (order: OrderRow, target: OrderStage) => {
    const from = (await detail(order.id)).stage;
    for (const stage of ORDER_FLOW.slice(ORDER_FLOW.indexOf(from) + 1, ORDER_FLOW.indexOf(target) + 1) as UpgradeStage[]) {
      await t
        .http()
        .post(api(`upgrade/${stage}`))
        .set(auth(admin))
        .send({ ids: [order.id], ...MOVE_DATA[stage]?.(order.shipType as Line) })
        .expect(200);
    }
    return detail(order.id);
  };
  const voidOrder = async (order: OrderRow) =>
    t
      .http()
      .delete(api(`delete/${order.id}`))
      .set(auth(admin))
      .send({ reason: '客户取消' })
      .expect(200);
  const hold = async (order: OrderRow) =>
    t
      .http()
      .post(api('abnormal/add'))
      .set(auth(admin))
      .send({ id: order.id, reason: '货物破损', ver: (await detail(order.id)).ver })
      .expect(200);

  return { admin, sales, op, cs, fin, customerId, foreignCustomerId, api, addOrder, detail, moveTo, voidOrder, hold };
}
