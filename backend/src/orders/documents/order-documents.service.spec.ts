// The rules of the transport documents and the package labels against a real database (the medium tier,
// test/medium.ts): which line has which document, first save and versioned saves, the number kept on
// the order, and which orders labels may be printed for.
import { useMedium } from '../../../test/medium.js';
import { t } from '../../common/messages.js';
import { OrderListDto } from '../order/orders.dto.js';
import { OrdersService } from '../order/orders.service.js';
import { LabelsService } from './labels.service.js';
import { OrderDocumentsService } from './order-documents.service.js';

describe('OrderDocumentsService and LabelsService (medium)', () => {
  const { m, sales, sales2, op, documents, labels, orders } = useMedium(
    { sales: 'sales01', sales2: 'sales02', op: 'op01' },
    { documents: OrderDocumentsService, labels: LabelsService, orders: OrdersService },
  );

  const bill = (orderId: number, over: Record<string, unknown> = {}) => ({
    orderId,
    blNo: 'MSCU-BL-001',
    shipper: '发货人',
    consignee: 'ACME GmbH',
    portOfLoading: 'Shanghai',
    portOfDischarge: 'Hamburg',
    description: 'Garments',
    freightTerm: 'prepaid' as const,
    ...over,
  });
  const waybill = (orderId: number, over: Record<string, unknown> = {}) => ({
    orderId,
    waybillNo: '160-12345675',
    shipper: '发货人',
    consignee: 'ACME Inc.',
    from: 'PVG',
    to: 'LAX',
    goodsDescription: 'Garments',
    freightTerm: 'collect' as const,
    ...over,
  });

  describe('waybills and bills of lading', () => {
    it('gives air orders a waybill and sea orders a bill of lading, never the other', async () => {
      const sea = await m.seed.order(sales);
      const air = await m.seed.order(sales, { line: 'airtransport' });
      await expect(documents.detail('waybill', sea.id, op)).rejects.toMatchObject({ key: 'documentWaybillWrongLine', params: { no: sea.orderNo } });
      await expect(documents.detail('bill', air.id, op)).rejects.toMatchObject({ key: 'documentBillWrongLine', params: { no: air.orderNo } });
      await expect(documents.update('bill', bill(air.id), op)).rejects.toMatchObject({ key: 'documentBillWrongLine' });
      await expect(documents.excel('waybill', Object.assign(new OrderListDto(), { shipType: 'dedicatedline' }), op)).rejects.toMatchObject({
        fields: { shipType: [expect.any(String)] },
      });
    });

    it('offers a draft from the order until one is saved: customer, consignee and address, marks, three originals', async () => {
      const order = await m.seed.order(sales);
      const draft = await documents.detail('bill', order.id, op);
      expect(draft).toMatchObject({
        id: null,
        ver: null,
        shipper: order.customerName,
        consignee: 'ACME GmbH\nHafenstraße 1',
        marks: order.shippingMark,
        numberOfOriginals: 3,
        freightTerm: 'prepaid',
      });
    });

    it('creates the document on the first save, then saves only with the ver read', async () => {
      const order = await m.seed.order(sales);
      // a ver for a document nobody saved: the client read something else
      await expect(documents.update('bill', bill(order.id, { ver: 1 }), op)).rejects.toMatchObject({ status: 409 });
      const saved = await documents.update('bill', bill(order.id), op);
      expect(saved).toMatchObject({ ver: 1, blNo: 'MSCU-BL-001', numberOfOriginals: 3 });
      await expect(documents.update('bill', bill(order.id), op)).rejects.toMatchObject({ status: 409 });
      const again = await documents.update('bill', bill(order.id, { ver: 1, consignee: 'ACME AG' }), op);
      expect(again).toMatchObject({ ver: 2, consignee: 'ACME AG' });
      await expect(documents.update('bill', bill(order.id, { ver: 1 }), op)).rejects.toMatchObject({ status: 409 });
    });

    it('keeps the document’s number on the order, whose ver moves with it', async () => {
      const order = await m.seed.order(sales, { line: 'airtransport' });
      await documents.update('waybill', waybill(order.id), op);
      const row = await m.prisma.db.order.findUniqueOrThrow({ where: { id: order.id } });
      expect(row).toMatchObject({ waybillNo: '160-12345675', ver: order.ver + 1 });
      // saved again with the same number, the order is left alone
      await documents.update('waybill', waybill(order.id, { ver: 1, remark: 'x' }), op);
      expect((await m.prisma.db.order.findUniqueOrThrow({ where: { id: order.id } })).ver).toBe(order.ver + 1);
    });

    it('refuses a voided order, and another salesman’s order does not exist for a salesman', async () => {
      const order = await m.seed.order(sales);
      await expect(documents.detail('bill', order.id, sales2)).rejects.toMatchObject({ status: 404 });
      await orders.hold('delete', order.id, { reason: '取消' }, op);
      await expect(documents.update('bill', bill(order.id), op)).rejects.toMatchObject({ key: 'orderVoided' });
      expect(await m.prisma.db.orderDocument.count({ where: { orderId: order.id } })).toBe(0);
    });

    it('prints only a saved document, and a warehouse receipt only once goods were received', async () => {
      const order = await m.seed.order(sales);
      await expect(documents.printable('bill', order.id, op)).rejects.toMatchObject({ key: 'documentNoneYet' });
      await expect(documents.warehouseReceipt(order.id, op)).rejects.toMatchObject({ key: 'warehouseReceiptNone', params: { no: order.orderNo } });
      await documents.update('bill', bill(order.id), op);
      await m.seed.moveTo(order.id, 'warehouse');
      await expect(documents.printable('bill', order.id, op)).resolves.toBeDefined();
      await expect(documents.warehouseReceipt(order.id, op)).resolves.toBeDefined();
    });
  });

  describe('package labels', () => {
    it('makes one label per package of each order, each order once, in the order asked', async () => {
      const two = await m.seed.order(sales, { packages: 2 });
      const three = await m.seed.order(sales, { packages: 3 });
      const { labels: made, unknown } = await labels.labels({ orderNos: [three.orderNo, two.orderNo], orderIds: [three.id] }, op, 100);
      expect(unknown).toEqual([]);
      expect(made.map((l) => `${l.orderNo} ${l.index}/${l.total}`)).toEqual([
        `${three.orderNo} 1/3`,
        `${three.orderNo} 2/3`,
        `${three.orderNo} 3/3`,
        `${two.orderNo} 1/2`,
        `${two.orderNo} 2/2`,
      ]);
      expect(made[0]).toMatchObject({ shippingMark: three.shippingMark, destinationCode: 'DEHAM' });
    });

    it('prints the known orders and names every number the caller cannot see, another salesman’s reading as unknown', async () => {
      const mine = await m.seed.order(sales, { packages: 2 });
      const theirs = await m.seed.order(sales2);
      const made = await labels.labels({ orderNos: [mine.orderNo, theirs.orderNo, 'NO-SUCH'] }, sales, 100);
      expect(made.labels.map((l) => `${l.orderNo} ${l.index}/${l.total}`)).toEqual([`${mine.orderNo} 1/2`, `${mine.orderNo} 2/2`]);
      expect(made.unknown).toEqual([theirs.orderNo, 'NO-SUCH']);
      expect((await labels.labels({ orderIds: [mine.id, 999_999_999] }, sales, 100)).unknown).toEqual(['999999999']);
      // none known: refused, each one named
      await expect(labels.labels({ orderNos: [theirs.orderNo, 'NO-SUCH'] }, sales, 100)).rejects.toMatchObject({
        fields: { orderNos: [t('labelOrdersUnknown', { list: `${theirs.orderNo}, NO-SUCH` })] },
      });
      expect((await labels.labels({ orderNos: [theirs.orderNo] }, op, 100)).labels).toHaveLength(3);
    });

    it('needs each order’s package count and stays within the labels one export may hold', async () => {
      const counted = await m.seed.order(sales, { packages: 4 });
      const uncounted = await m.seed.order(sales, { packages: null });
      await expect(labels.labels({ orderIds: [counted.id, uncounted.id] }, op, 100)).rejects.toMatchObject({
        fields: { orderIds: [t('labelOrdersNoPackages', { list: uncounted.orderNo })] },
      });
      await expect(labels.labels({ orderIds: [counted.id] }, op, 3)).rejects.toMatchObject({
        fields: { orderIds: [t('labelTooManyLabels', { max: 3, count: 4 })] },
      });
      await expect(labels.labels({}, op, 100)).rejects.toMatchObject({ fields: { orderNos: [t('labelOrdersRequired')] } });
    });
  });
});
