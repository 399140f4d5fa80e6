import { jest } from '@jest/globals';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { PassThrough } from 'node:stream';
import { PDFDocument } from 'pdf-lib';
import type { Principal } from '../src/common/access.decorators.js';
import { LABEL_SIZE_PT } from '../src/orders/documents/label-pdf.js';
import { readPdf } from './pdf-text.js';
import { EXPORT_PAGE } from '../src/common/xlsx.js';
import { OrderDocumentsService } from '../src/orders/documents/order-documents.service.js';
import type { DocumentExcelDto } from '../src/orders/documents/order-documents.dto.js';
import type { OrderListDto } from '../src/orders/order/orders.dto.js';
import { DEMO, fieldErrors, FORBIDDEN, getData, requestAs, type Session, STALE, useTestApp } from './app.js';
import { addCustomer, addPorts, CONTACT, type Line, lineRoute, type PortRow } from './order-fixtures.js';
import { BTW, DANGEROUS } from './sample-files.js';
import { readWorkbook, sheetValues, workbookFile } from './xlsx.js';

process.env.CUSTOMER_POOL_SCHEDULED = 'false';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Order = { id: number; orderNo: string; ver: number; shipType: string; [k: string]: unknown };

/** Every text the sheet shows (rich text joined), for checking a laid-out document. */
const sheetText = (sheet: ExcelJS.Worksheet) => {
  const texts: string[] = [];
  sheet.eachRow((row) =>
    row.eachCell((cell) => {
      const v = cell.value;
      texts.push(v && typeof v === 'object' && 'richText' in v ? v.richText.map((p) => p.text).join('') : String(v));
    }),
  );
  return texts.join('\n');
};
const jsonOf = (res: { body: Buffer }) => JSON.parse(res.body.toString('utf8')) as { success: boolean; message: string };
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

async function xlsxOf(
  rows: unknown[][],
  headers = ['订单号', '柜号', '封条号', '船名航次/航班号', 'ETD', 'ETA', '提单号', '运单号', '报关单号'],
): Promise<Buffer> {
  return workbookFile('船务信息', [headers, ...rows]);
}

describe('order documents (/api/v1/order: waybills, bills, labels, exports, imports)', () => {
  const { t, admin, sales, op, cs } = useTestApp({ admin: DEMO.admin, sales: DEMO.salesman, op: DEMO.operator, cs: DEMO.customerService });
  const port: Record<string, number> = {};
  let customerId: number;
  let foreignCustomerId: number;
  let air: Order;
  let sea: Order;
  let bag: Order;
  let foreign: Order;

  const api = (path: string) => `/api/v1/order/${path}`;
  const addOrder = async (line: Line, over: Record<string, unknown> = {}, by: Session = sales): Promise<Order> =>
    (
      await requestAs(t, by)
        .put(api(`${line}/add`))
        .send({ customerId, ...lineRoute(port, line), goodsName: '服装', ...over })
        .expect(200)
    ).body.data;
  const orderRow = (id: number) => t.prisma.db.order.findUniqueOrThrow({ where: { id } });
  const get = (path: string, by: Session) => requestAs(t, by).get(api(path));
  const post = (path: string, body: object, by: Session) => requestAs(t, by).post(api(path)).send(body);
  const download = (path: string, body: object, by: Session) => requestAs(t, by).post(api(path)).send(body).responseType('blob');

  const WAYBILL = {
    waybillNo: '999-12345675',
    shipper: 'Shanghai Apparel Co.',
    consignee: 'ACME Inc.\nLos Angeles',
    from: 'PVG',
    to: 'LAX',
    goodsDescription: 'Garments',
    freightTerm: 'prepaid',
  };
  const BILL = {
    blNo: 'MEDU1234567',
    shipper: '上海服装有限公司',
    consignee: 'ACME GmbH',
    portOfLoading: 'Shanghai',
    portOfDischarge: 'Hamburg',
    description: 'Garments 3 ctns',
    freightTerm: 'collect',
    vesselVoyage: 'MSC ANNA 123E',
  };

  beforeAll(async () => {
    const ports: PortRow[] = [
      ['smallbag', 'start', 'CNSZX', '深圳', 'Shenzhen'],
      ['smallbag', 'end', 'USLAX', '洛杉矶', 'Los Angeles'],
      ['dedicatedline', 'start', 'CNSHA', '上海', 'Shanghai'],
      ['dedicatedline', 'end', 'DEHAM', '汉堡', 'Hamburg'],
      ['airtransport', 'start', 'PVG', '浦东', 'Pudong'],
      ['airtransport', 'end', 'LAX', '洛杉矶机场', 'Los Angeles Intl'],
    ];
    Object.assign(port, await addPorts(t, admin, ports));
    customerId = await addCustomer(t, admin, sales, { companyName: '单证测试公司', ...CONTACT });
    foreignCustomerId = await addCustomer(t, admin, admin, { companyName: '别人的客户', ...CONTACT });
    air = await addOrder('airtransport', { packages: 2, grossWeight: 35.5, volume: 0.2 });
    sea = await addOrder('dedicatedline', { packages: 3, grossWeight: 120.5, volume: 1.2, consignee: 'ACME GmbH', deliveryAddress: 'Hafenstraße 1, Hamburg' });
    bag = await addOrder('smallbag', { packages: 1 });
    foreign = await addOrder('dedicatedline', { customerId: foreignCustomerId, packages: 1 }, admin);
  });

  describe('waybills and bills of lading', () => {
    it('offers a draft from the order before anything is saved', async () => {
      const res = await get(`waybill/detail/${air.id}`, op).expect(200);
      expect(res.body.data).toMatchObject({
        id: null,
        ver: null,
        orderId: air.id,
        orderNo: air.orderNo,
        kind: 'waybill',
        waybillNo: null,
        shipper: '单证测试公司',
        from: 'Pudong (PVG)',
        to: 'Los Angeles Intl (LAX)',
        goodsDescription: '服装',
        marks: air.shippingMark,
        freightTerm: 'prepaid',
      });
      const bill = await getData(t, op, api(`bill/detail/${sea.id}`));
      expect(bill).toMatchObject({
        id: null,
        blNo: null,
        portOfLoading: 'Shanghai (CNSHA)',
        portOfDischarge: 'Hamburg (DEHAM)',
        description: '服装',
        numberOfOriginals: 3,
        consignee: 'ACME GmbH\nHafenstraße 1, Hamburg',
      });
      expect(bill).not.toHaveProperty('from');
    });

    it('saves a waybill, keeps the order’s waybill number in step and bumps both vers', async () => {
      const before = await orderRow(air.id);
      const created = (await post('waybill/update', { orderId: air.id, ...WAYBILL, issuedAt: '2026-11-22T02:00:00.000Z' }, op).expect(200)).body.data;
      expect(created).toMatchObject({
        orderId: air.id,
        kind: 'waybill',
        ver: 1,
        waybillNo: '999-12345675',
        from: 'PVG',
        to: 'LAX',
        consignee: 'ACME Inc.\nLos Angeles',
        freightTerm: 'prepaid',
        notifyParty: null,
        issuedAt: '2026-11-22T02:00:00.000Z',
      });
      expect(created.id).toEqual(expect.any(Number));
      const order = await orderRow(air.id);
      expect(order.waybillNo).toBe('999-12345675');
      expect(order.ver).toBe(before.ver + 1);

      const updated = (
        await post('waybill/update', { orderId: air.id, ver: 1, ...WAYBILL, waybillNo: '999-87654321', notifyParty: 'Same as consignee' }, op).expect(200)
      ).body.data;
      expect(updated).toMatchObject({ id: created.id, ver: 2, waybillNo: '999-87654321', notifyParty: 'Same as consignee', issuedAt: null });
      expect((await orderRow(air.id)).waybillNo).toBe('999-87654321');
      expect(await t.prisma.db.orderDocument.count({ where: { orderId: air.id } })).toBe(1);

      for (const ver of [1, undefined]) {
        const stale = await post('waybill/update', { orderId: air.id, ver, ...WAYBILL }, op).expect(409);
        expect(stale.body.message).toBe(STALE);
      }
      // the same number read back through the detail the screens use
      expect(await getData(t, op, api(`waybill/detail/${air.id}`))).toMatchObject({ ver: 2, waybillNo: '999-87654321' });
    });

    it('saves a bill of lading under its own names, 3 originals by default, number kept on the order', async () => {
      const saved = (await post('bill/update', { orderId: sea.id, ...BILL }, op).expect(200)).body.data;
      expect(saved).toMatchObject({
        kind: 'bill',
        ver: 1,
        blNo: 'MEDU1234567',
        portOfLoading: 'Shanghai',
        portOfDischarge: 'Hamburg',
        vesselVoyage: 'MSC ANNA 123E',
        description: 'Garments 3 ctns',
        numberOfOriginals: 3,
        freightTerm: 'collect',
      });
      expect((await orderRow(sea.id)).billOfLadingNo).toBe('MEDU1234567');
      const again = (await post('bill/update', { orderId: sea.id, ver: 1, ...BILL, numberOfOriginals: 1 }, op).expect(200)).body.data;
      expect(again).toMatchObject({ ver: 2, numberOfOriginals: 1 });
      const row = await t.prisma.db.orderDocument.findFirstOrThrow({ where: { orderId: sea.id } });
      expect(row).toMatchObject({ kind: 'bill', placeFrom: 'Shanghai', placeTo: 'Hamburg', goodsDescription: 'Garments 3 ctns' });
    });

    it('refuses the wrong kind of document for the line', async () => {
      expect((await post('waybill/update', { orderId: sea.id, ...WAYBILL }, op).expect(400)).body.message).toBe(
        `订单 ${sea.orderNo} 是海运线路，海运订单使用提单，没有运单`,
      );
      expect((await post('bill/update', { orderId: air.id, ...BILL }, op).expect(400)).body.message).toBe(
        `订单 ${air.orderNo} 是空运订单，空运订单使用运单，没有提单`,
      );
      expect((await get(`waybill/detail/${bag.id}`, op).expect(400)).body.message).toMatch(/海运订单使用提单/);
      expect((await get(`bill/detail/${air.id}`, op).expect(400)).body.message).toMatch(/空运订单使用运单/);
    });

    it('answers field messages for missing or wrong fields', async () => {
      const errors = fieldErrors(
        await post('waybill/update', { orderId: air.id, waybillNo: '运单#1', freightTerm: 'free', issuedAt: 'tomorrow', shipper: ' ' }, op).expect(400),
      );
      expect(errors).toEqual({
        waybillNo: ['请输入运单号（字母、数字、-、/，最多 50 个字符）'],
        shipper: ['请输入发货人（最多 500 个字符）'],
        consignee: ['请输入收货人（最多 500 个字符）'],
        from: ['请输入始发地（最多 200 个字符）'],
        to: ['请输入目的地（最多 200 个字符）'],
        goodsDescription: ['请输入货物描述（最多 2000 个字符）'],
        freightTerm: ['运费条款须为预付（prepaid）或到付（collect）'],
        issuedAt: ['签发时间格式无效（ISO 8601）'],
      });
      const bill = fieldErrors(await post('bill/update', { orderId: sea.id, ...BILL, blNo: '', numberOfOriginals: 11 }, op).expect(400));
      expect(bill).toEqual({ blNo: ['请输入提单号（字母、数字、-、/，最多 50 个字符）'], numberOfOriginals: ['正本份数须为 1 到 10 的整数'] });
      expect(fieldErrors(await get('bill/detail/abc', op).expect(400))).toEqual({ orderId: ['编号无效'] });
    });

    it('guards by permission and scope: reading with order:detail, writing with order:waybill / order:bill; others’ orders are 404', async () => {
      // customer service reads (order:detail) but does not write
      await get(`waybill/detail/${air.id}`, cs).expect(200);
      expect((await post('waybill/update', { orderId: air.id, ...WAYBILL }, cs).expect(403)).body.message).toBe(FORBIDDEN);
      expect((await post('bill/update', { orderId: sea.id, ...BILL }, sales).expect(403)).body.message).toBe(FORBIDDEN);
      // a salesman reads the documents of their own customers' orders only
      await get(`bill/detail/${sea.id}`, sales).expect(200);
      await get(`bill/detail/${foreign.id}`, sales).expect(404);
      await get('bill/detail/999999', op).expect(404);
      await post('bill/update', { orderId: 999999, ...BILL }, op).expect(404);
    });

    it('refuses a voided order', async () => {
      const voided = await addOrder('smallbag');
      await requestAs(t, admin)
        .delete(api(`delete/${voided.id}`))
        .send({ reason: '重复下单' })
        .expect(200);
      expect((await post('bill/update', { orderId: voided.id, ...BILL }, op).expect(400)).body.message).toBe('订单已作废，不能修改');
    });
  });

  describe('document exports', () => {
    it('bill/excel streams one row per order the list filters select, with the saved bill details', async () => {
      const res = await download('bill/excel', { shipType: 'dedicatedline', pageSize: 1 }, op).expect(200);
      expect(res.headers['content-type']).toBe(XLSX);
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`${today()} 提单.xlsx`)}`);
      const [header, ...rows] = sheetValues((await readWorkbook(res.body)).getWorksheet('提单')!);
      expect(header.slice(0, 8)).toEqual(['订单号', '客户', '阶段', '提单号', '发货人', '收货人', '通知方', '装货港']);
      // paging is ignored: both dedicated-line orders, ordered by id
      expect(rows.map((r) => r[0])).toEqual([sea.orderNo, foreign.orderNo]);
      expect(rows[0].slice(0, 9)).toEqual(
        [sea.orderNo, '单证测试公司', '已登记', 'MEDU1234567', '上海服装有限公司', 'ACME GmbH', null, 'Shanghai', 'Hamburg'].map((v) => v ?? undefined),
      );
      // a filter of the list narrows it
      const one = await download('bill/excel', { shipType: 'dedicatedline', orderNo: sea.orderNo }, op).expect(200);
      expect(
        sheetValues((await readWorkbook(one.body)).getWorksheet('提单')!)
          .slice(1)
          .map((r) => r[0]),
      ).toEqual([sea.orderNo]);
    });

    it('bill/excel with ticked orders exports exactly those, still within the list’s filters and the caller’s scope', async () => {
      const orderNos = async (body: object, by: Session = op) =>
        sheetValues((await readWorkbook((await download('bill/excel', { shipType: 'dedicatedline', ...body }, by).expect(200)).body)).getWorksheet('提单')!)
          .slice(1)
          .map((r) => r[0]);
      expect(await orderNos({ ids: [foreign.id] })).toEqual([foreign.orderNo]);
      expect(await orderNos({ ids: [sea.id, foreign.id] })).toEqual([sea.orderNo, foreign.orderNo]);
      // an order of another line or outside the filter is not exported for being ticked
      expect(await orderNos({ ids: [sea.id, air.id], orderNo: sea.orderNo })).toEqual([sea.orderNo]);
      // a salesman's ticked order of another salesman's customer is left out
      const salesman: Principal = {
        userId: sales.userid,
        sessionId: 's',
        account: 'sales01',
        fullName: 'sales',
        isSuperAdmin: false,
        mustChangePassword: false,
        roleCodes: [],
        permissionCodes: ['order:export'],
      };
      const out = new PassThrough();
      const query = {
        shipType: 'dedicatedline',
        view: 'all',
        sortField: 'createdAt',
        sortOrder: 'desc',
        pageIndex: 1,
        pageSize: 20,
        ids: [foreign.id, sea.id],
      };
      out.resume();
      expect(await t.app.get(OrderDocumentsService).writeExcel('bill', query as DocumentExcelDto, salesman, out)).toBe(1);
      expect(fieldErrors({ body: jsonOf(await download('bill/excel', { shipType: 'dedicatedline', ids: [] }, op).expect(400)) })).toEqual({
        ids: ['请选择 1 到 200 个订单'],
      });
    });

    it('waybill/excel is for air orders only and needs order:export', async () => {
      const res = await download('waybill/excel', { shipType: 'airtransport' }, op).expect(200);
      const [header, first] = sheetValues((await readWorkbook(res.body)).getWorksheet('运单')!);
      expect(header.slice(0, 4)).toEqual(['订单号', '客户', '阶段', '运单号']);
      expect(first.slice(0, 4)).toEqual([air.orderNo, '单证测试公司', '已登记', '999-87654321']);
      expect(fieldErrors({ body: jsonOf(await download('waybill/excel', { shipType: 'dedicatedline' }, op).expect(400)) })).toEqual({
        shipType: ['运单只适用于以下线路：空运'],
      });
      expect(jsonOf(await download('waybill/excel', { shipType: 'airtransport' }, sales).expect(403)).message).toBe(FORBIDDEN);
      expect(Object.keys(fieldErrors({ body: jsonOf(await download('waybill/excel', {}, op).expect(400)) }))).toEqual(['shipType']);
    });

    it('reads the orders in keyset batches and keeps to the caller’s scope (the function a benchmark calls)', async () => {
      const template = await orderRow(sea.id);
      const { id: _id, orderNo: _no, createdAt: _c, updatedAt: _u, ...fields } = template;
      const extra = EXPORT_PAGE + 150;
      await t.prisma.db.order.createMany({ data: Array.from({ length: extra }, (_, i) => ({ ...fields, orderNo: `DLBULK${String(i).padStart(6, '0')}` })) });
      const service = t.app.get(OrderDocumentsService);
      const write = async (user: Principal) => {
        const out = new PassThrough();
        const chunks: Buffer[] = [];
        out.on('data', (c: Buffer) => chunks.push(c));
        const count = await service.writeExcel(
          'bill',
          { shipType: 'dedicatedline', view: 'all', sortField: 'createdAt', sortOrder: 'desc', pageIndex: 1, pageSize: 20 },
          user,
          out,
        );
        out.end();
        return { count, rows: sheetValues((await readWorkbook(Buffer.concat(chunks))).getWorksheet('提单')!).slice(1) };
      };
      const everyone: Principal = {
        userId: op.userid,
        sessionId: 's',
        mustChangePassword: false,
        account: 'op01',
        fullName: 'op',
        isSuperAdmin: true,
        roleCodes: [],
        permissionCodes: [],
      };
      const all = await write(everyone);
      expect(all.count).toBe(extra + 2);
      expect(all.rows).toHaveLength(extra + 2);
      expect(new Set(all.rows.map((r) => r[0])).size).toBe(extra + 2);
      // a salesman's export holds their customers' orders only (the foreign order is left out)
      const salesman: Principal = { ...everyone, userId: sales.userid, isSuperAdmin: false, permissionCodes: ['order:export'] };
      const own = await write(salesman);
      expect(own.rows.map((r) => r[0])).not.toContain(foreign.orderNo);
      expect(own.count).toBe(extra + 1);
      await t.prisma.db.order.deleteMany({ where: { orderNo: { startsWith: 'DLBULK' } } });
    });

    it('reads one page of orders at a time from the database, and no further page while the client has not taken what was written', async () => {
      const template = await orderRow(sea.id);
      const { id: _id, orderNo: _no, createdAt: _c, updatedAt: _u, ...fields } = template;
      const extra = EXPORT_PAGE * 4 + 10;
      await t.prisma.db.order.createMany({ data: Array.from({ length: extra }, (_, i) => ({ ...fields, orderNo: `DLPAGE${String(i).padStart(6, '0')}` })) });
      // the real statements on the test database, only watched: the export's page statement joins order_document
      const readRows = jest.spyOn(t.prisma, 'readRows');
      const pageStatements = () =>
        readRows.mock.calls.flatMap(([statement], i) => (statement.sql.includes('order_document') ? [readRows.mock.results[i]] : []));
      try {
        const service = t.app.get(OrderDocumentsService);
        const out = new PassThrough({ highWaterMark: 1 }); // a client that takes nothing yet
        const everyone = {
          userId: op.userid,
          sessionId: 's',
          account: 'op01',
          fullName: 'op',
          isSuperAdmin: true,
          mustChangePassword: false,
          roleCodes: [],
          permissionCodes: [],
        };
        const query = { shipType: 'dedicatedline', view: 'all', sortField: 'createdAt', sortOrder: 'desc', pageIndex: 1, pageSize: 20 } as OrderListDto;
        const written = service.writeExcel('bill', query, everyone, out);
        // wait until the writing stops asking for pages (it waits for the client)
        let asked = -1;
        for (let waited = 0; waited < 10_000 && pageStatements().length !== asked; waited += 300) {
          asked = pageStatements().length;
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        const pages = Math.ceil((extra + 2) / EXPORT_PAGE);
        expect(asked).toBeGreaterThanOrEqual(1);
        expect(asked).toBeLessThan(pages);
        // the client reads: the export goes on to the end, a page of at most EXPORT_PAGE orders per statement
        const chunks: Buffer[] = [];
        out.on('data', (c: Buffer) => chunks.push(c));
        expect(await written).toBe(extra + 2);
        out.end();
        const sizes = (await Promise.all(pageStatements().map((r) => r.value as Promise<unknown[]>))).map((rows) => rows.length);
        expect(sizes).toEqual([...Array.from({ length: pages - 1 }, () => EXPORT_PAGE), (extra + 2) % EXPORT_PAGE]);
        expect(sheetValues((await readWorkbook(Buffer.concat(chunks))).getWorksheet('提单')!).slice(1)).toHaveLength(extra + 2);
      } finally {
        readRows.mockRestore();
        await t.prisma.db.order.deleteMany({ where: { orderNo: { startsWith: 'DLPAGE' } } });
      }
    });

    it('waybill/export lays out the saved waybill for printing; none saved yet is refused', async () => {
      const res = await download('waybill/export', { orderId: air.id }, op).expect(200);
      expect(res.headers['content-disposition']).toContain(encodeURIComponent(`${air.orderNo} 运单.xlsx`));
      const workbook = await readWorkbook(res.body);
      const sheet = workbook.getWorksheet('运单')!;
      const text = sheetText(sheet);
      for (const expected of [
        'AIR WAYBILL  航空运单',
        '999-87654321',
        air.orderNo,
        'Shanghai Apparel Co.',
        'ACME Inc.\nLos Angeles',
        'Same as consignee',
        '运费预付',
      ])
        expect(text).toContain(expected);
      expect(sheet.pageSetup.paperSize).toBe(9);
      const other = await addOrder('airtransport');
      expect(jsonOf(await download('waybill/export', { orderId: other.id }, op).expect(400)).message).toBe(
        `订单 ${other.orderNo} 还没有填写运单，请先保存运单信息`,
      );
      expect(jsonOf(await download('waybill/export', { orderId: air.id }, cs).expect(403)).message).toBe(FORBIDDEN);
    });

    it('bill/export lays out the bill of lading with its originals', async () => {
      const sheet = (await readWorkbook((await download('bill/export', { orderId: sea.id }, op).expect(200)).body)).getWorksheet('提单')!;
      const text = sheetText(sheet);
      for (const expected of ['BILL OF LADING  海运提单', 'MEDU1234567', 'MSC ANNA 123E', '上海服装有限公司', '运费到付', 'Originals 正本份数\n1'])
        expect(text).toContain(expected);
      expect(jsonOf(await download('bill/export', { orderId: air.id }, op).expect(400)).message).toMatch(/空运订单使用运单/);
    });

    it('warehouse/word writes the warehouse receipt of an order in the warehouse as a Word document', async () => {
      expect(jsonOf(await download('warehouse/word', { orderId: air.id }, op).expect(400)).message).toBe(`订单 ${air.orderNo} 还没有入仓记录`);
      await post('upgrade/warehouse', { ids: [air.id] }, op).expect(200);
      const res = await download('warehouse/word', { orderId: air.id }, cs).expect(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      expect(res.headers['content-disposition']).toContain(encodeURIComponent(`${air.orderNo} 入仓单.docx`));
      const xml = await (await JSZip.loadAsync(res.body)).file('word/document.xml')!.async('string');
      for (const expected of [
        '货代业务管理系统',
        '入仓单 WAREHOUSE RECEIPT',
        air.orderNo,
        '单证测试公司',
        air.shippingMark as string,
        '35.5',
        '0.2',
        '仓库经手人',
      ])
        expect(xml).toContain(expected);
      expect(xml).toMatch(/>WR\d{10}</);
      // scope: another salesman's order is not there
      expect(jsonOf(await download('warehouse/word', { orderId: foreign.id }, sales).expect(404)).success).toBe(false);
      expect(fieldErrors({ body: jsonOf(await download('warehouse/word', {}, op).expect(400)) })).toEqual({ orderId: ['编号无效'] });
    });
  });

  describe('one receipt model: the Word receipt and /log/goods', () => {
    const receiptText = async (orderId: number) => {
      const res = await download('warehouse/word', { orderId }, cs).expect(200);
      const xml = await (await JSZip.loadAsync(res.body)).file('word/document.xml')!.async('string');
      // each table cell is one run: its text between tags
      return [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map(([, text]) => text);
    };
    const goodsLog = async (orderNo: string) => (await requestAs(t, op).post('/api/v1/log/goods/list').send({ text: orderNo }).expect(200)).body.data.items;

    it('prints the newest cargo registration after a re-registration with changed figures, as /log/goods lists it', async () => {
      const order = await addOrder('dedicatedline');
      expect(jsonOf(await download('warehouse/word', { orderId: order.id }, op).expect(400)).message).toBe(`订单 ${order.orderNo} 还没有入仓记录`);
      const first = (await post('register', { orderId: order.id, packages: 2, grossWeight: 26, volume: 0.1, location: 'A-01' }, op).expect(200)).body.data
        .receipt;
      let cells = await receiptText(order.id);
      for (const expected of [first.receiptNo, '2', '26', '0.1', 'A-01', '李文静']) expect(cells).toContain(expected);

      const second = (
        await post('register', { orderId: order.id, packages: 5, grossWeight: 80.5, volume: 0.6, location: 'B-07', remark: '第二批到货' }, admin).expect(200)
      ).body.data.receipt;
      expect(second.receiptNo).not.toBe(first.receiptNo);
      cells = await receiptText(order.id);
      expect(cells).not.toContain(first.receiptNo);
      // number, packages, gross, volume, chargeable (sea 1:5000: 0.6 cbm → 120 kg), location, receiver, the order's totals
      for (const expected of [second.receiptNo, '5', '80.5', '0.6', '120', 'B-07', '系统管理员', '7 / 106.5 kg / 0.7 cbm']) expect(cells).toContain(expected);
      expect(cells.join('\n')).toContain('第二批到货');
      expect(cells).not.toContain('26');

      const logged = await goodsLog(order.orderNo);
      expect(logged.map((r: { receiptNo: string }) => r.receiptNo)).toEqual([second.receiptNo, first.receiptNo]);
      expect(logged[0]).toMatchObject({
        kind: 'register',
        receiptNo: second.receiptNo,
        packages: 5,
        grossWeight: 80.5,
        volume: 0.6,
        chargeableWeight: 120,
        location: 'B-07',
        receivedByName: '系统管理员',
        remark: '第二批到货',
      });

      // the move to the warehouse writes the newest receipt, numbered from the same sequence, with the order's figures
      await post('upgrade/warehouse', { ids: [order.id] }, op).expect(200);
      const [moved] = await goodsLog(order.orderNo);
      expect(moved).toMatchObject({
        kind: 'stage',
        receiptNo: expect.stringMatching(/^WR\d{10}$/),
        packages: 7,
        grossWeight: 106.5,
        volume: 0.7,
        chargeableWeight: 140,
        receivedByName: '李文静',
      });
      expect([first.receiptNo, second.receiptNo]).not.toContain(moved.receiptNo);
      cells = await receiptText(order.id);
      for (const expected of [moved.receiptNo, '7', '106.5', '0.7', '140']) expect(cells).toContain(expected);
    });
  });

  describe('labels', () => {
    it('exports one tab-separated line per package with a header and a BOM, named "{date} 标签导出.txt"', async () => {
      const res = await download('label/export', { orderNos: [` ${sea.orderNo.toLowerCase()} `, '', bag.orderNo, sea.orderNo] }, sales).expect(200);
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`${today()} 标签导出.txt`)}`);
      expect(res.headers['content-type']).toMatch(/^text\/plain; charset=utf-8/);
      // without PUBLIC_BASE_URL no tracking link: the QR code holds the package number, and the answer says so
      expect(res.headers['x-label-notice']).toBe('no-tracking-link');
      const lines = [
        '\uFEFF订单号\t件号\t唛头\t目的港代码\t目的港\t条码内容\t收货人\t品名\t跟踪链接\t二维码内容',
        `${sea.orderNo}\t1/3\t${sea.shippingMark}\tDEHAM\t汉堡\t${sea.orderNo}-1\tACME GmbH\t服装\t\t${sea.orderNo}-1`,
        `${sea.orderNo}\t2/3\t${sea.shippingMark}\tDEHAM\t汉堡\t${sea.orderNo}-2\tACME GmbH\t服装\t\t${sea.orderNo}-2`,
        `${sea.orderNo}\t3/3\t${sea.shippingMark}\tDEHAM\t汉堡\t${sea.orderNo}-3\tACME GmbH\t服装\t\t${sea.orderNo}-3`,
        `${bag.orderNo}\t1/1\t${bag.shippingMark}\tUSLAX\t洛杉矶\t${bag.orderNo}-1\t\t服装\t\t${bag.orderNo}-1`,
      ];
      expect(res.body.toString('utf8')).toBe(`${lines.join('\r\n')}\r\n`);
      // by id (a list's selection)
      const byId = await download('label/export', { orderIds: [bag.id] }, sales).expect(200);
      expect(byId.body.toString('utf8').split('\r\n')[1]).toBe(
        `${bag.orderNo}\t1/1\t${bag.shippingMark}\tUSLAX\t洛杉矶\t${bag.orderNo}-1\t\t服装\t\t${bag.orderNo}-1`,
      );
    });

    it('asks for order numbers, prints the known ones and names the unknown (others’ orders included), refuses orders without packages', async () => {
      for (const body of [{ orderNos: ['', '  '] }, {}])
        expect(fieldErrors({ body: jsonOf(await download('label/export', body, sales).expect(400)) })).toEqual({ orderNos: ['请先输入需打印的单号'] });
      // the known ones printed, the others named in a header
      const some = await download('label/export', { orderNos: [sea.orderNo, 'NOPE1', foreign.orderNo] }, sales).expect(200);
      expect(decodeURIComponent(some.headers['x-label-unknown'])).toBe(`NOPE1,${foreign.orderNo}`);
      expect(some.body.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(1 + 3);
      const pdf = await download('label/pdf', { orderNos: ['无此单号', sea.orderNo], template: 'barCode' }, sales).expect(200);
      expect(decodeURIComponent(pdf.headers['x-label-unknown'])).toBe('无此单号');
      expect((await PDFDocument.load(pdf.body)).getPageCount()).toBe(3);
      expect((await download('label/export', { orderNos: [sea.orderNo] }, sales).expect(200)).headers['x-label-unknown']).toBeUndefined();
      // none known: refused
      const unknown = await download('label/export', { orderNos: ['NOPE1', foreign.orderNo] }, sales).expect(400);
      expect(fieldErrors({ body: jsonOf(unknown) })).toEqual({ orderNos: [`以下单号不存在：NOPE1, ${foreign.orderNo}`] });
      const empty = await addOrder('smallbag');
      expect(fieldErrors({ body: jsonOf(await download('label/export', { orderNos: [empty.orderNo] }, sales).expect(400)) })).toEqual({
        orderNos: [`以下订单还没有填写件数：${empty.orderNo}`],
      });
      expect(jsonOf(await download('label/export', { orderNos: [sea.orderNo] }, cs).expect(403)).message).toBe(FORBIDDEN);
    });

    it.each(['qrCode', 'barCode'])('draws a 100 × 100 mm PDF page per package with a %s, Chinese marks included', async (template) => {
      await t.prisma.db.order.update({ where: { id: bag.id }, data: { shippingMark: '张晓明-唛头' } });
      const res = await download('label/pdf', { orderNos: [sea.orderNo, bag.orderNo], template }, sales).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(encodeURIComponent(`${today()} 标签.pdf`));
      const pdf = await PDFDocument.load(res.body);
      expect(pdf.getPageCount()).toBe(4);
      for (const page of pdf.getPages()) {
        expect(page.getWidth()).toBeCloseTo(283.46, 2);
        expect(page.getHeight()).toBeCloseTo(283.46, 2);
      }
      expect(LABEL_SIZE_PT).toBeCloseTo(283.46, 2);
      expect(fieldErrors({ body: jsonOf(await download('label/pdf', { orderNos: [bag.orderNo], template: 'dataMatrix' }, sales).expect(400)) })).toEqual({
        template: ['标签模板须为 qrCode（二维码）或 barCode（条形码）'],
      });
    });

    it('prints the Chinese consignee and goods of an order in an embedded CJK font, as searchable text', async () => {
      const chinese = await addOrder('smallbag', { packages: 2, consignee: '王小明（深圳南山）', goodsName: '蓝牙耳机和手机壳' });
      const res = await download('label/pdf', { orderNos: [chinese.orderNo], template: 'qrCode' }, sales).expect(200);
      const { fonts, pages } = await readPdf(res.body);
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) expect(font).toMatchObject({ baseFont: expect.stringContaining('NotoSansHans'), embedded: true, toUnicode: true });
      expect(pages).toEqual(
        [1, 2].map((n) => [
          chinese.orderNo,
          `${n} / 2`,
          chinese.shippingMark,
          '收货人 王小明（深圳南山）',
          '品名 蓝牙耳机和手机壳',
          '目的港 USLAX 洛杉矶 Los Angeles',
        ]),
      );
      // the font is cut down to the characters used (the whole one is over 8 MB)
      expect(res.body.length).toBeLessThan(80_000);
    });

    it('serves the label designer templates an administrator uploaded', async () => {
      // a fresh install: the built-in layout, the fields named where they print
      const builtIn = await download('label/template/export/qrCode', {}, sales).expect(200);
      expect(builtIn.headers).toMatchObject({ 'content-type': 'application/pdf', 'x-label-template': 'built-in' });
      expect(builtIn.headers['content-disposition']).toContain(encodeURIComponent(`${today()} qrCode.pdf`));
      expect((await readPdf(builtIn.body)).pages[0]).toEqual([
        'DL0000000000',
        '1 / 1',
        '{唛头 shipping mark}',
        '收货人 {收货人 consignee}',
        '品名 {品名 goods}',
        '目的港 {目的港代码} {目的港} {destination}',
      ]);
      const btw = Buffer.from([0x42, 0x54, 0x57, 0x00, 0xff, 0x10, 0x20]);
      expect((await requestAs(t, op).post(api('label/template/upload/qrCode')).attach('file', btw, 'label.btw').expect(403)).body.message).toBe(FORBIDDEN);
      expect(fieldErrors(await requestAs(t, admin).post(api('label/template/upload/qrCode')).attach('file', btw, 'label.txt').expect(400))).toEqual({
        file: ['请上传 .btw 格式的标签模板文件'],
      });
      expect(fieldErrors(await requestAs(t, admin).post(api('label/template/upload/qrCode')).expect(400))).toEqual({ file: ['请选择要上传的文件'] });
      const uploaded = await requestAs(t, admin).post(api('label/template/upload/qrCode')).attach('file', btw, '二维码标签.btw').expect(200);
      expect(uploaded.body).toMatchObject({ message: '标签模板已上传', data: { name: 'qrCode', uploaded: true, fileName: '二维码标签.btw', size: 7, ver: 1 } });
      const file = await download('label/template/export/qrCode', {}, sales).expect(200);
      expect(Buffer.compare(file.body, btw)).toBe(0);
      expect(file.headers['content-disposition']).toContain(encodeURIComponent(`${today()} qrCode.btw`));
      const list = (await post('label/template/list', {}, sales).expect(200)).body.data;
      expect(list).toEqual([
        expect.objectContaining({ name: 'qrCode', uploaded: true }),
        expect.objectContaining({ name: 'barCode', uploaded: false, fileName: null }),
      ]);
      expect(fieldErrors({ body: jsonOf(await download('label/template/export/pdf417', {}, sales).expect(400)) })).toEqual({
        name: ['标签模板须为 qrCode（二维码）或 barCode（条形码）'],
      });
    });

    it('takes as a template only binary content, never a page, script, SVG or XML, and hands it out only as a download', async () => {
      const upload = (content: Buffer, name = 'label.btw') => requestAs(t, admin).post(api('label/template/upload/barCode')).attach('file', content, name);
      const markup = '文件中含有网页或脚本内容，不能上传';
      const notBtw = '请上传 .btw 格式的标签模板文件';
      const refused = [
        ...DANGEROUS.map(({ kind, content }) => ({ kind, content, message: /^(a script|plain text)$/.test(kind) ? notBtw : markup })),
        { kind: 'an HTML page in UTF-16', content: Buffer.from('\ufeff<html><script>alert(1)</script></html>', 'utf16le'), message: markup },
        { kind: 'an XML document after blanks', content: Buffer.from('\r\n  <?xml version="1.0"?><x/>'), message: markup },
        { kind: 'an empty file', content: Buffer.alloc(0), message: notBtw },
      ];
      for (const { kind, content, message } of refused) {
        const res = await upload(content);
        expect({ kind, status: res.status, errors: fieldErrors(res) }).toEqual({ kind, status: 400, errors: { file: [message] } });
      }
      expect(await t.prisma.db.labelTemplate.count({ where: { name: 'barCode' } })).toBe(0);
      await upload(BTW).expect(200);
      const file = await download('label/template/export/barCode', {}, sales).expect(200);
      expect(file.headers).toMatchObject({ 'content-type': 'application/octet-stream', 'x-content-type-options': 'nosniff' });
      expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    });

    it('keeps the name of a template as the browser sent it (UTF-8, RFC 5987), without control characters, within its column', async () => {
      const form = (disposition: string) =>
        requestAs(t, admin)
          .post(api('label/template/upload/barCode'))
          .set('Content-Type', 'multipart/form-data; boundary=B')
          .send(Buffer.concat([Buffer.from(`--B\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\n\r\n`), BTW, Buffer.from('\r\n--B--\r\n')]));
      const named = async (disposition: string) => ((await form(disposition).expect(200)).body.data as { fileName: string }).fileName;
      expect(await named(`filename*=UTF-8''%E6%9D%A1%E5%BD%A2%E7%A0%81%00%0D%E6%A0%87%E7%AD%BE.btw`)).toBe('条形码标签.btw');
      // raw UTF-8 bytes in a plain filename, as browsers send it
      expect(await named('filename="条形码 标签.btw"')).toBe('条形码 标签.btw');
      const long = await named(`filename*=UTF-8''${encodeURIComponent(`${'长'.repeat(300)}.btw`)}`);
      expect(long).toHaveLength(255);
      expect(long.endsWith('长.btw')).toBe(true);
    });
  });

  describe('shipping information import (scInformation)', () => {
    const importFile = (file: Buffer, line = 'dedicatedline', by: Session = op, name = 'sc.xlsx') =>
      requestAs(t, by)
        .post(api(`scInformation/import/${line}`))
        .attach('file', file, name);

    it('gives a template with the columns and an instructions sheet', async () => {
      const res = await download('scInformation/template', {}, op).expect(200);
      expect(res.headers['content-type']).toBe(XLSX);
      const workbook = await readWorkbook(res.body);
      expect(sheetValues(workbook.getWorksheet('船务信息')!)[0]).toEqual([
        '订单号',
        '柜号',
        '封条号',
        '船名航次/航班号',
        'ETD',
        'ETA',
        '提单号',
        '运单号',
        '报关单号',
      ]);
      const notes = sheetValues(workbook.getWorksheet('说明')!);
      expect(notes[0]).toEqual(['列名', '适用线路', '说明', '示例']);
      expect(notes.find((r) => r[0] === '柜号')?.[1]).toBe('小包专线、专线');
      expect(jsonOf(await download('scInformation/template', {}, sales).expect(403)).message).toBe(FORBIDDEN);
    });

    it('checks every row and, when any is wrong, writes nothing and says so with the reasons of each wrong row', async () => {
      const target = await addOrder('dedicatedline');
      const voided = await addOrder('dedicatedline');
      await requestAs(t, admin)
        .delete(api(`delete/${voided.id}`))
        .send({})
        .expect(200);
      const before = await orderRow(target.id);
      const file = await xlsxOf([
        [target.orderNo, 'MSCU1234566', 'SL01', 'MSC ANNA 123E', '2026-12-01 08:00', '2026-12-20', 'MEDU7654321', null, 'CD001'],
        ['DL0000000000', 'MSCU1234566'],
        [sea.orderNo, 'MSCU1234567'],
        [voided.orderNo, null, 'SL02'],
        [air.orderNo, null, 'SL03'],
        [bag.orderNo, null, null, null, '2026-12-20', '2026-12-01'],
        [foreign.orderNo, null, null, null, null, null, null, 'AWB1'],
        [sea.orderNo.toLowerCase(), null, 'SL04'],
        [null, 'MSCU1234566'],
        [foreign.orderNo.slice(0, 4)],
      ]);
      const res = await importFile(file).expect(200);
      expect(res.body.message).toBe('未导入任何行：9 行有误（第 3, 4, 5, 6, 7, 8, 9, 10, 11 行），文件中的 10 行都没有写入；请改正后重新导入整个文件');
      expect(res.body.data).toEqual({
        applied: false,
        rows: 10,
        written: 0,
        rejected: [
          { row: 3, orderNo: 'DL0000000000', reasons: ['订单 DL0000000000 不存在、不属于该线路或不是您的订单'] },
          {
            row: 4,
            orderNo: sea.orderNo,
            reasons: ['柜号 MSCU1234567：集装箱号校验位错误：计算得到的校验位为 6', `订单 ${sea.orderNo} 在第 9 行重复出现`],
          },
          { row: 5, orderNo: voided.orderNo, reasons: [`订单 ${voided.orderNo} 已作废`] },
          { row: 6, orderNo: air.orderNo, reasons: [`订单 ${air.orderNo} 不存在、不属于该线路或不是您的订单`] },
          { row: 7, orderNo: bag.orderNo, reasons: [`订单 ${bag.orderNo} 不存在、不属于该线路或不是您的订单`] },
          { row: 8, orderNo: foreign.orderNo, reasons: ['运单号只适用于空运线路'] },
          { row: 9, orderNo: sea.orderNo, reasons: [`订单 ${sea.orderNo} 在第 4 行重复出现`] },
          { row: 10, orderNo: '', reasons: ['请填写订单号'] },
          {
            row: 11,
            orderNo: foreign.orderNo.slice(0, 4),
            reasons: ['该行除订单号外没有填写任何内容', `订单 ${foreign.orderNo.slice(0, 4)} 不存在、不属于该线路或不是您的订单`],
          },
        ],
      });
      const after = await orderRow(target.id);
      expect(after).toMatchObject({ ver: before.ver, containerNo: null, sealNo: null, vesselVoyage: null, etd: null });
    });

    it('checks ETD against ETA (the stored one too) and the date formats', async () => {
      const target = await addOrder('dedicatedline');
      await t.prisma.db.order.update({ where: { id: target.id }, data: { eta: new Date('2026-12-10T00:00:00+08:00') } });
      const res = await importFile(
        await xlsxOf([
          [target.orderNo, null, null, null, '2026-12-20 08:00'],
          [sea.orderNo, null, null, null, '2026-02-30'],
        ]),
      ).expect(200);
      expect(res.body.data.rejected).toEqual([
        { row: 2, orderNo: target.orderNo, reasons: ['ETD（2026-12-20 08:00）不能晚于 ETA（2026-12-10 00:00）'] },
        { row: 3, orderNo: sea.orderNo, reasons: ['ETD不是有效的日期（日期单元格或 YYYY-MM-DD [HH:mm]）'] },
      ]);
    });

    it('writes every row in one go: fields set, ver bumped, a work record and a timeline event per order', async () => {
      const target = await addOrder('dedicatedline');
      const before = await orderRow(target.id);
      const etdCell = new Date(Date.UTC(2026, 11, 1, 8, 0)); // a date cell holds the wall clock (Beijing time)
      const res = await importFile(
        await xlsxOf([
          [target.orderNo, 'mscu 123456-6', 'SL01', 'MSC ANNA 123E', etdCell, '2026-12-20', 'MEDU7654321', null, 'CD001'],
          [sea.orderNo, null, 'SL99'],
        ]),
      ).expect(200);
      expect(res.body).toMatchObject({ message: '导入成功：已更新 2 个订单', data: { applied: true, rows: 2, written: 2, rejected: [] } });
      const after = await orderRow(target.id);
      expect(after).toMatchObject({
        ver: before.ver + 1,
        containerNo: 'MSCU1234566',
        sealNo: 'SL01',
        vesselVoyage: 'MSC ANNA 123E',
        billOfLadingNo: 'MEDU7654321',
        customsDeclarationNo: 'CD001',
      });
      expect(after.etd?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
      expect(after.eta?.toISOString()).toBe('2026-12-19T16:00:00.000Z');
      expect((await orderRow(sea.id)).sealNo).toBe('SL99');
      const track = await t.prisma.db.orderTrack.findFirstOrThrow({ where: { orderId: target.id, kind: 'import' } });
      expect(track.content).toBe(
        '导入船务信息：柜号 MSCU1234566，封条号 SL01，船名航次 MSC ANNA 123E，提单号 MEDU7654321，报关单号 CD001，ETD 2026-12-01 08:00，ETA 2026-12-20 00:00',
      );
      expect(await t.prisma.db.orderWorkRecord.count({ where: { orderId: target.id, action: 'import' } })).toBe(1);
      // the bill of lading shows the imported number: it lives on the order
      expect((await getData(t, op, api(`bill/detail/${target.id}`))).blNo).toBe('MEDU7654321');
    });

    it('takes flights and waybills on the air line', async () => {
      const target = await addOrder('airtransport');
      const res = await importFile(
        await xlsxOf([[target.orderNo, null, null, 'ca 987', '2026-12-01', '2026-12-02', null, '999-11112222']]),
        'airtransport',
      ).expect(200);
      expect(res.body.data.applied).toBe(true);
      expect(await orderRow(target.id)).toMatchObject({ flightNo: 'CA987', waybillNo: '999-11112222' });
      const wrong = await importFile(await xlsxOf([[target.orderNo, 'MSCU1234566', null, 'FLIGHT 1']]), 'airtransport').expect(200);
      expect(wrong.body.data.rejected[0].reasons).toEqual(['柜号只适用于海运线路', '航班号 FLIGHT 1 格式错误，如 CA987']);
    });

    it('refuses files that are not the template, the wrong line and callers without order:import', async () => {
      expect(fieldErrors(await importFile(Buffer.from('hello'), 'dedicatedline', op, 'sc.txt').expect(400))).toEqual({
        file: ['文件不是有效的 xlsx 工作簿，请使用导入模板'],
      });
      expect(fieldErrors(await importFile(Buffer.from('hello')).expect(400))).toEqual({ file: ['文件不是有效的 xlsx 工作簿，请使用导入模板'] });
      expect(fieldErrors(await importFile(await xlsxOf([['x']], ['订单号', '柜号'])).expect(400)).file[0]).toMatch(/^缺少列：封条号/);
      expect(fieldErrors(await importFile(await xlsxOf([])).expect(400))).toEqual({ file: ['文件中没有数据行'] });
      expect(fieldErrors(await importFile(await xlsxOf([]), 'boat').expect(400))).toEqual({ x: ['线路必须是 smallbag、dedicatedline 或 airtransport'] });
      expect((await importFile(await xlsxOf([]), 'dedicatedline', sales).expect(403)).body.message).toBe(FORBIDDEN);
    });
  });
});
