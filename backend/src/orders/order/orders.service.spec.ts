// The order life cycle's rules, called on OrdersService directly against a real database (the medium
// tier, test/medium.ts): who may add an order for which customer, the stage moves and what each needs,
// demotion, and the side states (abnormal, detain, void).
import { useMedium } from '../../../test/medium.js';
import { DictService } from '../../admin/dict/dict.service.js';
import type { Principal } from '../../common/access.decorators.js';
import { t } from '../../common/messages.js';
import { OrderListDto } from './orders.dto.js';
import { OrdersService, sideName, StageWording } from './orders.service.js';

describe('OrdersService (medium)', () => {
  const { m, admin, sales, sales2, op, orders } = useMedium({ admin: 'admin', sales: 'sales01', sales2: 'sales02', op: 'op01' }, { orders: OrdersService });
  /** the stage names as each line words them (the air line's own, the common ones otherwise) */
  let words: StageWording;

  beforeAll(async () => {
    words = await StageWording.load(m.get(DictService));
  });

  const reload = (id: number) => m.prisma.db.order.findUniqueOrThrow({ where: { id } });
  const listOf = (view: OrderListDto['view'], user: Principal = admin) =>
    orders.list(Object.assign(new OrderListDto(), { shipType: 'dedicatedline', view, pageSize: 200 }), user);

  describe('adding', () => {
    it('takes an approved customer of the caller, stamps its last order and marks the goods with the salesman label', async () => {
      const customer = await m.seed.customer(sales.userId);
      const order = await orders.add(
        'dedicatedline',
        { customerId: customer.id, ...(await m.seed.route('dedicatedline')), goodsName: '服装', grossWeight: 100, volume: 1 },
        sales,
      );
      expect(order).toMatchObject({ stage: 'created', sideState: null, salesmanId: sales.userId, customerId: customer.id });
      // sales01's direct label (src/seed/roles.ts); a peer order takes the peer label
      expect(order.shippingMark).toBe(`ZXMD-${order.orderNo}`);
      const peer = await orders.add(
        'dedicatedline',
        { customerId: customer.id, ...(await m.seed.route('dedicatedline')), goodsName: '服装', peer: true },
        sales,
      );
      expect(peer.shippingMark).toBe(`ZXM-${peer.orderNo}`);
      expect((await m.prisma.db.customer.findUniqueOrThrow({ where: { id: customer.id } })).lastOrderAt).toEqual(peer.createdAt);
    });

    it('charges the greater of the gross and the volumetric weight (1:5000 by sea, 1:6000 by air)', async () => {
      const sea = await m.seed.order(sales, { grossWeight: 100, volume: 1 });
      expect(sea.chargeableWeight).toBe(200);
      const air = await m.seed.order(sales, { line: 'airtransport', grossWeight: 100, volume: 1 });
      expect(air.chargeableWeight).toBe(167);
      const heavy = await m.seed.order(sales, { grossWeight: 500, volume: 1 });
      expect(heavy.chargeableWeight).toBe(500);
    });

    it('refuses a customer under review, another salesman’s customer and a port of another line', async () => {
      const route = await m.seed.route('dedicatedline');
      const pending = await m.seed.customer(sales.userId, { reviewStatus: 'pending', reviewedAt: null });
      await expect(orders.add('dedicatedline', { customerId: pending.id, ...route, goodsName: '服装' }, sales)).rejects.toMatchObject({
        fields: { customerId: [t('orderCustomerInvalid')] },
      });
      const theirs = await m.seed.customer(sales2.userId);
      await expect(orders.add('dedicatedline', { customerId: theirs.id, ...route, goodsName: '服装' }, sales)).rejects.toMatchObject({
        fields: { customerId: [t('orderCustomerInvalid')] },
      });
      const mine = await m.seed.customer(sales.userId);
      const air = await m.seed.route('airtransport');
      await expect(orders.add('dedicatedline', { customerId: mine.id, ...air, goodsName: '服装' }, sales)).rejects.toMatchObject({
        fields: { originPortId: [t('priceOriginInvalid')], destinationPortId: [t('priceDestinationInvalid')] },
      });
      // an operator (customers:all) adds for any salesman's customer; the order stays the salesman's
      expect(await orders.add('dedicatedline', { customerId: theirs.id, ...route, goodsName: '服装' }, op)).toMatchObject({ salesmanId: sales2.userId });
    });

    it('shows a salesman only the orders of their own customers', async () => {
      const order = await m.seed.order(sales);
      await expect(orders.detail(order.id, sales2)).rejects.toMatchObject({ status: 404 });
      expect((await orders.detail(order.id, sales)).id).toBe(order.id);
    });
  });

  describe('stage moves', () => {
    it('moves only from the stage just before, one step at a time', async () => {
      const order = await m.seed.order(sales);
      await expect(orders.upgrade('prepareCabinet', { ids: [order.id] }, op)).rejects.toMatchObject({
        fields: {
          ids: [
            t('orderStageWrong', {
              no: order.orderNo,
              stage: words.stage('dedicatedline', 'created'),
              from: words.stage('dedicatedline', 'warehouse'),
              to: words.move('dedicatedline', 'prepareCabinet'),
            }),
          ],
        },
      });
      await orders.upgrade('warehouse', { ids: [order.id] }, op);
      await orders.upgrade('prepareCabinet', { ids: [order.id] }, op);
      expect((await reload(order.id)).stage).toBe('prepareCabinet');
    });

    it('needs packages, weight and volume to enter the warehouse, and books the goods receipt of the move', async () => {
      const bare = await m.seed.order(sales, { volume: null });
      await expect(orders.upgrade('warehouse', { ids: [bare.id] }, op)).rejects.toMatchObject({
        fields: { ids: [t('orderMissingData', { no: bare.orderNo, to: words.move('dedicatedline', 'warehouse'), fields: t('orderFieldVolume') })] },
      });
      expect(await m.prisma.db.goodsReceipt.count({ where: { orderId: bare.id } })).toBe(0);
      const full = await m.seed.order(sales);
      await orders.upgrade('warehouse', { ids: [full.id] }, op);
      const receipt = await m.prisma.db.goodsReceipt.findFirstOrThrow({ where: { orderId: full.id } });
      expect({
        packages: receipt.packages,
        grossWeight: receipt.grossWeight.toNumber(),
        volume: receipt.volume.toNumber(),
        operatorId: receipt.operatorId,
      }).toEqual({ packages: 3, grossWeight: 120.5, volume: 1.2, operatorId: op.userId });
    });

    it('asks container and seal of a sea order and the waybill of an air order to load, and takes them with the move', async () => {
      const sea = await m.seed.moveTo((await m.seed.order(sales)).id, 'prepareCabinet');
      await expect(orders.upgrade('completeCabinet', { ids: [sea.id] }, op)).rejects.toMatchObject({
        fields: {
          ids: [
            t('orderMissingData', {
              no: sea.orderNo,
              to: words.move('dedicatedline', 'completeCabinet'),
              fields: `${t('orderFieldContainerNo')}、${t('orderFieldSealNo')}`,
            }),
          ],
        },
      });
      await orders.upgrade('completeCabinet', { ids: [sea.id], containerNo: 'MSCU1234566', sealNo: 'SL7' }, op);
      expect(await reload(sea.id)).toMatchObject({ stage: 'completeCabinet', containerNo: 'MSCU1234566', sealNo: 'SL7' });

      // in the air line's own words (完成装板)
      const air = await m.seed.moveTo((await m.seed.order(sales, { line: 'airtransport' })).id, 'prepareCabinet');
      await expect(orders.upgrade('completeCabinet', { ids: [air.id], containerNo: 'MSCU1234566', sealNo: 'SL7' }, op)).rejects.toMatchObject({
        fields: { ids: [t('orderMissingData', { no: air.orderNo, to: words.move('airtransport', 'completeCabinet'), fields: t('orderFieldWaybillNo') })] },
      });
    });

    it('moves a batch all or none, naming every order that cannot move', async () => {
      const ready = await m.seed.order(sales);
      const bare = await m.seed.order(sales, { packages: null });
      const ahead = await m.seed.moveTo((await m.seed.order(sales)).id, 'warehouse');
      const refusal = await orders.upgrade('warehouse', { ids: [ready.id, bare.id, ahead.id] }, op).catch((e: { fields: { ids: string[] } }) => e);
      expect((refusal as { fields: { ids: string[] } }).fields.ids).toHaveLength(2);
      expect((refusal as { fields: { ids: string[] } }).fields.ids.join()).toContain(bare.orderNo);
      expect((refusal as { fields: { ids: string[] } }).fields.ids.join()).toContain(ahead.orderNo);
      expect((await reload(ready.id)).stage).toBe('created');
    });

    it('stamps the arrival and delivery with the moment of the move when none is entered', async () => {
      const order = await m.seed.moveTo((await m.seed.order(sales)).id, 'sail');
      const before = Date.now();
      await orders.upgrade('arriveCabinet', { ids: [order.id] }, op);
      const arrivedAt = (await reload(order.id)).arrivedAt!.getTime();
      expect(arrivedAt).toBeGreaterThanOrEqual(before - 1000);
      expect(arrivedAt).toBeLessThanOrEqual(Date.now());
      const entered = '2026-01-02T03:04:05.000Z';
      const other = await m.seed.moveTo((await m.seed.order(sales)).id, 'sail');
      await orders.upgrade('arriveCabinet', { ids: [other.id], arrivedAt: entered }, op);
      expect((await reload(other.id)).arrivedAt!.toISOString()).toBe(entered);
    });

    it('writes a work record and a timeline event for every move', async () => {
      const order = await m.seed.order(sales);
      await orders.upgrade('warehouse', { ids: [order.id], location: 'A-01' }, op);
      const work = await m.prisma.db.orderWorkRecord.findMany({ where: { orderId: order.id }, orderBy: { id: 'asc' } });
      expect(work.map((w) => [w.action, w.fromStage, w.toStage, w.userId])).toEqual([
        ['create', 'created', 'created', admin.userId],
        ['upgrade', 'created', 'warehouse', op.userId],
      ]);
      const track = await m.prisma.db.orderTrack.findFirstOrThrow({ where: { orderId: order.id, kind: 'upgrade' } });
      expect(track).toMatchObject({ stage: 'warehouse', location: 'A-01' });
    });

    it('cannot move another salesman’s order (it does not exist for them)', async () => {
      const order = await m.seed.order(sales);
      await expect(orders.upgrade('warehouse', { ids: [order.id] }, sales2)).rejects.toMatchObject({ status: 404, key: 'orderNotFoundIds' });
      expect((await reload(order.id)).stage).toBe('created');
    });
  });

  describe('demotion', () => {
    it('moves one stage back with a reason and keeps the stage data for the next move', async () => {
      const order = await m.seed.moveTo((await m.seed.order(sales)).id, 'completeCabinet');
      const demoted = await orders.demote(order.id, { reason: '装错柜', ver: order.ver }, op);
      expect(demoted).toMatchObject({ stage: 'prepareCabinet', containerNo: order.containerNo, sealNo: order.sealNo });
      const record = await m.prisma.db.orderWorkRecord.findFirstOrThrow({ where: { orderId: order.id, action: 'demotion' } });
      expect(record).toMatchObject({ fromStage: 'completeCabinet', toStage: 'prepareCabinet', reason: '装错柜' });
      // the data the stage needs is still there: the order moves on without entering it again
      await orders.upgrade('completeCabinet', { ids: [order.id] }, op);
    });

    it('refuses the first stage, a stale ver, a held order and a settled (brokerage) order', async () => {
      const created = await m.seed.order(sales);
      await expect(orders.demote(created.id, { reason: 'x', ver: created.ver }, op)).rejects.toMatchObject({ key: 'orderDemotionFirst' });
      const moved = await m.seed.moveTo(created.id, 'warehouse');
      await expect(orders.demote(moved.id, { reason: 'x', ver: moved.ver - 1 }, op)).rejects.toMatchObject({ status: 409 });
      const held = await orders.hold('abnormal', moved.id, { id: moved.id, reason: '破损', ver: moved.ver }, op);
      await expect(orders.demote(moved.id, { reason: 'x', ver: held.ver }, op)).rejects.toMatchObject({ key: 'orderHeld' });
      const settled = await m.seed.moveTo((await m.seed.order(sales)).id, 'brokerage');
      await expect(orders.demote(settled.id, { reason: 'x', ver: settled.ver }, op)).rejects.toMatchObject({ key: 'orderDemotionBrokerage' });
      expect((await reload(settled.id)).stage).toBe('brokerage');
    });
  });

  describe('side states', () => {
    it('holds a moving order (abnormal, detain), stops its moves until revoked, and revokes only the state it is in', async () => {
      const order = await m.seed.order(sales);
      const held = await orders.hold('abnormal', order.id, { id: order.id, reason: '货物破损', ver: order.ver }, op);
      expect(held).toMatchObject({ sideState: 'abnormal', sideReason: '货物破损', stage: 'created' });
      await expect(orders.upgrade('warehouse', { ids: [order.id] }, op)).rejects.toMatchObject({
        fields: { ids: [t('orderHeld', { no: order.orderNo, state: sideName('abnormal') })] },
      });
      await expect(orders.hold('detain', order.id, { id: order.id, reason: '海关查验', ver: held.ver }, op)).rejects.toMatchObject({ key: 'orderHeld' });
      await expect(orders.revoke('detain', order.id, {}, op)).rejects.toMatchObject({ key: 'orderSideNotIn' });
      const released = await orders.revoke('abnormal', order.id, { ver: held.ver }, op);
      expect(released).toMatchObject({ sideState: null, sideReason: null });
      await orders.upgrade('warehouse', { ids: [order.id] }, op);
    });

    it('refuses a hold on a stale ver', async () => {
      const order = await m.seed.order(sales);
      await expect(orders.hold('detain', order.id, { id: order.id, reason: '查验', ver: order.ver + 1 }, op)).rejects.toMatchObject({ status: 409 });
      expect((await reload(order.id)).sideState).toBeNull();
    });

    it('freezes a voided order: no edit, and it leaves the lists of orders moving or held', async () => {
      const order = await m.seed.order(sales);
      const held = await m.seed.order(sales);
      await orders.hold('detain', held.id, { id: held.id, reason: '查验', ver: held.ver }, op);
      await orders.hold('delete', order.id, { reason: '客户取消' }, op);
      await expect(orders.update({ id: order.id, ver: (await reload(order.id)).ver, goodsName: '鞋' }, op)).rejects.toMatchObject({ key: 'orderVoided' });
      const all = (await listOf('all')).items.map((o) => o.id);
      expect(all).toContain(held.id);
      expect(all).not.toContain(order.id);
      expect((await listOf('delete')).items.map((o) => o.id)).toContain(order.id);
      // a held order is not on its stage's screen
      expect((await listOf('created')).items.map((o) => o.id)).not.toContain(held.id);
    });
  });
});
