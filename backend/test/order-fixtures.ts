// The ground of the order-area suites: the users of the order desk, the ports of the three lines, approved
// customers, orders that can move all the way, and calls to add, read, move and price orders.
import { ORDER_FLOW, type OrderStage, type PermissionCode, type UpgradeStage } from '@forwarder/domain';
import { auth, DEMO, getData, login, requestAs, type Session, type TestApp, useTestApp } from './app.js';
import { MOVE_DATA } from './stage-data.js';

export type Line = 'smallbag' | 'dedicatedline' | 'airtransport';
export type OrderRow = { id: number; orderNo: string; ver: number; stage: OrderStage; shipType: string; sideState: string | null; [k: string]: unknown };

/** The users of the order desk, as the order-area suites sign them in. */
export const ORDER_STAFF = { admin: DEMO.admin, sales: DEMO.salesman, op: DEMO.operator, cs: DEMO.customerService, fin: DEMO.finance };

/** A port as the port form takes it: its line, start or end, code, and names and country (the code and 'X' unless given). */
export type PortRow = [shipType: Line, kind: 'start' | 'end', code: string, nameZh?: string, nameEn?: string, country?: string];

/** The origin and the destination port of each line. */
const LINE_ROUTES: Record<Line, [origin: string, destination: string]> = {
  smallbag: ['CNSZX', 'USLAX'],
  dedicatedline: ['CNSHA', 'DEHAM'],
  airtransport: ['PVG', 'LAX'],
};

/** The ports of `lines` (all three unless given), origin then destination. */
export const linePorts = (...lines: Line[]): PortRow[] =>
  (lines.length ? lines : (Object.keys(LINE_ROUTES) as Line[])).flatMap((line): PortRow[] => [
    [line, 'start', LINE_ROUTES[line][0]],
    [line, 'end', LINE_ROUTES[line][1]],
  ]);

/** The route of a line between the ports `addPorts` answered. */
export const lineRoute = (port: Record<string, number>, line: Line) => ({
  originPortId: port[LINE_ROUTES[line][0]],
  destinationPortId: port[LINE_ROUTES[line][1]],
});

/** Adds ports as `admin` through /port/add (those of the three lines unless given); answers their ids by code. */
export async function addPorts(t: TestApp, admin: Session, rows: PortRow[] = linePorts()) {
  const port: Record<string, number> = {};
  for (const [shipType, kind, code, nameZh = code, nameEn = code, country = 'X'] of rows) {
    const res = await requestAs(t, admin).put('/api/v1/port/add').send({ shipType, kind, code, nameZh, nameEn, country }).expect(200);
    port[code] = res.body.data.id;
  }
  return port;
}

/** The contact of the customers the suites add. */
export const CONTACT = { contactName: '王五', mobile: '13800138000' };

/** A customer added by `by` through /customers/add and, unless `approve` is false, approved by `admin`; answers its id. */
export async function addCustomer(t: TestApp, admin: Session, by: Session, fields: Record<string, unknown>, approve = true) {
  const res = await requestAs(t, by).put('/api/v1/customers/add').send(fields).expect(200);
  if (approve) await requestAs(t, admin).post('/api/v1/customers/check').send({ id: res.body.data.id, ver: res.body.data.ver, approved: true }).expect(200);
  return res.body.data.id as number;
}

/** Goods, cargo and consignee enough for an order to move all the way (the medium tier's seeded orders have them too). */
export const MOVABLE_ORDER = { goodsName: '服装', packages: 3, grossWeight: 120.5, volume: 1.2, consignee: 'ACME GmbH', deliveryAddress: 'Hafenstraße 1' };

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
  const port = await addPorts(t, admin, linePorts('dedicatedline'));
  return { port, customerId: await addCustomer(t, admin, owner, { companyName, ...CONTACT, level: 'A' }) };
}

/** The money suites' customer on the dedicated line: its ports' ids by code and its id (dedicatedLineCustomer). */
export interface DedicatedLineGround {
  port: Record<string, number>;
  customerId: number;
}

/** Adds, as `by`, a dedicated-line order of the money suites' customer, able to move all the way. */
export const addDedicatedOrder = async (t: TestApp, by: Session, { port, customerId }: DedicatedLineGround, over: Record<string, unknown> = {}) =>
  (
    await requestAs(t, by)
      .put('/api/v1/order/dedicatedline/add')
      .send({ customerId, ...lineRoute(port, 'dedicatedline'), ...MOVABLE_ORDER, ...over })
      .expect(200)
  ).body.data as { id: number; orderNo: string; ver: number };

/**
 * Adds, as `admin`, a dedicated-line quotation by the kilogram that prices orders of any day the suites run on
 * (from 2026-01-01 to the end of 2027, or to today if that is later).
 */
export async function addDedicatedQuotation(
  t: TestApp,
  admin: Session,
  port: Record<string, number>,
  price: { channel: string; currency: string; minCharge: number; breaks: { minQuantity: number; unitPrice: number }[] },
) {
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  await requestAs(t, admin)
    .put('/api/v1/price/add')
    .send({
      shipType: 'dedicatedline',
      kind: 'quotation',
      ...lineRoute(port, 'dedicatedline'),
      unit: 'kg',
      validFrom: '2026-01-01',
      validTo: today > '2027-12-31' ? today : '2027-12-31',
      ...price,
    })
    .expect(200);
}

/** The data the money suites send with the sea moves that need it. */
const SEA_MOVE_DATA: Partial<Record<UpgradeStage, Record<string, unknown>>> = {
  completeCabinet: { containerNo: 'MSCU7654329', sealNo: 'SL0009' },
  customs: { customsDeclarationNo: 'CD2026009' },
  sail: { vesselVoyage: 'MSC ANNA 123E', etd: '2026-12-01T08:00:00.000Z' },
};

/** Moves a dedicated-line order from created up to `target`, each move made by `mover(stage)`. */
export async function moveDedicatedOrder(t: TestApp, id: number, target: OrderStage, mover: (stage: UpgradeStage) => Session) {
  for (const stage of ORDER_FLOW.slice(1, ORDER_FLOW.indexOf(target) + 1) as UpgradeStage[])
    await t
      .http()
      .post(`/api/v1/order/upgrade/${stage}`)
      .set(auth(mover(stage)))
      .send({ ids: [id], ...SEA_MOVE_DATA[stage] })
      .expect(200);
}

export async function orderFixture(t: TestApp) {
  const [admin, sales, op, cs, fin] = await Promise.all([
    login(t, ...DEMO.admin),
    login(t, ...DEMO.salesman),
    login(t, ...DEMO.operator),
    login(t, ...DEMO.customerService),
    login(t, ...DEMO.finance),
  ]);
  const port = await addPorts(t, admin);
  const customerId = await addCustomer(t, admin, sales, { companyName: '货物测试公司', ...CONTACT });
  const foreignCustomerId = await addCustomer(t, admin, admin, { companyName: '他人客户公司', ...CONTACT });
  const routeOf = (line: Line) => lineRoute(port, line);

  const api = (path: string) => `/api/v1/order/${path}`;
  /** An order of the salesman's customer (or, `foreign`, of the admin's), added by the admin. */
  const addOrder = async (line: Line = 'dedicatedline', over: Record<string, unknown> = {}, foreign = false): Promise<OrderRow> =>
    (
      await requestAs(t, admin)
        .put(api(`${line}/add`))
        .send({ customerId: foreign ? foreignCustomerId : customerId, ...routeOf(line), goodsName: '服装', ...over })
        .expect(200)
    ).body.data;
  const detail = (id: number): Promise<OrderRow> => getData(t, admin, api(`detail/${id}`));
  /** Moves an order stage by stage from where it is up to `target` (it needs packages, weight and volume to enter the warehouse). */
  const moveTo = async (order: OrderRow, target: OrderStage) => {
    const from = (await detail(order.id)).stage;
    for (const stage of ORDER_FLOW.slice(ORDER_FLOW.indexOf(from) + 1, ORDER_FLOW.indexOf(target) + 1) as UpgradeStage[]) {
      await requestAs(t, admin)
        .post(api(`upgrade/${stage}`))
        .send({ ids: [order.id], ...MOVE_DATA[stage]?.(order.shipType as Line) })
        .expect(200);
    }
    return detail(order.id);
  };
  const voidOrder = async (order: OrderRow) =>
    requestAs(t, admin)
      .delete(api(`delete/${order.id}`))
      .send({ reason: '客户取消' })
      .expect(200);
  const hold = async (order: OrderRow) =>
    requestAs(t, admin)
      .post(api('abnormal/add'))
      .send({ id: order.id, reason: '货物破损', ver: (await detail(order.id)).ver })
      .expect(200);

  return { admin, sales, op, cs, fin, customerId, foreignCustomerId, api, addOrder, detail, moveTo, voidOrder, hold };
}

/**
 * The app and the order fixture of a describe block, built in its beforeAll after `salesmanCodes` are granted
 * to the salesman role: `const { t, fx, op } = useOrderFixture([...])`. The fixture and its sessions are
 * filled when that beforeAll has run, as useTestApp's are.
 */
export function useOrderFixture(salesmanCodes: PermissionCode[]) {
  const { t } = useTestApp();
  const fx = {} as Awaited<ReturnType<typeof orderFixture>>;
  const sessions = { admin: {} as Session, sales: {} as Session, op: {} as Session, cs: {} as Session, fin: {} as Session };
  beforeAll(async () => {
    await grant(t, 'salesman', salesmanCodes);
    Object.assign(fx, await orderFixture(t));
    for (const name of Object.keys(sessions) as (keyof typeof sessions)[]) Object.assign(sessions[name], fx[name]);
  });
  return { t, fx, ...sessions };
}
