import { ORDER_FLOW, SHIP_TYPES, type OrderStage, type UpgradeStage } from '@forwarder/domain';
import { GrantsService } from '../src/auth/grants.service.js';
import { auth, fieldErrors, FORBIDDEN, getData, refusal, requestAs, type Session, STALE, useTestApp } from './app.js';
import { addCustomer, addPorts, CONTACT, grant, type Line, lineRoute, MOVABLE_ORDER, ORDER_STAFF } from './order-fixtures.js';

process.env.CUSTOMER_POOL_SCHEDULED = 'false';

const DAY_MS = 24 * 60 * 60 * 1000;
const UPGRADES = ORDER_FLOW.slice(1) as UpgradeStage[];

type Order = { id: number; orderNo: string; ver: number; stage: OrderStage; sideState: string | null; shipType: string; [k: string]: unknown };

describe('orders (/api/v1/order)', () => {
  const { t, admin, sales, op, cs, fin } = useTestApp(ORDER_STAFF);
  const port: Record<string, number> = {};
  let customerId: number;
  let foreignCustomerId: number;
  let pendingCustomerId: number;
  let serial = 0;

  const api = (path: string) => `/api/v1/order/${path}`;
  const ordersAs = (by: Session) => requestAs(t, by, api(''));
  const customer = (by: Session, approve: boolean) => addCustomer(t, admin, by, { companyName: `订单测试公司 ${++serial}`, ...CONTACT }, approve);
  // the line's ports; a line named in another case (the router matches paths in any case) has the same route
  const routeOf = (line: string) => lineRoute(port, line.toLowerCase() as Line);
  const add = (line: string, over: Record<string, unknown> = {}, by: Session = sales) =>
    ordersAs(by)
      .put(`${line}/add`)
      .send({ customerId, ...routeOf(line), goodsName: '服装', ...over });
  const addOrder = async (line = 'dedicatedline', over: Record<string, unknown> = {}): Promise<Order> => (await add(line, over).expect(200)).body.data;
  const detail = (id: number): Promise<Order> => getData(t, admin, api(`detail/${id}`));
  const upgrade = (stage: string, body: Record<string, unknown>, by: Session = op) => ordersAs(by).post(`upgrade/${stage}`).send(body);
  const update = async (id: number, fields: Record<string, unknown>, status: number, by: Session = op) =>
    ordersAs(by)
      .post('all/update')
      .send({ id, ver: (await detail(id)).ver, ...fields })
      .expect(status);
  const list = (body: Record<string, unknown>, by: Session = admin) =>
    ordersAs(by)
      .post('list')
      .send({ shipType: 'smallbag', pageSize: 200, ...body });
  const tracks = async (id: number) =>
    (await ordersAs(admin).post(`track/list/${id}`).expect(200)).body.data as { id: number; kind: string; stage: string; content: string; ver: number }[];

  /** The data each move needs on a sea line (sent with the move, or set on the order beforehand). */
  const SEA_DATA: Partial<Record<UpgradeStage, Record<string, unknown>>> = {
    completeCabinet: { containerNo: 'MSCU1234566', sealNo: 'SL0001' },
    customs: { customsDeclarationNo: 'CD2026001' },
    sail: { vesselVoyage: 'MSC ANNA 123E', etd: '2026-12-01T08:00:00.000Z' },
  };
  const byStage = (stage: UpgradeStage) => (stage === 'brokerage' ? admin : op);
  /** Moves an order through the stages up to `target` (a dedicatedline order with its cargo and consignee). */
  const moveTo = async (id: number, target: OrderStage) => {
    for (const stage of UPGRADES.slice(0, ORDER_FLOW.indexOf(target))) await upgrade(stage, { ids: [id], ...SEA_DATA[stage] }, byStage(stage)).expect(200);
  };
  const fullOrder = () => addOrder('dedicatedline', { ...MOVABLE_ORDER, deliveryAddress: 'Hafenstraße 1, Hamburg' });

  beforeAll(async () => {
    Object.assign(port, await addPorts(t, admin));
    customerId = await customer(sales, true);
    foreignCustomerId = await customer(admin, true);
    pendingCustomerId = await customer(sales, false);
  });

  describe('adding', () => {
    it.each([
      ['smallbag', 'SB'],
      ['dedicatedline', 'DL'],
      ['airtransport', 'AT'],
    ])('adds a %s order numbered from its sequence, marked with the salesman label, at stage created', async (line, prefix) => {
      const res = await add(line, { packages: 2, grossWeight: 10, volume: 0.1, currency: 'USD', declaredValue: 1000 }).expect(200);
      const order = res.body.data;
      expect(order.orderNo).toMatch(new RegExp(`^${prefix}\\d{6}\\d{4}$`));
      expect(order).toMatchObject({
        shipType: line,
        stage: 'created',
        sideState: null,
        customerId,
        salesmanId: sales.userid,
        shippingMark: `ZXMD-${order.orderNo}`,
        ver: 1,
        goodsName: '服装',
      });
      // the greater of 10 kg and the volumetric weight of 0.1 cbm
      expect(order.chargeableWeight).toBe(line === 'airtransport' ? 16.7 : 20);
      expect(order.customerName).toMatch(/订单测试公司/);
      expect(order.originPort).toMatchObject({ id: routeOf(line).originPortId });
      const events = await tracks(order.id);
      expect(events).toEqual([expect.objectContaining({ kind: 'created', stage: 'created', content: '订单已创建' })]);
      const customer = await t.prisma.db.customer.findUniqueOrThrow({ where: { id: customerId } });
      expect(customer.lastOrderAt?.getTime()).toBe(new Date(order.createdAt).getTime());
    });

    it('takes the peer label for a peer customer', async () => {
      const order = (await add('smallbag', { peer: true }).expect(200)).body.data;
      expect(order.shippingMark).toBe(`ZXM-${order.orderNo}`);
    });

    it.each(['smallbag', 'dedicatedline', 'airtransport'])('refuses a %s order with missing or wrong fields, field by field', async (line) => {
      const res = await add(line, {
        goodsName: ' ',
        originPortId: routeOf(line).destinationPortId,
        destinationPortId: 999999,
        packages: 0,
        grossWeight: -1,
        currency: 'XXX',
      }).expect(400);
      const errors = fieldErrors(res);
      expect(errors.goodsName).toEqual(['请输入品名']);
      expect(errors.packages).toEqual(['件数须为正整数']);
      expect(errors.grossWeight).toEqual(['须为大于 0 的数，最多 3 位小数']);
      const semantic = fieldErrors(await add(line, { originPortId: routeOf(line).destinationPortId, destinationPortId: 999999, currency: 'XXX' }).expect(400));
      expect(Object.keys(semantic).sort()).toEqual(['currency', 'destinationPortId', 'originPortId']);
    });

    it.each(['smallbag', 'dedicatedline', 'airtransport'])('refuses a %s order for a customer outside the caller’s scope or not approved', async (line) => {
      for (const id of [foreignCustomerId, pendingCustomerId, 999999]) {
        expect(fieldErrors(await add(line, { customerId: id }).expect(400)).customerId).toEqual(['客户不存在、未审核通过或不是您的客户']);
      }
      // a holder of customers:all adds for any salesman's customer; the order belongs to the customer's salesman
      const order = (await add(line, {}, admin).expect(200)).body.data;
      expect(order.salesmanId).toBe(sales.userid);
    });

    it.each(['smallbag', 'dedicatedline', 'airtransport'])('answers 403 to %s/add without order:add', async (line) => {
      const res = await add(line, {}, cs).expect(403);
      expect(res.body.message).toBe(FORBIDDEN);
    });
  });

  describe('reading and editing', () => {
    it('opens an order by id and by number; another salesman’s order is 404 to a salesman', async () => {
      const order = await addOrder('smallbag');
      const byNo = await ordersAs(sales).get(`no/detail/${order.orderNo}`).expect(200);
      expect(byNo.body.data.id).toBe(order.id);
      const foreign = (await add('smallbag', { customerId: foreignCustomerId }, admin).expect(200)).body.data;
      await ordersAs(sales).get(`detail/${foreign.id}`).expect(404);
      await ordersAs(op).get(`detail/${foreign.id}`).expect(200);
    });

    it('edits fields with ver, recomputes the chargeable weight, refuses a stale ver and a customer change', async () => {
      const order = await addOrder('smallbag', { grossWeight: 10 });
      const res = await ordersAs(sales).post('all/update').send({ id: order.id, ver: order.ver, volume: 1, remark: '易碎' }).expect(200);
      expect(res.body.data).toMatchObject({ volume: 1, chargeableWeight: 200, remark: '易碎', ver: 2 });
      const stale = await ordersAs(sales).post('all/update').send({ id: order.id, ver: order.ver, remark: 'x' }).expect(409);
      expect(stale.body.message).toBe(STALE);
      expect(fieldErrors(await update(order.id, { customerId: foreignCustomerId }, 400)).customerId).toBeDefined();
    });
  });

  describe('the stage machine', () => {
    it.each(UPGRADES.map((stage, i) => [ORDER_FLOW[i], stage] as const))(
      'from %s only the upgrade to %s works; every other upgrade is refused',
      async (from, next) => {
        const order = await fullOrder();
        await moveTo(order.id, from);
        for (const stage of UPGRADES.filter((s) => s !== next)) {
          const res = await upgrade(stage, { ids: [order.id], ...SEA_DATA[stage] }, admin).expect(400);
          expect(fieldErrors(res).ids[0]).toContain(`只有“`);
        }
        expect((await detail(order.id)).stage).toBe(from);
        const res = await upgrade(next, { ids: [order.id], ...SEA_DATA[next] }, byStage(next)).expect(200);
        expect(res.body.data).toEqual({ count: 1 });
        const moved = await detail(order.id);
        expect(moved.stage).toBe(next);
        const events = await tracks(order.id);
        expect(events.at(-1)).toMatchObject({ kind: 'upgrade', stage: next });
        const work = await t.prisma.db.orderWorkRecord.findMany({ where: { orderId: order.id, action: 'upgrade' } });
        expect(work.at(-1)).toMatchObject({ fromStage: from, toStage: next, userId: byStage(next).userid });
      },
    );

    it('brokerage is the last stage: no upgrade moves an order on from it', async () => {
      const order = await fullOrder();
      await moveTo(order.id, 'brokerage');
      for (const stage of UPGRADES) await upgrade(stage, { ids: [order.id], ...SEA_DATA[stage] }, admin).expect(400);
    });

    it('writes a warehouse receipt when goods enter the warehouse', async () => {
      const order = await fullOrder();
      await upgrade('warehouse', { ids: [order.id] }).expect(200);
      const receipt = await t.prisma.db.goodsReceipt.findFirstOrThrow({ where: { orderId: order.id } });
      expect(receipt).toMatchObject({ orderNo: order.orderNo, packages: 3, operatorId: op.userid });
    });

    it.each([
      ['warehouse', 'created', {}, '件数、毛重、体积'],
      ['completeCabinet', 'prepareCabinet', {}, '柜号、封条号'],
      ['completeCabinet', 'prepareCabinet', { containerNo: 'MSCU7654329' }, '封条号'],
      ['customs', 'completeCabinet', {}, '报关单号'],
      ['sail', 'customs', { vesselVoyage: 'EVER GIVEN 001W' }, '预计开船/起飞时间'],
    ] as const)('refuses %s (from %s) until its data is entered', async (stage, from, partial, missing) => {
      const order = from === 'created' ? await addOrder('dedicatedline') : await fullOrder();
      await moveTo(order.id, from);
      const res = await upgrade(stage, { ids: [order.id], ...partial }).expect(400);
      expect(fieldErrors(res).ids).toEqual([expect.stringContaining(`需填写：${missing}`)]);
      expect((await detail(order.id)).stage).toBe(from);
    });

    it('needs the consignee and address before delivery starts, taken from the order', async () => {
      const order = await addOrder('dedicatedline', { packages: 1, grossWeight: 5, volume: 0.02 });
      await moveTo(order.id, 'dismantleCabinet');
      expect(fieldErrors(await upgrade('startDelivery', { ids: [order.id] }).expect(400)).ids[0]).toContain('收货人、派送地址');
      await update(order.id, { consignee: 'ACME', deliveryAddress: 'Hamburg' }, 200);
      await upgrade('startDelivery', { ids: [order.id] }).expect(200);
      const done = await upgrade('completeDelivery', { ids: [order.id] }).expect(200);
      expect(done.body.message).toBe('已将 1 个订单升级到“完成派送”');
      expect((await detail(order.id)).deliveredAt).toEqual(expect.any(String));
    });

    it('asks an air order for its waybill and flight instead of container and vessel', async () => {
      const order = await addOrder('airtransport', { packages: 1, grossWeight: 5, volume: 0.02 });
      for (const stage of ['warehouse', 'prepareCabinet'] as const) await upgrade(stage, { ids: [order.id] }).expect(200);
      expect(fieldErrors(await upgrade('completeCabinet', { ids: [order.id] }).expect(400)).ids[0]).toContain('运单号');
      await upgrade('completeCabinet', { ids: [order.id], waybillNo: '160-12345675' }).expect(200);
      await upgrade('customs', { ids: [order.id], customsDeclarationNo: 'CD1' }).expect(200);
      expect(fieldErrors(await upgrade('sail', { ids: [order.id], vesselVoyage: 'X', etd: '2026-12-01T00:00:00Z' }).expect(400)).ids[0]).toContain('航班号');
      await upgrade('sail', { ids: [order.id], flightNo: 'CA987', etd: '2026-12-01T00:00:00Z' }).expect(200);
      expect(await detail(order.id)).toMatchObject({ stage: 'sail', flightNo: 'CA987', waybillNo: '160-12345675' });
    });

    it('moves a batch all or nothing', async () => {
      const ready = await fullOrder();
      const behind = await fullOrder();
      await moveTo(ready.id, 'warehouse');
      const res = await upgrade('prepareCabinet', { ids: [ready.id, behind.id] }).expect(400);
      expect(fieldErrors(res).ids).toEqual([expect.stringContaining(behind.orderNo)]);
      expect((await detail(ready.id)).stage).toBe('warehouse');
      await moveTo(behind.id, 'warehouse');
      expect((await upgrade('prepareCabinet', { ids: [ready.id, behind.id] }).expect(200)).body.data).toEqual({ count: 2 });
      expect(fieldErrors(await upgrade('customs', { ids: [] }).expect(400)).ids).toBeDefined();
      expect((await upgrade('customs', { ids: [999999] }).expect(404)).body.message).toBe('订单不存在：999999');
    });

    it('guards each upgrade by its own code', async () => {
      const order = await fullOrder();
      await upgrade('warehouse', { ids: [order.id] }, sales).expect(403);
      await moveTo(order.id, 'completeDelivery');
      await upgrade('brokerage', { ids: [order.id] }, op).expect(403);
      await upgrade('brokerage', { ids: [order.id] }, fin).expect(200);
    });

    it('asks each move for its own code: order:upgrade:warehouse lets an order into the warehouse, not onto the ship', async () => {
      await grant(t, 'customerService', ['order:upgrade:warehouse']);
      t.app.get(GrantsService).invalidate();
      const order = await fullOrder();
      await upgrade('warehouse', { ids: [order.id] }, cs).expect(200);
      for (const stage of ['prepareCabinet', 'completeCabinet', 'customs'] as const) await upgrade(stage, { ids: [order.id], ...SEA_DATA[stage] }).expect(200);
      expect((await upgrade('sail', { ids: [order.id], ...SEA_DATA.sail }, cs).expect(403)).body.message).toBe(FORBIDDEN);
      expect((await detail(order.id)).stage).toBe('customs');
    });

    it('demotes one step back with a reason and ver; the first stage and settled orders cannot go back', async () => {
      const order = await fullOrder();
      await moveTo(order.id, 'customs');
      const current = await detail(order.id);
      expect(fieldErrors(await ordersAs(op).post(`demotion/${order.id}`).send({ ver: current.ver }).expect(400)).reason).toBeDefined();
      await ordersAs(op)
        .post(`demotion/${order.id}`)
        .send({ reason: '报关资料有误', ver: current.ver - 1 })
        .expect(409);
      await ordersAs(sales).post(`demotion/${order.id}`).send({ reason: 'x', ver: current.ver }).expect(403);
      const res = await ordersAs(op).post(`demotion/${order.id}`).send({ reason: '报关资料有误', ver: current.ver }).expect(200);
      expect(res.body.data).toMatchObject({ stage: 'completeCabinet', containerNo: 'MSCU1234566' });
      expect((await tracks(order.id)).at(-1)).toMatchObject({ kind: 'demotion', content: '退回到“完成装柜”：报关资料有误' });
      // the data stays: it can move on again without entering it anew
      await upgrade('customs', { ids: [order.id] }).expect(200);
      const first = await addOrder();
      await ordersAs(op).post(`demotion/${first.id}`).send({ reason: 'x', ver: first.ver }).expect(400);
      const settled = await fullOrder();
      await moveTo(settled.id, 'brokerage');
      await ordersAs(admin)
        .post(`demotion/${settled.id}`)
        .send({ reason: 'x', ver: (await detail(settled.id)).ver })
        .expect(400);
    });
  });

  describe('routes taking a line, a stage, a hold or a side state', () => {
    // what any path the server does not serve answers, signed in or not
    const unknown = (path: string) => refusal(404, `接口不存在：/api/v1/order/${path}`);

    it.each([
      ['put', 'seafreight/add'],
      ['post', 'upgrade/created'],
      ['post', 'upgrade/nowhere'],
      ['post', 'delete/add'],
      ['post', 'normal/revoke/1'],
      ['post', 'rail/package'],
    ] as const)('answers %s %s as an unknown path: 404 to anyone, before signing in', async (method, path) => {
      const call = (url: string) => t.http()[method](api(url));
      for (const session of [undefined, op, admin]) {
        const res = await (session ? call(path).set(auth(session)) : call(path)).send({ ids: [1] });
        expect([res.status, res.body]).toEqual([404, unknown(path)]);
      }
      const nowhere = await call(`${path}/nowhere`).send({});
      expect([nowhere.status, nowhere.body]).toEqual([404, unknown(`${path}/nowhere`)]);
    });

    it('serves each line’s add, any case, as the router matches paths', async () => {
      for (const line of SHIP_TYPES) expect((await add(line).expect(200)).body.data.shipType).toBe(line);
      expect((await add('AirTransport').expect(200)).body.data.shipType).toBe('airtransport');
    });
  });

  describe('side states', () => {
    const hold = async (state: 'abnormal' | 'detain', id: number, status: number, by: Session = op) =>
      ordersAs(by)
        .post(`${state}/add`)
        .send({ id, reason: '货物破损', ver: (await detail(id)).ver })
        .expect(status);
    const revoke = (state: string, id: number, by: Session = op) => ordersAs(by).post(`${state}/revoke/${id}`).send({});

    it.each(['abnormal', 'detain'] as const)('holds an order (%s): it cannot move or go back until revoked', async (state) => {
      const order = await fullOrder();
      await moveTo(order.id, 'warehouse');
      const held = (await hold(state, order.id, 200)).body.data;
      expect(held).toMatchObject({ sideState: state, sideReason: '货物破损', stage: 'warehouse' });
      expect(fieldErrors(await upgrade('prepareCabinet', { ids: [order.id] }).expect(400)).ids[0]).toContain('请先撤销');
      await ordersAs(op).post(`demotion/${order.id}`).send({ reason: 'x', ver: held.ver }).expect(400);
      await hold(state === 'abnormal' ? 'detain' : 'abnormal', order.id, 400);
      await revoke(state === 'abnormal' ? 'detain' : 'abnormal', order.id).expect(400);
      await hold(state, order.id, 403, sales);
      expect((await revoke(state, order.id).expect(200)).body.data.sideState).toBeNull();
      await upgrade('prepareCabinet', { ids: [order.id] }).expect(200);
      expect((await tracks(order.id)).map((e) => e.kind)).toEqual(['created', 'upgrade', state, 'revoke', 'upgrade']);
    });

    it('refuses a hold without a reason and with a stale ver', async () => {
      const order = await addOrder();
      expect(fieldErrors(await ordersAs(op).post('abnormal/add').send({ id: order.id, ver: order.ver }).expect(400)).reason).toBeDefined();
      await ordersAs(op)
        .post('abnormal/add')
        .send({ id: order.id, reason: 'x', ver: order.ver + 5 })
        .expect(409);
    });

    it('voids an order (order:delete): it cannot move or change; restoring it (order:deleteRevoke) brings it back', async () => {
      const order = await addOrder('dedicatedline', { packages: 1, grossWeight: 1, volume: 0.01 });
      await ordersAs(op).delete(`delete/${order.id}`).send({ reason: '客户取消' }).expect(403);
      const voided = (await ordersAs(admin).delete(`delete/${order.id}`).send({ reason: '客户取消' }).expect(200)).body.data;
      expect(voided.sideState).toBe('delete');
      await upgrade('warehouse', { ids: [order.id] }).expect(400);
      await update(order.id, { remark: 'x' }, 400);
      await ordersAs(op).post('track/insert').send({ orderId: order.id, content: 'x' }).expect(400);
      await revoke('delete', order.id, op).expect(403);
      await revoke('delete', order.id, admin).expect(200);
      await upgrade('warehouse', { ids: [order.id] }).expect(200);
    });
  });

  describe('container numbers and times that have happened', () => {
    const FORMAT = '柜号应为 4 个字母加 7 位数字（如 CSQU3054383）';
    const CHECK_DIGIT = '集装箱号校验位错误：计算得到的校验位为 6';
    const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

    it('refuses a container number of the wrong shape or check digit on the 完成装柜 move and takes it normalised', async () => {
      const order = await fullOrder();
      await moveTo(order.id, 'prepareCabinet');
      expect(fieldErrors(await upgrade('completeCabinet', { ids: [order.id], containerNo: 'MSCU123456', sealNo: 'S1' }).expect(400)).containerNo).toEqual([
        FORMAT,
      ]);
      expect(fieldErrors(await upgrade('completeCabinet', { ids: [order.id], containerNo: 'MSCU1234567', sealNo: 'S1' }).expect(400)).containerNo).toEqual([
        CHECK_DIGIT,
      ]);
      expect((await detail(order.id)).stage).toBe('prepareCabinet');
      await upgrade('completeCabinet', { ids: [order.id], containerNo: ' mscu 123456-6 ', sealNo: 'S1' }).expect(200);
      expect(await detail(order.id)).toMatchObject({ stage: 'completeCabinet', containerNo: 'MSCU1234566' });
    });

    it("refuses a bad container number on the order update (in the asker's language), stores a good one normalised, clears it when blank", async () => {
      const order = await fullOrder();
      const res = await ordersAs(op)
        .post('all/update')
        .set('Accept-Language', 'en')
        .send({ id: order.id, ver: order.ver, containerNo: 'CSQU3054384' })
        .expect(400);
      expect(fieldErrors(res).containerNo).toEqual(['Container number check digit is wrong: the computed check digit is 3']);
      expect(fieldErrors(await update(order.id, { containerNo: 'CSQ-3054383' }, 400)).containerNo).toEqual([FORMAT]);
      await update(order.id, { containerNo: 'csqu-305438-3' }, 200);
      expect((await detail(order.id)).containerNo).toBe('CSQU3054383');
      await update(order.id, { containerNo: ' ' }, 200);
      expect((await detail(order.id)).containerNo).toBeNull();
    });

    it('refuses an arrival time in the future beyond a few minutes; the planned ETD and ETA may lie ahead', async () => {
      const order = await fullOrder();
      await moveTo(order.id, 'sail');
      expect(fieldErrors(await upgrade('arriveCabinet', { ids: [order.id], arrivedAt: inMinutes(60) }).expect(400)).arrivedAt).toEqual([
        '到港时间不能晚于当前时间',
      ]);
      expect((await detail(order.id)).stage).toBe('sail');
      // a sender's clock a minute fast is not refused
      await upgrade('arriveCabinet', { ids: [order.id], arrivedAt: inMinutes(1) }).expect(200);
      await update(order.id, { etd: inMinutes(60 * 24 * 30), eta: inMinutes(60 * 24 * 60) }, 200);
      const track = await ordersAs(op)
        .post('track/insert')
        .send({ orderId: order.id, content: '已到港', occurredAt: inMinutes(60) })
        .expect(400);
      expect(fieldErrors(track).occurredAt).toEqual(['轨迹时间不能晚于当前时间']);
    });

    it('leaves the times the moves stamp to the moves: the update refuses them by name, the estimates stay editable', async () => {
      const order = await fullOrder();
      const past = new Date(Date.now() - DAY_MS).toISOString();
      const refused = await update(order.id, { arrivedAt: past, deliveredAt: past }, 400);
      expect(fieldErrors(refused)).toEqual({
        arrivedAt: ['到港时间由“到港”操作记录，不能在编辑订单时修改'],
        deliveredAt: ['签收时间由“完成派送”操作记录，不能在编辑订单时修改'],
      });
      const en = await ordersAs(op).post('all/update').set('Accept-Language', 'en').send({ id: order.id, ver: order.ver, deliveredAt: null }).expect(400);
      expect(fieldErrors(en).deliveredAt).toEqual(['The delivery time is stamped by the move "Delivery done" and cannot be edited on the order']);
      expect(await detail(order.id)).toMatchObject({ stage: 'created', arrivedAt: null, deliveredAt: null });
      const [etd, eta] = [inMinutes(60 * 24 * 3), inMinutes(60 * 24 * 30)];
      await update(order.id, { etd, eta }, 200);
      expect(await detail(order.id)).toMatchObject({ etd, eta, deliveredAt: null });
      // the move stamps its time (the moment of the move, or the one its dialog entered)
      await moveTo(order.id, 'sail');
      await upgrade('arriveCabinet', { ids: [order.id], arrivedAt: past }).expect(200);
      expect((await detail(order.id)).arrivedAt).toBe(past);
    });
  });

  describe('lists', () => {
    let orders: Order[];
    beforeAll(async () => {
      await t.prisma.db.order.deleteMany({ where: { shipType: 'smallbag' } });
      orders = [];
      for (let i = 0; i < 5; i += 1) orders.push(await addOrder('smallbag', { packages: 1, grossWeight: 1 + i, volume: 0.001 }));
      await upgrade('warehouse', { ids: [orders[0].id, orders[1].id] }).expect(200);
      await update(orders[1].id, { containerNo: 'TGHU0000008' }, 200);
      await ordersAs(op)
        .post('abnormal/add')
        .send({ id: orders[2].id, reason: '破损', ver: (await detail(orders[2].id)).ver })
        .expect(200);
      await ordersAs(admin).delete(`delete/${orders[3].id}`).send({}).expect(200);
      await add('smallbag', { customerId: foreignCustomerId }, admin).expect(200);
    });
    const ids = (res: { body: { data: { items: Order[] } } }) => res.body.data.items.map((o) => o.id);

    it('shows each screen: a stage (moving normally), all (not voided), abnormal, detain, delete', async () => {
      expect(ids(await list({ view: 'warehouse' }).expect(200)).sort()).toEqual([orders[0].id, orders[1].id].sort());
      expect(ids(await list({ view: 'created' }).expect(200))).toHaveLength(2); // orders[4] and the foreign customer's
      expect(ids(await list({ view: 'abnormal' }).expect(200))).toEqual([orders[2].id]);
      expect(ids(await list({ view: 'delete' }).expect(200))).toEqual([orders[3].id]);
      expect(ids(await list({ view: 'detain' }).expect(200))).toEqual([]);
      const all = ids(await list({ view: 'all' }).expect(200));
      expect(all).toHaveLength(5);
      expect(all).not.toContain(orders[3].id);
      expect(fieldErrors(await list({ view: 'nowhere' }).expect(400)).view).toBeDefined();
      expect(fieldErrors(await list({ shipType: 'boat' }).expect(400)).shipType).toBeDefined();
    });

    it('counts a plain stage screen exactly and pages it, newest first', async () => {
      const res = await list({ view: 'warehouse', pageSize: 1, pageIndex: 2 }).expect(200);
      expect(res.body.data).toMatchObject({ totalCount: 2, totalPage: 2, pageIndex: 2, pageSize: 1, totalCapped: false });
      expect(ids(res)).toEqual([orders[0].id]);
    });

    it('filters by number, customer, salesman, container, date range and free text, and sorts', async () => {
      expect(ids(await list({ orderNo: orders[4].orderNo }).expect(200))).toEqual([orders[4].id]);
      expect(ids(await list({ customerId: foreignCustomerId }).expect(200))).toHaveLength(1);
      expect(ids(await list({ salesmanId: sales.userid }).expect(200))).toHaveLength(4);
      expect(ids(await list({ containerNo: 'tghu 000000-8' }).expect(200))).toEqual([orders[1].id]);
      expect(ids(await list({ key: orders[0].orderNo.slice(-6) }).expect(200))).toEqual([orders[0].id]);
      expect(ids(await list({ createdFrom: new Date(Date.now() + DAY_MS).toISOString() }).expect(200))).toEqual([]);
      expect(ids(await list({ originPortId: port.CNSZX, destinationPortId: port.USLAX }).expect(200))).toHaveLength(5);
      const sorted = ids(await list({ sortField: 'grossWeight', sortOrder: 'asc', view: 'all', customerId }).expect(200));
      expect(sorted).toEqual([orders[0].id, orders[1].id, orders[2].id, orders[4].id]);
      expect(fieldErrors(await list({ sortField: 'password' }).expect(400)).sortField).toBeDefined();
    });

    it('shows a salesman only the orders of their customers', async () => {
      const res = await list({ view: 'all' }, sales).expect(200);
      expect(res.body.data.totalCount).toBe(4);
      await list({}, cs).expect(200);
    });
  });

  describe('timeline', () => {
    it('adds and corrects manual events; system events stay as written; reads by id and by number', async () => {
      const order = await fullOrder();
      await upgrade('warehouse', { ids: [order.id], location: '上海仓' }).expect(200);
      const manual = (
        await ordersAs(op)
          .post('track/insert')
          .send({ orderId: order.id, content: '已电话联系收货人', location: '汉堡', occurredAt: new Date(Date.now() + 1000).toISOString() })
          .expect(200)
      ).body.data;
      expect(manual).toMatchObject({ kind: 'manual', stage: 'warehouse', ver: 1 });
      const fixed = await ordersAs(op).post(`track/update/${manual.id}`).send({ content: '已邮件联系收货人', ver: 1 }).expect(200);
      expect(fixed.body.data).toMatchObject({ content: '已邮件联系收货人', ver: 2, location: '汉堡' });
      await ordersAs(op).post(`track/update/${manual.id}`).send({ content: 'x', ver: 1 }).expect(409);
      const events = await tracks(order.id);
      expect(events.map((e) => [e.kind, e.content])).toEqual([
        ['created', '订单已创建'],
        ['upgrade', '进入“已入仓”'],
        ['manual', '已邮件联系收货人'],
      ]);
      await ordersAs(op).post(`track/update/${events[0].id}`).send({ content: 'x', ver: events[0].ver }).expect(400);
      expect(fieldErrors(await ordersAs(op).post('track/insert').send({ orderId: order.id, content: '' }).expect(400)).content).toBeDefined();
      await ordersAs(fin).post('track/insert').send({ orderId: order.id, content: 'x' }).expect(403);
      const byNo = await ordersAs(sales).post(`track/no/list/${order.orderNo}`).expect(200);
      expect(byNo.body.data).toHaveLength(3);
      await ordersAs(sales).post('track/no/list/NOPE').expect(404);
    });
  });

  describe('price', () => {
    it('quotes the order at its date and chargeable weight, and says why when it cannot', async () => {
      const today = new Date();
      const day = (offset: number) => new Date(today.getTime() + 8 * 3600 * 1000 + offset * DAY_MS).toISOString().slice(0, 10);
      await requestAs(t, admin)
        .put('/api/v1/price/add')
        .send({
          shipType: 'smallbag',
          kind: 'quotation',
          ...routeOf('smallbag'),
          channel: '美森正班',
          unit: 'kg',
          currency: 'USD',
          minCharge: 300,
          validFrom: day(-30),
          validTo: day(30),
          breaks: [
            { minQuantity: 0, unitPrice: 12 },
            { minQuantity: 100, unitPrice: 10 },
          ],
        })
        .expect(200);
      const order = await addOrder('smallbag', { grossWeight: 150, volume: 0.1 });
      const res = await ordersAs(sales).post(`price/${order.id}`).expect(200);
      expect(res.body.data).toMatchObject({ reason: null, quote: { quantity: 150, unitPrice: 10, amount: 1500, currency: 'USD', channel: '美森正班' } });
      const weightless = await addOrder('smallbag');
      expect((await ordersAs(sales).post(`price/${weightless.id}`).expect(200)).body.data).toEqual({ quote: null, reason: '订单还没有计费重量，无法报价' });
      const air = await addOrder('airtransport', { grossWeight: 10 });
      const none = (await ordersAs(fin).post(`price/${air.id}`).expect(200)).body.data;
      expect(none.quote).toBeNull();
      expect(none.reason).toContain('没有该航线有效的报价');
      await ordersAs(op).post(`price/${air.id}`).expect(403);
    });
  });
});
