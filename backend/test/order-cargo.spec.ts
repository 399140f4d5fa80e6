import { shanghaiDate } from '@forwarder/domain';
import { fieldErrors, FORBIDDEN, requestAs, type Session, STALE } from './app.js';
import { useOrderFixture } from './order-fixtures.js';

process.env.CUSTOMER_POOL_SCHEDULED = 'false';

describe('order cargo operations (/api/v1/order)', () => {
  // The salesman sees only his own customers' orders: with these codes he shows that another's order is 404.
  const { t, fx, op, sales, cs } = useOrderFixture(['order:register', 'order:package', 'order:seal', 'order:deputy']);

  const post = (path: string, body: object, by: Session = op) => requestAs(t, by).post(fx.api(path)).send(body);
  const workRecords = (orderId: number, action: string) => t.prisma.db.orderWorkRecord.findMany({ where: { orderId, action }, orderBy: { id: 'asc' } });
  const today = () => {
    const d = shanghaiDate(new Date());
    return `${d.yyyy.slice(2)}${d.MM}${d.dd}`;
  };

  describe('register (cargo received in lots)', () => {
    const register = (body: Record<string, unknown>, by: Session = op) => post('register', body, by);

    it('refuses a lot whose sum would not fit the order’s weight column with a 400, and keeps nothing of it', async () => {
      const order = await fx.addOrder('dedicatedline');
      const heaviest = { orderId: order.id, packages: 1, grossWeight: 999_999_999.999, volume: 1 };
      await register(heaviest).expect(200);
      const res = await register(heaviest).expect(400);
      expect(Object.values(fieldErrors(res))).toEqual([['数值超出范围或格式无效']]);
      expect(await t.prisma.db.orderCargoReceipt.count({ where: { orderId: order.id } })).toBe(1);
    });

    it('stores one receipt per lot and sets the order’s figures from their sum', async () => {
      const order = await fx.addOrder('dedicatedline');
      const first = await register({
        orderId: order.id,
        packages: 3,
        grossWeight: 120.5,
        volume: 0.8,
        location: 'A-01',
        receivedAt: '2026-11-20T02:00:00.000Z',
        remark: '外箱轻微破损',
      }).expect(200);
      expect(first.body.data.receipt).toMatchObject({
        orderId: order.id,
        packages: 3,
        grossWeight: 120.5,
        volume: 0.8,
        location: 'A-01',
        remark: '外箱轻微破损',
        createdByName: '李文静',
      });
      expect(first.body.data.receipt.receiptNo).toMatch(new RegExp(`^WR${today()}\\d{4}$`));
      const second = await register({
        orderId: order.id,
        packages: 2,
        grossWeight: 60.25,
        volume: 0.45,
        location: 'B-07',
        receivedAt: '2026-11-21T03:00:00.000Z',
      }).expect(200);
      // the next number of the same sequence
      expect(Number(second.body.data.receipt.receiptNo.slice(-4))).toBe(Number(first.body.data.receipt.receiptNo.slice(-4)) + 1);
      // 3 + 2 packages, 120.5 + 60.25 kg, 0.8 + 0.45 cbm; chargeable max(180.75, 1.25 × 200) = 250
      expect(second.body.data.order).toMatchObject({
        packages: 5,
        grossWeight: 180.75,
        volume: 1.25,
        chargeableWeight: 250,
        warehouseLocation: 'B-07',
        receivedAt: '2026-11-20T02:00:00.000Z',
        cargoComplete: false,
        ver: order.ver + 2,
      });
      const list = await post(`register/list/${order.id}`, {}, cs).expect(200);
      expect(list.body.data.items.map((r: { packages: number }) => r.packages)).toEqual([3, 2]);
      expect(list.body.data.totals).toEqual({ packages: 5, grossWeight: 180.75, volume: 1.25 });
      expect(await workRecords(order.id, 'register')).toHaveLength(2);
    });

    it('marks the cargo complete with complete: true, which needs order:cargoComplete', async () => {
      const order = await fx.addOrder('airtransport');
      const denied = await register({ orderId: order.id, packages: 1, grossWeight: 10, volume: 0.1, complete: true }, sales).expect(403);
      expect(denied.body.message).toBe('没有“货物齐全”权限，不能标记货物齐全');
      expect(await t.prisma.db.orderCargoReceipt.count({ where: { orderId: order.id } })).toBe(0);
      const res = await register({ orderId: order.id, packages: 1, grossWeight: 10, volume: 0.1, complete: true }).expect(200);
      // air: max(10, 0.1 × 167) = 16.7
      expect(res.body.data.order).toMatchObject({ cargoComplete: true, chargeableWeight: 16.7, cargoCompletedAt: expect.any(String) });
      expect((await post(`register/list/${order.id}`, {}).expect(200)).body.data).toMatchObject({
        cargoComplete: true,
        cargoCompletedAt: res.body.data.order.cargoCompletedAt,
      });
      expect(await workRecords(order.id, 'cargoComplete')).toHaveLength(1);
      // a carton found late is still received; marking complete again keeps the first time
      const late = await register({ orderId: order.id, packages: 1, grossWeight: 2, volume: 0.01, complete: true }).expect(200);
      expect(late.body.data.order).toMatchObject({ packages: 2, grossWeight: 12, cargoComplete: true, cargoCompletedAt: res.body.data.order.cargoCompletedAt });
      expect(await workRecords(order.id, 'cargoComplete')).toHaveLength(1);
    });

    it('takes a receipt number drawn beforehand with serial/receipt, once', async () => {
      const order = await fx.addOrder('smallbag');
      const drawn = (await post('serial/receipt', {}).expect(200)).body.data as string;
      expect(drawn).toMatch(new RegExp(`^WR${today()}\\d{4}$`));
      const res = await register({ orderId: order.id, packages: 1, grossWeight: 2, volume: 0.01, receiptNo: drawn.toLowerCase() }).expect(200);
      expect(res.body.data.receipt.receiptNo).toBe(drawn);
      const again = await register({ orderId: order.id, packages: 1, grossWeight: 2, volume: 0.01, receiptNo: drawn }).expect(400);
      expect(fieldErrors(again).receiptNo).toEqual([`入仓单号 ${drawn} 已被使用`]);
    });

    it('refuses wrong figures field by field', async () => {
      const order = await fx.addOrder();
      const res = await register({
        orderId: order.id,
        packages: 0,
        grossWeight: -1,
        volume: 0.00001,
        receivedAt: 'yesterday',
        location: 'x'.repeat(101),
      }).expect(400);
      expect(fieldErrors(res)).toEqual({
        packages: ['件数须为正整数'],
        grossWeight: ['须为大于 0 的数，最多 3 位小数'],
        volume: ['须为大于 0 的数，最多 4 位小数'],
        receivedAt: ['时间格式无效（ISO 8601）'],
        location: ['库位不能超过 100 个字符'],
      });
      expect(fieldErrors(await register({ packages: 1, grossWeight: 1, volume: 1 }).expect(400)).orderId).toEqual(['编号无效']);
    });

    it('answers 403 without order:register and 404 for another salesman’s order', async () => {
      const mine = await fx.addOrder();
      expect((await register({ orderId: mine.id, packages: 1, grossWeight: 1, volume: 1 }, cs).expect(403)).body.message).toBe(FORBIDDEN);
      const foreign = await fx.addOrder('dedicatedline', {}, true);
      await register({ orderId: foreign.id, packages: 1, grossWeight: 1, volume: 1 }, sales).expect(404);
      await post(`register/list/${foreign.id}`, {}, sales).expect(404);
      await register({ orderId: mine.id, packages: 1, grossWeight: 1, volume: 1 }, sales).expect(200);
    });

    it('refuses voided orders and orders whose container is loaded; held orders still receive goods', async () => {
      const voided = await fx.addOrder();
      await fx.voidOrder(voided);
      expect((await register({ orderId: voided.id, packages: 1, grossWeight: 1, volume: 1 }).expect(400)).body.message).toBe(
        `订单 ${voided.orderNo} 已作废，不能修改`,
      );
      const loaded = await fx.moveTo(await fx.addOrder('dedicatedline', { packages: 1, grossWeight: 1, volume: 1 }), 'completeCabinet');
      const res = await register({ orderId: loaded.id, packages: 1, grossWeight: 1, volume: 1 }).expect(400);
      expect(res.body.message).toBe(`订单 ${loaded.orderNo} 当前为“完成装柜”，货物登记只能在“已登记、已入仓、准备装柜”阶段进行`);
      const held = await fx.addOrder();
      await fx.hold(held);
      await register({ orderId: held.id, packages: 1, grossWeight: 1, volume: 1 }).expect(200);
    });
  });

  describe('packing lists', () => {
    const BOXES = [
      { boxNo: 'C1-C10', length: 60, width: 40, height: 50, grossWeight: 12.5, quantity: 10, goodsName: 'T恤' },
      { boxNo: 'C11-C13', length: 30.5, width: 20, height: 15.5, grossWeight: 3.333, quantity: 3 },
    ];

    it('replaces the list and sets the order’s figures from it', async () => {
      const order = await fx.addOrder('dedicatedline');
      const res = await post('dedicatedline/package', { orderId: order.id, ver: order.ver, boxes: BOXES }).expect(200);
      // 13 boxes; 10 × 12.5 + 3 × 3.333 = 134.999 kg; (10 × 120,000 + 3 × 9,455) cm³ = 1.2284 cbm; max(134.999, 245.68)
      expect(res.body.data.totals).toEqual({ packages: 13, grossWeight: 134.999, volume: 1.2284, chargeableWeight: 245.68 });
      expect(res.body.data.boxes).toEqual([
        expect.objectContaining({
          lineNo: 1,
          boxNo: 'C1-C10',
          length: 60,
          width: 40,
          height: 50,
          grossWeight: 12.5,
          quantity: 10,
          goodsName: 'T恤',
          trackingNo: null,
        }),
        expect.objectContaining({ lineNo: 2, boxNo: 'C11-C13', length: 30.5, width: 20, height: 15.5, grossWeight: 3.333, quantity: 3, goodsName: null }),
      ]);
      expect(await fx.detail(order.id)).toMatchObject({ packages: 13, grossWeight: 134.999, volume: 1.2284, chargeableWeight: 245.68, ver: order.ver + 1 });
      const replaced = await post('dedicatedline/package', {
        orderId: order.id,
        ver: order.ver + 1,
        boxes: [{ length: 100, width: 100, height: 100, grossWeight: 250.5, quantity: 2 }],
      }).expect(200);
      expect(replaced.body.data.boxes).toHaveLength(1);
      expect(replaced.body.data.totals).toEqual({ packages: 2, grossWeight: 501, volume: 2, chargeableWeight: 501 });
      const list = await post(`package/list/${order.id}`, {}, cs).expect(200);
      expect(list.body.data).toMatchObject({
        orderId: order.id,
        orderNo: order.orderNo,
        ver: order.ver + 2,
        totals: { packages: 2, grossWeight: 501, volume: 2, chargeableWeight: 501 },
      });
      expect(await workRecords(order.id, 'package')).toHaveLength(2);
    });

    it('computes the air chargeable weight at 167 kg per cbm', async () => {
      const order = await fx.addOrder('airtransport');
      const res = await post('airtransport/package', {
        orderId: order.id,
        ver: order.ver,
        boxes: [{ length: 50, width: 50, height: 40, grossWeight: 8, quantity: 4 }],
      }).expect(200);
      // 4 × 0.1 cbm = 0.4 cbm × 167 = 66.8 kg > 32 kg
      expect(res.body.data.totals).toEqual({ packages: 4, grossWeight: 32, volume: 0.4, chargeableWeight: 66.8 });
    });

    it('keeps last-mile tracking numbers on small parcels: one parcel each, no repeats, no other line', async () => {
      const parcel = await fx.addOrder('smallbag');
      const box = { length: 20, width: 15, height: 10, grossWeight: 1.2, quantity: 1 };
      const ok = await post('smallbag/package', {
        orderId: parcel.id,
        ver: parcel.ver,
        boxes: [
          { ...box, trackingNo: '1z999aa10123456784' },
          { ...box, trackingNo: '1Z999AA10123456785' },
        ],
      }).expect(200);
      expect(ok.body.data.boxes.map((b: { trackingNo: string }) => b.trackingNo)).toEqual(['1Z999AA10123456784', '1Z999AA10123456785']);
      const bad = await post('smallbag/package', {
        orderId: parcel.id,
        ver: parcel.ver + 1,
        boxes: [
          { ...box, trackingNo: 'T1' },
          { ...box, trackingNo: 't1' },
          { ...box, quantity: 2, trackingNo: 'T2' },
        ],
      }).expect(400);
      expect(fieldErrors(bad)).toEqual({ 'boxes.1.trackingNo': ['尾程单号 T1 重复'], 'boxes.2.trackingNo': ['有尾程单号的行只能是 1 个包裹'] });
      const sea = await fx.addOrder('dedicatedline');
      expect(fieldErrors(await post('dedicatedline/package', { orderId: sea.id, ver: sea.ver, boxes: [{ ...box, trackingNo: 'T1' }] }).expect(400))).toEqual({
        'boxes.0.trackingNo': ['只有小包专线的包裹有尾程单号'],
      });
    });

    it('refuses a list on another line’s path, an empty or oversized list and bad rows', async () => {
      const order = await fx.addOrder('dedicatedline');
      const res = await post('smallbag/package', { orderId: order.id, ver: order.ver, boxes: BOXES }).expect(400);
      expect(res.body.message).toBe(`订单 ${order.orderNo} 是“专线”订单，请在该线路的装箱单中操作`);
      expect(fieldErrors(await post('dedicatedline/package', { orderId: order.id, ver: order.ver, boxes: [] }).expect(400)).boxes).toEqual([
        '装箱单须有 1 到 500 行',
      ]);
      const tooMany = Array.from({ length: 501 }, () => BOXES[0]);
      expect(fieldErrors(await post('dedicatedline/package', { orderId: order.id, ver: order.ver, boxes: tooMany }).expect(400)).boxes).toEqual([
        '装箱单须有 1 到 500 行',
      ]);
      const rows = await post('dedicatedline/package', {
        orderId: order.id,
        ver: order.ver,
        boxes: [{ length: 0, width: 10.55, height: 10, grossWeight: 1, quantity: 0 }],
      }).expect(400);
      expect(fieldErrors(rows)).toEqual({
        'boxes.0.length': ['长宽高须为大于 0 的厘米数，最多 1 位小数'],
        'boxes.0.width': ['长宽高须为大于 0 的厘米数，最多 1 位小数'],
        'boxes.0.quantity': ['箱数须为 1 到 99999 的整数'],
      });
      expect(await t.prisma.db.orderPackingBox.count({ where: { orderId: order.id } })).toBe(0);
    });

    it('refuses a stale ver, a voided or loaded order, another’s order and a caller without order:package', async () => {
      const order = await fx.addOrder('dedicatedline');
      await post('dedicatedline/package', { orderId: order.id, ver: order.ver, boxes: BOXES }).expect(200);
      expect((await post('dedicatedline/package', { orderId: order.id, ver: order.ver, boxes: BOXES }).expect(409)).body.message).toBe(STALE);
      // the stale call changed nothing
      expect((await fx.detail(order.id)).ver).toBe(order.ver + 1);
      const voided = await fx.addOrder();
      await fx.voidOrder(voided);
      await post('dedicatedline/package', { orderId: voided.id, ver: voided.ver + 1, boxes: BOXES }).expect(400);
      const loaded = await fx.moveTo(await fx.addOrder('dedicatedline', { packages: 1, grossWeight: 1, volume: 1 }), 'completeCabinet');
      expect((await post('dedicatedline/package', { orderId: loaded.id, ver: loaded.ver, boxes: BOXES }).expect(400)).body.message).toContain('装箱单只能在');
      const foreign = await fx.addOrder('dedicatedline', {}, true);
      await post('dedicatedline/package', { orderId: foreign.id, ver: foreign.ver, boxes: BOXES }, sales).expect(404);
      await post(`package/list/${foreign.id}`, {}, sales).expect(404);
      await post('dedicatedline/package', { orderId: order.id, ver: order.ver + 1, boxes: BOXES }, cs).expect(403);
    });
  });

  describe('seal (container and seal for sea orders)', () => {
    const inWarehouse = async (line: 'dedicatedline' | 'smallbag' | 'airtransport' = 'dedicatedline') =>
      fx.moveTo(await fx.addOrder(line, { packages: 1, grossWeight: 5, volume: 0.1 }), 'warehouse');

    it('records one container and seal on several orders, which may then complete the container', async () => {
      const a = await inWarehouse('dedicatedline');
      const b = await fx.moveTo(await inWarehouse('smallbag'), 'prepareCabinet');
      const res = await post('seal', { ids: [a.id, b.id], containerNo: 'csqu 305438-3', sealNo: 'SL778899' }).expect(200);
      expect(res.body.data).toEqual({ count: 2 });
      expect(res.body.message).toBe('已为 2 个订单登记柜号 CSQU3054383');
      for (const order of [a, b]) expect(await fx.detail(order.id)).toMatchObject({ containerNo: 'CSQU3054383', sealNo: 'SL778899', ver: order.ver + 1 });
      expect(await workRecords(a.id, 'seal')).toEqual([
        expect.objectContaining({ data: { containerNo: 'CSQU3054383', sealNo: 'SL778899' }, userId: op.userid }),
      ]);
      await post('upgrade/completeCabinet', { ids: [b.id] }).expect(200);
    });

    it('checks the container number against ISO 6346 and needs a seal number', async () => {
      const a = await inWarehouse();
      expect(fieldErrors(await post('seal', { ids: [a.id], containerNo: 'ABC123', sealNo: 'S1' }).expect(400)).containerNo).toEqual([
        '柜号应为 4 个字母加 7 位数字（如 CSQU3054383）',
      ]);
      expect(fieldErrors(await post('seal', { ids: [a.id], containerNo: 'CSQU3054384', sealNo: 'S1' }).expect(400)).containerNo).toEqual([
        '集装箱号校验位错误：计算得到的校验位为 3',
      ]);
      expect(fieldErrors(await post('seal', { ids: [a.id], containerNo: 'CSQU3054383', sealNo: ' ' }).expect(400)).sealNo).toEqual([
        '请输入封条号（最多 30 个字符）',
      ]);
      expect(fieldErrors(await post('seal', { ids: [], containerNo: 'CSQU3054383', sealNo: 'S1' }).expect(400)).ids).toEqual(['请选择 1 到 200 个订单']);
    });

    it('refuses the whole batch when an order is air, not yet in the warehouse, held or voided', async () => {
      const good = await inWarehouse();
      const air = await inWarehouse('airtransport');
      const early = await fx.addOrder('dedicatedline');
      const held = await inWarehouse();
      await fx.hold(held);
      const voided = await inWarehouse();
      await fx.voidOrder(voided);
      const res = await post('seal', { ids: [good.id, air.id, early.id, held.id, voided.id], containerNo: 'CSQU3054383', sealNo: 'S1' }).expect(400);
      expect(fieldErrors(res).ids).toEqual([
        `订单 ${air.orderNo} 是空运订单，不装柜`,
        `订单 ${early.orderNo} 当前为“已登记”，登记柜号封条只能在“已入仓、准备装柜”阶段进行`,
        `订单 ${held.orderNo} 已异常，请先撤销`,
        `订单 ${voided.orderNo} 已作废，不能修改`,
      ]);
      expect((await fx.detail(good.id)).containerNo).toBeNull();
    });

    it('answers 404 for another’s order and 403 without order:seal', async () => {
      const foreign = await fx.moveTo(await fx.addOrder('dedicatedline', { packages: 1, grossWeight: 1, volume: 1 }, true), 'warehouse');
      expect((await post('seal', { ids: [foreign.id], containerNo: 'CSQU3054383', sealNo: 'S1' }, sales).expect(404)).body.message).toBe(
        `订单不存在：${foreign.id}`,
      );
      await post('seal', { ids: [foreign.id], containerNo: 'CSQU3054383', sealNo: 'S1' }, cs).expect(403);
    });
  });

  describe('deputy (destination agent)', () => {
    const AGENT = {
      agentName: 'Hamburg Logistics GmbH',
      agentContact: 'Jan Müller',
      agentPhone: '+49 40 123456',
      agentEmail: 'ops@hh-log.de',
      agentAddress: 'Hafenstraße 1, Hamburg',
      remark: '周末不收货',
    };

    it('sets the agent; a later call replaces every field', async () => {
      const order = await fx.addOrder();
      const res = await post('deputy', { orderId: order.id, ver: order.ver, ...AGENT }).expect(200);
      expect(res.body.data).toMatchObject({
        agentName: 'Hamburg Logistics GmbH',
        agentContact: 'Jan Müller',
        agentPhone: '+49 40 123456',
        agentEmail: 'ops@hh-log.de',
        agentRemark: '周末不收货',
        ver: order.ver + 1,
      });
      const replaced = await post('deputy', { orderId: order.id, ver: order.ver + 1, agentName: 'Bremen Agency' }).expect(200);
      expect(replaced.body.data).toMatchObject({ agentName: 'Bremen Agency', agentContact: null, agentEmail: null, agentRemark: null });
      expect(await workRecords(order.id, 'deputy')).toHaveLength(2);
    });

    it('validates, refuses a stale ver, a voided order, another’s order and a caller without order:deputy', async () => {
      const order = await fx.addOrder();
      expect(fieldErrors(await post('deputy', { orderId: order.id, ver: order.ver, agentName: '', agentEmail: 'not-mail' }).expect(400))).toEqual({
        agentName: ['请输入代理名称（最多 200 个字符）'],
        agentEmail: ['邮箱格式不正确'],
      });
      expect((await post('deputy', { orderId: order.id, ver: order.ver + 1, ...AGENT }).expect(409)).body.message).toBe(STALE);
      await post('deputy', { orderId: order.id, ver: order.ver, ...AGENT }, cs).expect(403);
      const foreign = await fx.addOrder('dedicatedline', {}, true);
      await post('deputy', { orderId: foreign.id, ver: foreign.ver, ...AGENT }, sales).expect(404);
      await fx.voidOrder(order);
      expect((await post('deputy', { orderId: order.id, ver: order.ver + 1, ...AGENT }).expect(400)).body.message).toBe(
        `订单 ${order.orderNo} 已作废，不能修改`,
      );
    });
  });

  describe('warehouse/update', () => {
    it('corrects the figures, location and time of receipt; recomputes the chargeable weight; logs before and after', async () => {
      const order = await fx.addOrder('smallbag', { packages: 2, grossWeight: 30, volume: 0.1 });
      const res = await post('warehouse/update', {
        orderId: order.id,
        ver: order.ver,
        grossWeight: 18.5,
        warehouseLocation: 'C-03',
        receivedAt: '2026-11-21T01:30:00.000Z',
      }).expect(200);
      // smallbag: max(18.5, 0.1 × 200) = 20
      expect(res.body.data).toMatchObject({
        packages: 2,
        grossWeight: 18.5,
        volume: 0.1,
        chargeableWeight: 20,
        warehouseLocation: 'C-03',
        receivedAt: '2026-11-21T01:30:00.000Z',
        ver: order.ver + 1,
      });
      const [log] = await workRecords(order.id, 'warehouseUpdate');
      expect(log.data).toEqual({
        before: { grossWeight: 30, warehouseLocation: null, receivedAt: null },
        after: { grossWeight: 18.5, warehouseLocation: 'C-03', receivedAt: '2026-11-21T01:30:00.000Z' },
      });
      const cleared = await post('warehouse/update', { orderId: order.id, ver: order.ver + 1, warehouseLocation: '', receivedAt: null, packages: 3 }).expect(
        200,
      );
      expect(cleared.body.data).toMatchObject({ packages: 3, warehouseLocation: null, receivedAt: null });
    });

    it('refuses cleared figures, a stale ver, a loaded order, another’s order and a caller without order:register', async () => {
      const order = await fx.addOrder('dedicatedline', { packages: 1, grossWeight: 1, volume: 1 });
      expect(fieldErrors(await post('warehouse/update', { orderId: order.id, ver: order.ver, packages: null, volume: 0 }).expect(400))).toEqual({
        packages: ['件数须为正整数'],
        volume: ['须为大于 0 的数，最多 4 位小数'],
      });
      await post('warehouse/update', { orderId: order.id, ver: order.ver + 5, packages: 2 }).expect(409);
      await post('warehouse/update', { orderId: order.id, ver: order.ver, packages: 2 }, cs).expect(403);
      const foreign = await fx.addOrder('dedicatedline', {}, true);
      await post('warehouse/update', { orderId: foreign.id, ver: foreign.ver, packages: 2 }, sales).expect(404);
      const loaded = await fx.moveTo(order, 'completeCabinet');
      expect((await post('warehouse/update', { orderId: loaded.id, ver: loaded.ver, packages: 2 }).expect(400)).body.message).toContain('修改入仓数据只能在');
    });
  });

  describe('sail/update', () => {
    it('changes vessel, ETD, ETA and bill of lading of a sea order until it has arrived', async () => {
      const order = await fx.addOrder('dedicatedline', { packages: 1, grossWeight: 1, volume: 1 });
      const res = await post('sail/update', {
        orderId: order.id,
        ver: order.ver,
        vesselVoyage: 'MAERSK ESSEX 045W',
        etd: '2026-12-01T08:00:00.000Z',
        eta: '2026-12-30T08:00:00.000Z',
        billOfLadingNo: 'HHLU123456',
      }).expect(200);
      expect(res.body.data).toMatchObject({
        vesselVoyage: 'MAERSK ESSEX 045W',
        etd: '2026-12-01T08:00:00.000Z',
        eta: '2026-12-30T08:00:00.000Z',
        billOfLadingNo: 'HHLU123456',
        ver: order.ver + 1,
      });
      // the ETA moves while at sea
      const sailing = await fx.moveTo(order, 'sail');
      const moved = await post('sail/update', { orderId: order.id, ver: sailing.ver, eta: '2027-01-03T08:00:00.000Z' }).expect(200);
      expect(moved.body.data).toMatchObject({ eta: '2027-01-03T08:00:00.000Z', etd: sailing.etd, vesselVoyage: sailing.vesselVoyage });
      expect(await workRecords(order.id, 'sailUpdate')).toHaveLength(2);
      const arrived = await fx.moveTo(await fx.detail(order.id), 'arriveCabinet');
      expect((await post('sail/update', { orderId: order.id, ver: arrived.ver, eta: '2027-01-04T08:00:00.000Z' }).expect(400)).body.message).toBe(
        `订单 ${order.orderNo} 当前为“已到港”，修改开船信息只能在“已登记、已入仓、准备装柜、完成装柜、报关中、已开船”阶段进行`,
      );
    });

    it('keeps the ETA after the ETD (also against the saved one) and the flight to air orders', async () => {
      const sea = await fx.addOrder('dedicatedline');
      expect(
        fieldErrors(await post('sail/update', { orderId: sea.id, ver: sea.ver, etd: '2026-12-10T00:00:00.000Z', eta: '2026-12-01T00:00:00.000Z' }).expect(400))
          .eta,
      ).toEqual(['预计到达时间不能早于预计开船/起飞时间']);
      await post('sail/update', { orderId: sea.id, ver: sea.ver, etd: '2026-12-10T00:00:00.000Z' }).expect(200);
      expect(fieldErrors(await post('sail/update', { orderId: sea.id, ver: sea.ver + 1, eta: '2026-12-09T00:00:00.000Z' }).expect(400)).eta).toBeDefined();
      expect(fieldErrors(await post('sail/update', { orderId: sea.id, ver: sea.ver + 1, flightNo: 'CA987' }).expect(400)).flightNo).toEqual([
        '只有空运订单填写航班号',
      ]);
      const air = await fx.addOrder('airtransport');
      expect(fieldErrors(await post('sail/update', { orderId: air.id, ver: air.ver, vesselVoyage: 'X' }).expect(400)).vesselVoyage).toEqual([
        '空运订单填写航班号，不填船名航次',
      ]);
      const ok = await post('sail/update', { orderId: air.id, ver: air.ver, flightNo: 'CA987', etd: '2026-12-01T00:00:00.000Z' }).expect(200);
      expect(ok.body.data).toMatchObject({ flightNo: 'CA987', eta: null });
      expect(fieldErrors(await post('sail/update', { orderId: air.id, ver: air.ver + 1, etd: 'soon' }).expect(400)).etd).toEqual(['时间格式无效（ISO 8601）']);
    });

    it('refuses a stale ver, a voided order, another’s order and a caller without order:modify', async () => {
      const order = await fx.addOrder('dedicatedline');
      await post('sail/update', { orderId: order.id, ver: order.ver + 1, billOfLadingNo: 'B1' }).expect(409);
      await post('sail/update', { orderId: order.id, ver: order.ver, billOfLadingNo: 'B1' }, cs).expect(403);
      const foreign = await fx.addOrder('dedicatedline', {}, true);
      await post('sail/update', { orderId: foreign.id, ver: foreign.ver, billOfLadingNo: 'B1' }, sales).expect(404);
      await fx.voidOrder(order);
      await post('sail/update', { orderId: order.id, ver: order.ver + 1, billOfLadingNo: 'B1' }).expect(400);
    });
  });

  describe('serial/{x}', () => {
    it('hands out the next warehouse receipt number; unknown sequences are 404; order:register is needed', async () => {
      const first = (await post('serial/receipt', {}).expect(200)).body.data as string;
      const second = (await post('serial/receipt', {}).expect(200)).body.data as string;
      expect(Number(second.slice(-4))).toBe(Number(first.slice(-4)) + 1);
      expect((await post('serial/customer', {}).expect(404)).body.message).toBe('没有编号规则“customer”');
      await post('serial/order.smallbag', {}).expect(404);
      await post('serial/receipt', {}, cs).expect(403);
    });
  });
});
