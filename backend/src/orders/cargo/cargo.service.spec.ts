// The warehouse and loading rules of CargoService against a real database (the medium tier, test/medium.ts):
// lots add up on the order, the stage windows, holds and voids, the packing list, container and seal, sailing data.
import { useMedium } from '../../../test/medium.js';
import { t } from '../../common/messages.js';
import { OrdersService, sideName, stageName } from '../order/orders.service.js';
import { CargoService } from './cargo.service.js';

describe('CargoService (medium)', () => {
  const { m, sales, op, cargo, orders } = useMedium({ sales: 'sales01', op: 'op01' }, { cargo: CargoService, orders: OrdersService });

  const reload = (id: number) => m.prisma.db.order.findUniqueOrThrow({ where: { id } });
  /** An order of sales01 with nothing received yet. */
  const emptyOrder = (line: 'dedicatedline' | 'smallbag' | 'airtransport' = 'dedicatedline') =>
    m.seed.order(sales, { line, packages: null, grossWeight: null, volume: null });
  const lot = (orderId: number, over: Record<string, unknown> = {}) => ({ orderId, packages: 2, grossWeight: 50.5, volume: 0.4, ...over });
  const box = (over: Record<string, unknown> = {}) => ({ length: 50, width: 40, height: 30, grossWeight: 10, quantity: 1, ...over });

  describe('receipts', () => {
    it('adds every lot to the order: packages, weight and volume summed, the chargeable weight recomputed', async () => {
      const order = await emptyOrder();
      await cargo.register(lot(order.id, { location: 'A-01', receivedAt: '2026-01-02T00:00:00.000Z' }), op);
      const { order: after } = await cargo.register(lot(order.id, { packages: 3, grossWeight: 20, volume: 1, receivedAt: '2026-01-01T00:00:00.000Z' }), op);
      expect(after).toMatchObject({ packages: 5, grossWeight: 70.5, volume: 1.4, chargeableWeight: 280 });
      // received when the first lot came; the goods are where the latest lot that named a place was put
      const row = await reload(order.id);
      expect(row.receivedAt!.toISOString()).toBe('2026-01-01T00:00:00.000Z');
      expect(row.warehouseLocation).toBe('A-01');
    });

    it('draws a receipt number when none is given and refuses one already booked', async () => {
      const order = await emptyOrder();
      const { receipt } = await cargo.register(lot(order.id), op);
      expect(receipt.receiptNo).toBeTruthy();
      await expect(cargo.register(lot(order.id, { receiptNo: receipt.receiptNo.toLowerCase() }), op)).rejects.toMatchObject({
        fields: { receiptNo: [t('cargoReceiptNoTaken', { no: receipt.receiptNo })] },
      });
      expect((await reload(order.id)).packages).toBe(2);
    });

    it('marks the cargo complete only for holders of order:cargoComplete, and keeps the first time', async () => {
      const order = await emptyOrder();
      await expect(cargo.register(lot(order.id, { complete: true }), sales)).rejects.toMatchObject({ status: 403, key: 'cargoCompleteForbidden' });
      expect(await m.prisma.db.orderCargoReceipt.count({ where: { orderId: order.id } })).toBe(0);
      await cargo.register(lot(order.id, { complete: true }), op);
      const first = (await reload(order.id)).cargoCompletedAt;
      expect(first).not.toBeNull();
      // a carton found late is still received; the order stays complete since the first time
      await cargo.register(lot(order.id, { complete: true }), op);
      expect(await reload(order.id)).toMatchObject({ cargoComplete: true, cargoCompletedAt: first, packages: 4 });
      expect(await m.prisma.db.orderWorkRecord.count({ where: { orderId: order.id, action: 'cargoComplete' } })).toBe(1);
    });

    it('takes lots until the container is loaded, from a held order too, never on a voided one', async () => {
      const loaded = await m.seed.moveTo((await m.seed.order(sales)).id, 'completeCabinet');
      await expect(cargo.register(lot(loaded.id), op)).rejects.toMatchObject({
        key: 'cargoStageWrong',
        params: { no: loaded.orderNo, stage: stageName('completeCabinet') },
      });
      // an air order's refusal speaks the air line's words (the stageName_airtransport dictionary)
      const built = await m.seed.moveTo((await m.seed.order(sales, { line: 'airtransport' })).id, 'completeCabinet');
      await expect(cargo.register(lot(built.id), op)).rejects.toMatchObject({
        key: 'cargoStageWrong',
        params: { no: built.orderNo, stage: '完成装板', stages: expect.stringContaining('准备装板') },
      });
      const held = await emptyOrder();
      await orders.hold('abnormal', held.id, { id: held.id, reason: '破损', ver: held.ver }, op);
      await cargo.register(lot(held.id), op);
      expect((await reload(held.id)).packages).toBe(2);
      const voided = await emptyOrder();
      await orders.hold('delete', voided.id, { reason: '取消' }, op);
      await expect(cargo.register(lot(voided.id), op)).rejects.toMatchObject({ key: 'cargoOrderVoided' });
    });
  });

  describe('packing list', () => {
    it('replaces the list whole and sets the order’s figures from it', async () => {
      const order = await emptyOrder();
      await cargo.savePackingList('dedicatedline', { orderId: order.id, ver: order.ver, boxes: [box({ quantity: 4 })] }, op);
      const list = await cargo.savePackingList(
        'dedicatedline',
        { orderId: order.id, ver: order.ver + 1, boxes: [box({ quantity: 2 }), box({ length: 100, grossWeight: 20.25 })] },
        op,
      );
      expect(list.boxes).toHaveLength(2);
      // 3 boxes; 2 × 10 + 20.25 kg; (2 × 60 000 + 120 000) cm³ = 0.24 cbm
      expect(await reload(order.id)).toMatchObject({ packages: 3 });
      expect((await reload(order.id)).grossWeight!.toNumber()).toBe(40.25);
      expect((await reload(order.id)).volume!.toNumber()).toBe(0.24);
      await expect(cargo.savePackingList('dedicatedline', { orderId: order.id, ver: order.ver, boxes: [box()] }, op)).rejects.toMatchObject({ status: 409 });
    });

    it('belongs to the order’s line', async () => {
      const order = await emptyOrder();
      await expect(cargo.savePackingList('smallbag', { orderId: order.id, ver: order.ver, boxes: [box()] }, op)).rejects.toMatchObject({
        key: 'cargoLineMismatch',
      });
    });

    it('takes a tracking number on a single small parcel only, once per list', async () => {
      const sea = await emptyOrder();
      await expect(cargo.savePackingList('dedicatedline', { orderId: sea.id, ver: sea.ver, boxes: [box({ trackingNo: 'YT1' })] }, op)).rejects.toMatchObject({
        fields: { 'boxes.0.trackingNo': [t('cargoTrackingNotSmallbag')] },
      });
      const parcel = await emptyOrder('smallbag');
      await expect(
        cargo.savePackingList(
          'smallbag',
          { orderId: parcel.id, ver: parcel.ver, boxes: [box({ trackingNo: 'YT1', quantity: 2 }), box({ trackingNo: 'yt2' }), box({ trackingNo: 'YT2' })] },
          op,
        ),
      ).rejects.toMatchObject({
        fields: { 'boxes.0.trackingNo': [t('cargoTrackingQuantity')], 'boxes.2.trackingNo': [t('cargoTrackingDuplicate', { no: 'YT2' })] },
      });
      await cargo.savePackingList('smallbag', { orderId: parcel.id, ver: parcel.ver, boxes: [box({ trackingNo: 'yt1' }), box({ trackingNo: 'YT2' })] }, op);
      expect((await m.prisma.db.orderPackingBox.findMany({ where: { orderId: parcel.id }, orderBy: { lineNo: 'asc' } })).map((b) => b.trackingNo)).toEqual([
        'YT1',
        'YT2',
      ]);
    });
  });

  describe('container and seal', () => {
    it('seals sea orders in the warehouse or being loaded, all or none, naming each refused order', async () => {
      const ready = await m.seed.moveTo((await m.seed.order(sales)).id, 'warehouse');
      const early = await m.seed.order(sales);
      const air = await m.seed.moveTo((await m.seed.order(sales, { line: 'airtransport' })).id, 'warehouse');
      const held = await m.seed.moveTo((await m.seed.order(sales)).id, 'prepareCabinet');
      await orders.hold('detain', held.id, { id: held.id, reason: '查验', ver: held.ver }, op);
      const refusal = (await cargo
        .seal({ ids: [ready.id, early.id, air.id, held.id], containerNo: 'CSQU3054383', sealNo: 'S1' }, op)
        .catch((e: unknown) => e)) as { fields: { ids: string[] } };
      expect(refusal.fields.ids).toEqual([
        expect.stringContaining(early.orderNo),
        t('cargoSealAir', { no: air.orderNo }),
        t('orderHeld', { no: held.orderNo, state: sideName('detain') }),
      ]);
      expect((await reload(ready.id)).containerNo).toBeNull();
      await cargo.seal({ ids: [ready.id], containerNo: 'CSQU3054383', sealNo: 'S1' }, op);
      expect(await reload(ready.id)).toMatchObject({ containerNo: 'CSQU3054383', sealNo: 'S1', stage: 'warehouse' });
      // the container and seal are what the loading move asks for
      await orders.upgrade('prepareCabinet', { ids: [ready.id] }, op);
      await orders.upgrade('completeCabinet', { ids: [ready.id] }, op);
    });
  });

  describe('corrections', () => {
    it('corrects the warehouse figures with the chargeable weight, keeping before and after in the work record', async () => {
      const order = await m.seed.order(sales);
      const corrected = await cargo.updateWarehouse({ orderId: order.id, ver: order.ver, grossWeight: 400 }, op);
      expect(corrected).toMatchObject({ grossWeight: 400, chargeableWeight: 400 });
      const record = await m.prisma.db.orderWorkRecord.findFirstOrThrow({ where: { orderId: order.id, action: 'warehouseUpdate' } });
      expect(record.data).toEqual({ before: { grossWeight: 120.5 }, after: { grossWeight: 400 } });
    });

    it('keeps vessels to sea orders and flights to air, no ETA before the ETD, and closes once the goods arrived', async () => {
      const air = await m.seed.order(sales, { line: 'airtransport' });
      await expect(cargo.updateSail({ orderId: air.id, ver: air.ver, vesselVoyage: 'MSC ANNA' }, op)).rejects.toMatchObject({
        fields: { vesselVoyage: [t('cargoVesselOnlySea')] },
      });
      const sea = await m.seed.order(sales);
      await expect(cargo.updateSail({ orderId: sea.id, ver: sea.ver, flightNo: 'CA1' }, op)).rejects.toMatchObject({
        fields: { flightNo: [t('cargoFlightOnlyAir')] },
      });
      const withEtd = await cargo.updateSail({ orderId: sea.id, ver: sea.ver, etd: '2026-12-10T00:00:00.000Z' }, op);
      // the stored ETD counts when only the ETA is sent
      await expect(cargo.updateSail({ orderId: sea.id, ver: withEtd.ver, eta: '2026-12-09T00:00:00.000Z' }, op)).rejects.toMatchObject({
        fields: { eta: [t('cargoEtdAfterEta')] },
      });
      const arrived = await m.seed.moveTo((await m.seed.order(sales)).id, 'arriveCabinet');
      await expect(cargo.updateSail({ orderId: arrived.id, ver: arrived.ver, eta: '2026-12-20T00:00:00.000Z' }, op)).rejects.toMatchObject({
        key: 'cargoStageWrong',
      });
    });
  });

  it('hands receipt numbers only to holders of the sequence’s code, and knows no other sequence', async () => {
    expect(await cargo.nextSerial('receipt', op)).toBeTruthy();
    await expect(cargo.nextSerial('receipt', sales)).rejects.toMatchObject({ status: 403 });
    await expect(cargo.nextSerial('customer', op)).rejects.toMatchObject({ status: 404, key: 'cargoSerialUnknown' });
  });
});
