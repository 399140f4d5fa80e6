import { GrantsService } from '../src/auth/grants.service.js';
import { DEMO, fieldErrors, refusal, requestAs, useTestApp } from './app.js';
import { addPorts, type PortRow } from './order-fixtures.js';
import { readWorkbook, sheetValues, workbookFile } from './xlsx.js';

interface PriceRow {
  id: number;
  kind: string;
  channel: string;
  ver: number;
  breaks: { minQuantity: number; unitPrice: number }[];
}

const IMPORT_HEADERS = ['类型', '起运港代码', '目的港代码', '渠道', '计费单位', '币种', '最低收费', '生效日期', '失效日期', '起始数量', '单价', '备注'];
const EXPORT_HEADERS = [
  '价格编号',
  '类型',
  '起运港代码',
  '起运港',
  '目的港代码',
  '目的港',
  '渠道',
  '计费单位',
  '币种',
  '最低收费',
  '生效日期',
  '失效日期',
  '起始数量',
  '单价',
  '备注',
];

async function xlsxOf(rows: unknown[][], headers = IMPORT_HEADERS): Promise<Buffer> {
  return workbookFile('价格', [headers, ...rows]);
}

describe('prices (/api/v1/price)', () => {
  const { t, admin, salesman, finance, operator } = useTestApp({ admin: DEMO.admin, salesman: DEMO.salesman, finance: DEMO.finance, operator: DEMO.operator });
  const port: Record<string, number> = {};

  const addPrice = (body: object, as = admin) => requestAs(t, as).put('/api/v1/price/add').send(body);
  const list = (body: object, as = admin) =>
    requestAs(t, as)
      .post('/api/v1/price/list')
      .send({ shipType: 'smallbag', pageSize: 200, ...body });
  const quote = (body: object, as = salesman) =>
    requestAs(t, as)
      .post('/api/v1/price/quote')
      .send({ shipType: 'smallbag', originPortId: port.CNSZX, destinationPortId: port.USLAX, unit: 'kg', ...body });
  const priceCount = () => t.prisma.db.price.count();

  /** The first half of 2026 on Shenzhen to Los Angeles: 12 a kg from 0, 10 from 100, 8.5 from 500, at least 300. */
  const firstHalf = () => ({
    shipType: 'smallbag',
    kind: 'quotation',
    originPortId: port.CNSZX,
    destinationPortId: port.USLAX,
    channel: '美森正班',
    unit: 'kg',
    currency: 'USD',
    minCharge: 300,
    validFrom: '2026-01-01',
    validTo: '2026-06-30',
    remark: '含燃油附加费',
    breaks: [
      { minQuantity: 0, unitPrice: 12 },
      { minQuantity: 100, unitPrice: 10 },
      { minQuantity: 500, unitPrice: 8.5 },
    ],
  });
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const ports: PortRow[] = [
      ['smallbag', 'start', 'CNSZX', '深圳', 'Shenzhen', '中国'],
      ['smallbag', 'start', 'CNNGB', '宁波', 'Ningbo', '中国'],
      ['smallbag', 'start', 'CNXMN', '厦门', 'Xiamen', '中国'],
      ['smallbag', 'end', 'USLAX', '洛杉矶', 'Los Angeles', '美国'],
      ['smallbag', 'end', 'USNYC', '纽约', 'New York', '美国'],
      ['airtransport', 'start', 'PVG', '上海浦东', 'Shanghai Pudong', '中国'],
    ];
    Object.assign(port, await addPorts(t, admin, ports));
  });

  describe('adding', () => {
    it('adds a quotation with its breaks and answers it with the ports it names', async () => {
      const res = await addPrice(firstHalf()).expect(200);
      expect(res.body.data).toMatchObject({
        ...firstHalf(),
        id: expect.any(Number),
        originPort: { id: port.CNSZX, code: 'CNSZX', nameZh: '深圳', nameEn: 'Shenzhen' },
        destinationPort: { id: port.USLAX, code: 'USLAX', nameZh: '洛杉矶', nameEn: 'Los Angeles' },
        createdBy: admin.userid,
        ver: 1,
      });
      ids.firstHalf = res.body.data.id;
    });

    it('adds the cost of the same route and period, and the next period', async () => {
      const cost = await addPrice({ ...firstHalf(), kind: 'cost', minCharge: 0, remark: '', breaks: [{ minQuantity: 0, unitPrice: 7 }] }).expect(200);
      expect(cost.body.data).toMatchObject({ kind: 'cost', minCharge: 0, remark: null });
      ids.cost = cost.body.data.id;
      const second = await addPrice({
        ...firstHalf(),
        minCharge: 200,
        validFrom: '2026-07-01',
        validTo: '2026-12-31',
        breaks: [
          { minQuantity: 0, unitPrice: 15 },
          { minQuantity: 100, unitPrice: 13 },
        ],
      }).expect(200);
      ids.secondHalf = second.body.data.id;
      const otherChannel = await addPrice({ ...firstHalf(), channel: '以星快船' }).expect(200);
      ids.otherChannel = otherChannel.body.data.id;
    });

    it('refuses a validity overlapping another price of the route, channel and unit, naming it', async () => {
      const before = await priceCount();
      const res = await addPrice({ ...firstHalf(), validFrom: '2026-06-30', validTo: '2026-09-30' }).expect(400);
      expect(res.body.message).toBe(`有效期与价格 #${ids.firstHalf}（美森正班，kg，2026-01-01 至 2026-06-30）重叠`);
      const en = await addPrice({ ...firstHalf(), validFrom: '2026-12-31', validTo: '2027-03-31' })
        .set('Accept-Language', 'en')
        .expect(400);
      expect(en.body.message).toBe(`The validity overlaps price #${ids.secondHalf} (美森正班, kg, 2026-07-01 to 2026-12-31)`);
      expect(await priceCount()).toBe(before);
    });

    it('lets only one of two overlapping prices saved at the same moment through', async () => {
      const body = { ...firstHalf(), channel: '同时保存', validFrom: '2029-01-01', validTo: '2029-12-31' };
      const results = await Promise.all([addPrice(body), addPrice(body), addPrice({ ...body, validFrom: '2029-12-31' })]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
      const saved = results.find((r) => r.status === 200)!;
      await requestAs(t, admin).delete(`/api/v1/price/delete/${saved.body.data.id}`).expect(200);
    });

    it('refuses a form with missing fields, each with its message', async () => {
      const res = await addPrice({}).expect(400);
      expect(fieldErrors(res)).toEqual({
        shipType: ['线路必须是 smallbag、dedicatedline 或 airtransport'],
        kind: ['价格类型必须是报价（quotation）或成本（cost）'],
        originPortId: ['请选择起运港'],
        destinationPortId: ['请选择目的港'],
        channel: ['请输入渠道'],
        unit: ['计费单位必须是 kg 或 cbm'],
        currency: ['请选择币种'],
        validFrom: ['日期格式须为 YYYY-MM-DD'],
        validTo: ['日期格式须为 YYYY-MM-DD'],
        breaks: ['请填写 1 到 50 个计费区间'],
      });
    });

    it('refuses wrong amounts, days and breaks', async () => {
      const amounts = await addPrice({ ...firstHalf(), minCharge: 1.234, validTo: '2026-02-30', breaks: [{ minQuantity: -1, unitPrice: 1.23456 }] }).expect(
        400,
      );
      expect(fieldErrors(amounts)).toEqual({
        minCharge: ['最低收费须为不小于 0 的金额，最多 2 位小数'],
        validTo: ['日期格式须为 YYYY-MM-DD'],
        'breaks.0.minQuantity': ['起始数量须为不小于 0 的数，最多 3 位小数'],
        'breaks.0.unitPrice': ['单价须为不小于 0 的数，最多 4 位小数'],
      });
      const reversed = await addPrice({ ...firstHalf(), validFrom: '2027-02-01', validTo: '2027-01-31' }).expect(400);
      expect(fieldErrors(reversed)).toEqual({ validTo: ['失效日期不能早于生效日期'] });
      const notFromZero = await addPrice({ ...firstHalf(), breaks: [{ minQuantity: 10, unitPrice: 1 }] }).expect(400);
      expect(fieldErrors(notFromZero)).toEqual({ breaks: ['第一个计费区间的起始数量必须为 0'] });
      const notIncreasing = await addPrice({
        ...firstHalf(),
        breaks: [
          { minQuantity: 0, unitPrice: 3 },
          { minQuantity: 100, unitPrice: 2 },
          { minQuantity: 100, unitPrice: 1 },
        ],
      }).expect(400);
      expect(fieldErrors(notIncreasing)).toEqual({ breaks: ['计费区间的起始数量必须依次递增，不能重复'] });
      const none = await addPrice({ ...firstHalf(), breaks: [] })
        .set('Accept-Language', 'en')
        .expect(400);
      expect(fieldErrors(none)).toEqual({ breaks: ['Enter 1 to 50 price breaks'] });
    });

    it('wants an enabled origin port and destination port of the line, and a currency of the dictionary', async () => {
      const swapped = await addPrice({ ...firstHalf(), originPortId: port.USLAX, destinationPortId: port.CNSZX, currency: 'JPY' }).expect(400);
      expect(fieldErrors(swapped)).toEqual({
        originPortId: ['起运港不存在、已停用或不是该线路的起运港'],
        destinationPortId: ['目的港不存在、已停用或不是该线路的目的港'],
        currency: ['币种必须是字典“币种”中启用的值：CNY, USD, EUR, HKD'],
      });
      const otherLine = await addPrice({ ...firstHalf(), originPortId: port.PVG, destinationPortId: 999999 }).expect(400);
      expect(Object.keys(fieldErrors(otherLine))).toEqual(['originPortId', 'destinationPortId']);
    });

    it('keeps a port disabled after the price was saved, but offers it to no new price', async () => {
      const res = await addPrice({ ...firstHalf(), originPortId: port.CNXMN, channel: '普船' }).expect(200);
      const xiamen = await t.prisma.db.port.findUniqueOrThrow({ where: { id: port.CNXMN } });
      await requestAs(t, admin)
        .post('/api/v1/port/update')
        .send({
          id: xiamen.id,
          ver: xiamen.ver,
          shipType: 'smallbag',
          kind: 'start',
          code: 'CNXMN',
          nameZh: '厦门',
          nameEn: 'Xiamen',
          country: '中国',
          enabled: false,
        })
        .expect(200);
      await requestAs(t, admin)
        .post('/api/v1/price/update')
        .send({ ...firstHalf(), originPortId: port.CNXMN, channel: '普船', remark: '改了备注', id: res.body.data.id, ver: 1 })
        .expect(200);
      const fresh = await addPrice({ ...firstHalf(), originPortId: port.CNXMN, channel: '普船', validFrom: '2027-01-01', validTo: '2027-12-31' }).expect(400);
      expect(fieldErrors(fresh)).toEqual({ originPortId: ['起运港不存在、已停用或不是该线路的起运港'] });
      await requestAs(t, admin).delete(`/api/v1/price/delete/${res.body.data.id}`).expect(200);
    });
  });

  describe('listing and details', () => {
    it('lists quotations and costs to a holder of price:cost, with ports and breaks', async () => {
      const res = await list({}, finance).expect(200);
      const rows = res.body.data.items as PriceRow[];
      expect(rows.map((r) => r.id).sort()).toEqual([ids.firstHalf, ids.cost, ids.secondHalf, ids.otherChannel].sort());
      const first = rows.find((r) => r.id === ids.firstHalf)!;
      expect(first).toMatchObject({ originPort: { code: 'CNSZX' }, destinationPort: { code: 'USLAX' }, breaks: firstHalf().breaks });
    });

    it('hides cost rows from a user holding price:list only, and refuses to show them when asked', async () => {
      const res = await list({}, salesman).expect(200);
      const rows = res.body.data.items as PriceRow[];
      expect(rows.map((r) => r.kind)).toEqual(['quotation', 'quotation', 'quotation']);
      expect(rows.map((r) => r.id)).not.toContain(ids.cost);
      const costs = await list({ kind: 'cost' }, salesman).expect(403);
      expect(costs.body.message).toBe('没有权限执行此操作');
      await requestAs(t, salesman).get(`/api/v1/price/detail/${ids.cost}`).expect(403);
      const shown = await requestAs(t, salesman).get(`/api/v1/price/detail/${ids.firstHalf}`).expect(200);
      expect(shown.body.data).toMatchObject({ id: ids.firstHalf, breaks: firstHalf().breaks });
    });

    it('filters by kind, ports, part of the channel and the day prices are valid on, paged', async () => {
      const idsOf = (res: { body: { data: { items: PriceRow[] } } }) => res.body.data.items.map((r) => r.id);
      expect(idsOf(await list({ kind: 'cost' }).expect(200))).toEqual([ids.cost]);
      expect(idsOf(await list({ validOn: '2026-08-01' }).expect(200))).toEqual([ids.secondHalf]);
      expect(idsOf(await list({ channel: '以星', originPortId: port.CNSZX, destinationPortId: port.USLAX }).expect(200))).toEqual([ids.otherChannel]);
      expect(idsOf(await list({ originPortId: port.CNNGB }).expect(200))).toEqual([]);
      const paged = await list({ pageSize: 3, pageIndex: 2 }).expect(200);
      expect(paged.body.data).toMatchObject({ pageIndex: 2, pageSize: 3, totalCount: 4, totalPage: 2 });
      // newest validity first
      expect(idsOf(await list({ kind: 'quotation', channel: '美森' }).expect(200))).toEqual([ids.secondHalf, ids.firstHalf]);
    });

    it('refuses a bad filter', async () => {
      const res = await requestAs(t, admin).post('/api/v1/price/list').send({ kind: 'sale', validOn: '2026-13-01', originPortId: 'x' }).expect(400);
      expect(fieldErrors(res)).toEqual({
        shipType: ['线路必须是 smallbag、dedicatedline 或 airtransport'],
        kind: ['价格类型必须是报价（quotation）或成本（cost）'],
        originPortId: ['编号无效'],
        validOn: ['日期格式须为 YYYY-MM-DD'],
      });
      await requestAs(t, admin).get('/api/v1/price/detail/999999').expect(404);
      const bad = await requestAs(t, admin).get('/api/v1/price/detail/x').expect(400);
      expect(fieldErrors(bad)).toEqual({ id: ['编号无效'] });
    });
  });

  describe('updating and deleting', () => {
    it('saves the price and replaces its breaks in one go, bumping ver', async () => {
      const change = {
        minCharge: 250.5,
        breaks: [
          { minQuantity: 0, unitPrice: 11 },
          { minQuantity: 45.5, unitPrice: 10.1234 },
        ],
      };
      const res = await requestAs(t, admin)
        .post('/api/v1/price/update')
        .send({ ...firstHalf(), channel: '以星快船', id: ids.otherChannel, ver: 1, ...change })
        .expect(200);
      expect(res.body.data).toMatchObject({ id: ids.otherChannel, ver: 2, ...change });
      expect(await t.prisma.db.priceBreak.count({ where: { priceId: ids.otherChannel } })).toBe(2);
    });

    it('refuses a stale ver with 409 and leaves the breaks alone', async () => {
      const res = await requestAs(t, admin)
        .post('/api/v1/price/update')
        .send({ ...firstHalf(), channel: '以星快船', id: ids.otherChannel, ver: 1, breaks: [{ minQuantity: 0, unitPrice: 1 }] })
        .expect(409);
      expect(res.body.message).toBe('数据已被他人修改，请刷新后重试');
      expect(await t.prisma.db.priceBreak.count({ where: { priceId: ids.otherChannel } })).toBe(2);
    });

    it('refuses an update into another price’s validity, a change of kind, and bad fields', async () => {
      const base = { ...firstHalf(), id: ids.secondHalf, ver: 1 };
      const overlap = await requestAs(t, admin)
        .post('/api/v1/price/update')
        .send({ ...base, validFrom: '2026-06-01' })
        .expect(400);
      expect(overlap.body.message).toBe(`有效期与价格 #${ids.firstHalf}（美森正班，kg，2026-01-01 至 2026-06-30）重叠`);
      const kind = await requestAs(t, admin)
        .post('/api/v1/price/update')
        .send({ ...base, kind: 'cost', validFrom: '2026-07-01', validTo: '2026-12-31' })
        .expect(400);
      expect(kind.body.message).toBe('价格的线路和类型创建后不能修改');
      const bad = await requestAs(t, admin)
        .post('/api/v1/price/update')
        .send({ ...base, id: 0, ver: undefined, unit: 'lb' })
        .expect(400);
      expect(fieldErrors(bad)).toEqual({ id: ['编号无效'], ver: ['版本号无效，请刷新后重试'], unit: ['计费单位必须是 kg 或 cbm'] });
    });

    it('deletes a price with its breaks', async () => {
      const extra = await addPrice({ ...firstHalf(), channel: '临时', validFrom: '2028-01-01', validTo: '2028-12-31' }).expect(200);
      await requestAs(t, admin).delete(`/api/v1/price/delete/${extra.body.data.id}`).expect(200);
      expect(await t.prisma.db.priceBreak.count({ where: { priceId: extra.body.data.id } })).toBe(0);
      await requestAs(t, admin).get(`/api/v1/price/detail/${extra.body.data.id}`).expect(404);
      await requestAs(t, admin).delete(`/api/v1/price/delete/${extra.body.data.id}`).expect(404);
    });

    it('refuses changes to users without price:modify, and cost rows to users without price:cost', async () => {
      const forbidden = [
        addPrice(firstHalf(), salesman),
        addPrice(firstHalf(), finance),
        requestAs(t, salesman)
          .post('/api/v1/price/update')
          .send({ ...firstHalf(), id: ids.firstHalf, ver: 1 }),
        requestAs(t, finance).delete(`/api/v1/price/delete/${ids.firstHalf}`),
        requestAs(t, operator).post('/api/v1/price/list').send({ shipType: 'smallbag' }),
        requestAs(t, operator).get(`/api/v1/price/detail/${ids.firstHalf}`),
        requestAs(t, operator).post('/api/v1/price/quote').send({}),
        requestAs(t, salesman).post('/api/v1/price/export').send({ shipType: 'smallbag' }),
        requestAs(t, salesman).post('/api/v1/price/template'),
        requestAs(t, finance).post(`/api/v1/price/import/smallbag`).attach('file', Buffer.from('x'), 'p.xlsx'),
      ];
      for (const res of await Promise.all(forbidden)) expect(res.body).toEqual(refusal(403, '没有权限执行此操作'));
      expect(await t.prisma.db.price.count({ where: { id: ids.firstHalf } })).toBe(1);
    });
  });

  describe('price lookup (quote)', () => {
    it('takes the break a quantity reaches, and the minimum charge when the breaks come to less', async () => {
      const below = await quote({ channel: '美森正班', date: '2026-03-15', quantity: 20 }).expect(200);
      expect(below.body.data).toEqual({
        quote: {
          priceId: ids.firstHalf,
          kind: 'quotation',
          channel: '美森正班',
          unit: 'kg',
          currency: 'USD',
          validFrom: '2026-01-01',
          validTo: '2026-06-30',
          quantity: 20,
          minCharge: 300,
          breakMinQuantity: 0,
          unitPrice: 12,
          amount: 300,
          minChargeApplied: true,
        },
        reason: null,
      });
      const justBelowBreak = await quote({ channel: '美森正班', date: '2026-03-15', quantity: 99.5 }).expect(200);
      expect(justBelowBreak.body.data.quote).toMatchObject({ breakMinQuantity: 0, unitPrice: 12, amount: 1194, minChargeApplied: false });
      const onBreak = await quote({ channel: '美森正班', date: '2026-03-15', quantity: 100 }).expect(200);
      expect(onBreak.body.data.quote).toMatchObject({ breakMinQuantity: 100, unitPrice: 10, amount: 1000 });
      const rounded = await quote({ channel: '美森正班', date: '2026-03-15', quantity: 600.123 }).expect(200);
      expect(rounded.body.data.quote).toMatchObject({ breakMinQuantity: 500, unitPrice: 8.5, amount: 5101.05 });
    });

    it('takes the price valid on the day: each validity period has its own rates', async () => {
      const lastDayOfFirst = await quote({ channel: '美森正班', date: '2026-06-30', quantity: 100 }).expect(200);
      expect(lastDayOfFirst.body.data.quote).toMatchObject({ priceId: ids.firstHalf, unitPrice: 10, amount: 1000 });
      const firstDayOfSecond = await quote({ channel: '美森正班', date: '2026-07-01', quantity: 100 }).expect(200);
      expect(firstDayOfSecond.body.data.quote).toMatchObject({ priceId: ids.secondHalf, unitPrice: 13, amount: 1300 });
      const minimum = await quote({ channel: '美森正班', date: '2026-08-01', quantity: 10 }).expect(200);
      expect(minimum.body.data.quote).toMatchObject({ priceId: ids.secondHalf, amount: 200, minChargeApplied: true });
    });

    it('answers null with the reason when no price applies', async () => {
      const late = await quote({ channel: '美森正班', date: '2027-01-01', quantity: 100 }).expect(200);
      expect(late.body.data).toEqual({ quote: null, reason: '2027-01-01 渠道“美森正班”没有该航线有效的报价（计费单位 kg）' });
      const cbm = await quote({ date: '2026-03-15', quantity: 2, unit: 'cbm' }).expect(200);
      expect(cbm.body.data).toEqual({ quote: null, reason: '2026-03-15 没有该航线有效的报价（计费单位 cbm）' });
      const twoChannels = await quote({ date: '2026-03-15', quantity: 100 }).expect(200);
      expect(twoChannels.body.data.quote).toBeNull();
      expect(twoChannels.body.data.reason).toMatch(/^2026-03-15 有多个渠道的报价有效：.*请指定渠道$/);
      expect(twoChannels.body.data.reason).toContain('美森正班');
      expect(twoChannels.body.data.reason).toContain('以星快船');
      const single = await quote({ date: '2026-08-01', quantity: 100 }).expect(200);
      expect(single.body.data.quote).toMatchObject({ priceId: ids.secondHalf, channel: '美森正班' });
    });

    it('looks up costs for holders of price:cost only', async () => {
      const cost = await quote({ kind: 'cost', channel: '美森正班', date: '2026-03-15', quantity: 100 }, finance).expect(200);
      expect(cost.body.data.quote).toMatchObject({ priceId: ids.cost, kind: 'cost', amount: 700 });
      await quote({ kind: 'cost', channel: '美森正班', date: '2026-03-15', quantity: 100 }, salesman).expect(403);
    });

    it('refuses a bad request with its messages', async () => {
      const res = await quote({ date: '2026/03/15', quantity: 0, unit: 'lb', originPortId: undefined }).expect(400);
      expect(fieldErrors(res)).toEqual({
        originPortId: ['请选择起运港'],
        date: ['日期格式须为 YYYY-MM-DD'],
        quantity: ['数量须大于 0，最多 3 位小数'],
        unit: ['计费单位必须是 kg 或 cbm'],
      });
    });
  });

  describe('export', () => {
    const exportOf = (body: object, as = admin) =>
      requestAs(t, as)
        .post('/api/v1/price/export')
        .send({ shipType: 'smallbag', ...body })
        .responseType('blob')
        .expect(200);

    it('streams one row per break under Chinese headers, matching the list', async () => {
      const res = await exportOf({ channel: '美森' });
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="prices-smallbag-\d{4}-\d{2}-\d{2}\.xlsx"/);
      const workbook = await readWorkbook(res.body);
      const [header, ...rows] = sheetValues(workbook.getWorksheet('价格')!);
      expect(header).toEqual(EXPORT_HEADERS);

      const listed = (await list({ channel: '美森' }).expect(200)).body.data;
      expect(listed.totalCount).toBe(3);
      const breaks = (listed.items as PriceRow[]).flatMap((p) => p.breaks);
      expect(rows).toHaveLength(breaks.length);
      expect(rows).toHaveLength(6);
      expect(new Set(rows.map((r) => r[0]))).toEqual(new Set([ids.firstHalf, ids.cost, ids.secondHalf]));
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      expect(sum(rows.map((r) => r[13] as number))).toBeCloseTo(sum(breaks.map((b) => b.unitPrice)), 6);
      expect(sum(rows.map((r) => r[12] as number))).toBe(sum(breaks.map((b) => b.minQuantity)));

      const firstRows = rows.filter((r) => r[0] === ids.firstHalf);
      expect(firstRows.map((r) => [r[12], r[13]])).toEqual([
        [0, 12],
        [100, 10],
        [500, 8.5],
      ]);
      const [row] = firstRows;
      expect(row).toEqual([
        ids.firstHalf,
        '报价',
        'CNSZX',
        '深圳',
        'USLAX',
        '洛杉矶',
        '美森正班',
        'kg',
        'USD',
        300,
        '2026-01-01',
        '2026-06-30',
        0,
        12,
        '含燃油附加费',
      ]);
      expect(rows.find((r) => r[0] === ids.cost)![1]).toBe('成本');
    });

    it('exports an empty sheet when nothing matches, and refuses bad filters before sending anything', async () => {
      const empty = await exportOf({ validOn: '2030-01-01' });
      expect(sheetValues((await readWorkbook(empty.body)).getWorksheet('价格')!)).toEqual([EXPORT_HEADERS]);
      const bad = await requestAs(t, admin).post('/api/v1/price/export').send({ shipType: 'boat' }).expect(400);
      expect(fieldErrors(bad)).toEqual({ shipType: ['线路必须是 smallbag、dedicatedline 或 airtransport'] });
    });

    it('leaves cost rows out of the export of a user without price:cost', async () => {
      const role = await t.prisma.db.role.findUniqueOrThrow({ where: { code: 'salesman' } });
      await t.prisma.db.rolePermission.create({ data: { roleId: role.id, permissionCode: 'price:export' } });
      t.app.get(GrantsService).invalidate();
      try {
        const res = await exportOf({ channel: '美森' }, salesman);
        const [, ...rows] = sheetValues((await readWorkbook(res.body)).getWorksheet('价格')!);
        expect(rows).toHaveLength(5);
        expect(new Set(rows.map((r) => r[1]))).toEqual(new Set(['报价']));
        await requestAs(t, salesman).post('/api/v1/price/export').send({ shipType: 'smallbag', kind: 'cost' }).expect(403);
      } finally {
        await t.prisma.db.rolePermission.delete({ where: { roleId_permissionCode: { roleId: role.id, permissionCode: 'price:export' } } });
        t.app.get(GrantsService).invalidate();
      }
    });
  });

  describe('import', () => {
    /** The refused rows of an import's report, by row number. */
    const reasonsByRow = (res: { body: { data: { rejected: { row: number; reasons: string[] }[] } } }) =>
      Object.fromEntries(res.body.data.rejected.map((r) => [r.row, r.reasons]));
    const importFile = (file: Buffer, name = 'prices.xlsx', shipType = 'smallbag') =>
      requestAs(t, admin).post(`/api/v1/price/import/${shipType}`).attach('file', file, { filename: name, contentType: 'application/octet-stream' });

    it('hands out the template: the price sheet headers and a notes sheet', async () => {
      const res = await requestAs(t, admin).post('/api/v1/price/template').responseType('blob').expect(200);
      const workbook = await readWorkbook(res.body);
      expect(sheetValues(workbook.getWorksheet('价格')!)).toEqual([IMPORT_HEADERS]);
      const notes = sheetValues(workbook.getWorksheet('说明')!);
      expect(notes[0]).toEqual(['列名', '是否必填', '说明', '示例']);
      expect(notes.slice(1, 13).map((r) => r[0])).toEqual(IMPORT_HEADERS);
    });

    it('saves nothing when a row is wrong, and lists every wrong row with its reasons', async () => {
      const before = await priceCount();
      const file = await xlsxOf([
        /* 2 */ ['报价', 'CNNGB', 'USNYC', '普船', 'kg', 'CNY', 100, '2026-01-01', '2026-12-31', 0, 5, ''],
        /* 3 */ ['报价', 'CNNGB', 'USNYC', '普船', 'kg', 'CNY', 100, '2026-01-01', '2026-12-31', 100, 4.5, ''],
        /* 4 */ ['报价', 'CNXXX', 'USNYC', '普船', 'kg', 'CNY', 100, '2026-01-01', '2026-12-31', 0, 5, ''],
        /* 5 */ ['报价', 'CNNGB', 'USLAX', '普船', 'lb', 'CNY', 100, '2026-01-01', '2026-12-31', 0, -1, ''],
        /* 6 */ ['报价', 'CNNGB', 'USLAX', '快船', 'kg', 'CNY', 100, '2026-12-31', '2026-01-01', 0, 5, ''],
        /* 7 */ ['成本', 'CNNGB', 'USLAX', '快船', 'kg', 'CNY', 0, '2026-01-01', '2026-12-31', 50, 3, ''],
        /* 8 */ ['报价', 'CNSZX', 'USLAX', '美森正班', 'kg', 'USD', 300, '2026-05-01', '2026-05-31', 0, 9, ''],
        /* 9 */ ['quotation', 'CNNGB', 'USLAX', '空派', 'cbm', 'JPY', 0, '2026-01-01', '2026-12-31', 0, 100, ''],
        /* 10 */ ['报价', 'CNXMN', 'USLAX', '普船', 'kg', 'CNY', 0, '2026-01-01', '2026-12-31', 0, 5, ''],
        /* 11 */ ['报价', 'CNSZX', 'USNYC', '快船', 'kg', 'CNY', 0, '2026-01-01', '2026-06-30', 0, 5, ''],
        /* 12 */ ['报价', 'CNSZX', 'USNYC', '快船', 'kg', 'CNY', 50, '2026-06-01', '2026-12-31', 0, 5, ''],
        /* 13 */ ['出售', '', 'USNYC', '', 'kg', '', 'abc', '', '2026-12-31', '', '', ''],
      ]);
      const res = await importFile(file).expect(200);
      expect(res.body).toMatchObject({
        success: true,
        message: '未导入任何行：10 行有误（第 4, 5, 6, 7, 8, 9, 10, 11, 12, 13 行），文件中的 12 行都没有写入；请改正后重新导入整个文件',
        data: { applied: false, rows: 12, written: 0, prices: 0 },
      });
      expect(reasonsByRow(res)).toEqual({
        4: ['起运港代码 CNXXX 不是该线路启用的起运港'],
        5: ['计费单位必须是 kg 或 cbm', '单价须为不小于 0 的数，最多 4 位小数'],
        6: ['失效日期不能早于生效日期'],
        7: ['第一个计费区间的起始数量必须为 0'],
        8: [`有效期与价格 #${ids.firstHalf}（美森正班，kg，2026-01-01 至 2026-06-30）重叠`],
        9: ['币种必须是字典“币种”中启用的值：CNY, USD, EUR, HKD'],
        10: ['起运港代码 CNXMN 不是该线路启用的起运港'],
        11: ['有效期与第 12 行的价格重叠'],
        12: ['有效期与第 11 行的价格重叠'],
        13: [
          '价格类型必须是报价（quotation）或成本（cost）',
          '请填写起运港代码',
          '请输入渠道',
          '请选择币种',
          '最低收费须为不小于 0 的金额，最多 2 位小数',
          '日期格式须为 YYYY-MM-DD',
          '起始数量须为不小于 0 的数，最多 3 位小数',
          '单价须为不小于 0 的数，最多 4 位小数',
        ],
      });
      expect(await priceCount()).toBe(before);
    });

    it('saves every price of a good file in one go, its rows grouped into prices with their breaks', async () => {
      const template = await requestAs(t, admin).post('/api/v1/price/template').responseType('blob').expect(200);
      const workbook = await readWorkbook(template.body);
      const sheet = workbook.getWorksheet('价格')!;
      const day = (text: string) => new Date(`${text}T00:00:00Z`);
      for (const row of [
        ['报价', 'CNNGB', 'USNYC', '普船', 'kg', 'CNY', 100, day('2026-01-01'), day('2026-12-31'), 100, 4.5, '整年有效'],
        ['报价', 'CNNGB', 'USNYC', '普船', 'kg', 'CNY', 100, day('2026-01-01'), day('2026-12-31'), 0, 5, ''],
        ['报价', 'cnngb', 'usnyc', '普船', 'KG', 'CNY', '100', '2026-01-01', '2026-12-31', 1000, 4, ''],
        ['成本', 'CNNGB', 'USNYC', '普船', 'kg', 'CNY', 0, '2026-01-01', '2026-12-31', 0, 3, ''],
        [],
        ['quotation', 'CNSZX', 'USLAX', '美森正班', 'cbm', 'USD', 0, '2026-01-01', '2026-12-31', 10, 140, ''],
        ['quotation', 'CNSZX', 'USLAX', '美森正班', 'cbm', 'USD', 0, '2026-01-01', '2026-12-31', 0, 150, null],
      ])
        sheet.addRow(row);
      const before = await priceCount();
      const res = await importFile(Buffer.from(await workbook.xlsx.writeBuffer())).expect(200);
      expect(res.body).toMatchObject({
        success: true,
        message: '导入成功：3 条价格，6 行',
        data: { applied: true, rows: 6, written: 6, rejected: [], prices: 3 },
      });
      expect(await priceCount()).toBe(before + 3);

      const ningbo = (await list({ originPortId: port.CNNGB }).expect(200)).body.data.items;
      expect(ningbo).toHaveLength(2);
      expect(ningbo.find((p: PriceRow) => p.kind === 'quotation')).toMatchObject({
        channel: '普船',
        currency: 'CNY',
        minCharge: 100,
        validFrom: '2026-01-01',
        validTo: '2026-12-31',
        remark: '整年有效',
        createdBy: admin.userid,
        breaks: [
          { minQuantity: 0, unitPrice: 5 },
          { minQuantity: 100, unitPrice: 4.5 },
          { minQuantity: 1000, unitPrice: 4 },
        ],
      });
      const byVolume = await quote({ channel: '美森正班', unit: 'cbm', date: '2026-03-01', quantity: 12 }).expect(200);
      expect(byVolume.body.data.quote).toMatchObject({ unitPrice: 140, amount: 1680 });
    });

    it('refuses the same file twice: its prices now overlap themselves', async () => {
      const file = await xlsxOf([['报价', 'CNNGB', 'USNYC', '普船', 'kg', 'CNY', 100, '2026-03-01', '2026-03-31', 0, 5, '']]);
      const res = await importFile(file).expect(200);
      expect(res.body.data).toMatchObject({ applied: false, written: 0 });
      expect(Object.keys(reasonsByRow(res))).toEqual(['2']);
      expect(reasonsByRow(res)[2][0]).toMatch(/^有效期与价格 #\d+（普船，kg，2026-01-01 至 2026-12-31）重叠$/);
    });

    it('refuses a file that is not an xlsx workbook, lacks columns, has no rows or too many', async () => {
      const text = await importFile(Buffer.from('kind,origin'), 'prices.csv').expect(400);
      expect(fieldErrors(text)).toEqual({ file: ['文件不是有效的 xlsx 工作簿，请使用导入模板'] });
      const garbage = await importFile(Buffer.from('not a zip')).expect(400);
      expect(fieldErrors(garbage)).toEqual({ file: ['文件不是有效的 xlsx 工作簿，请使用导入模板'] });
      const columns = await importFile(await xlsxOf([['报价']], ['类型', '渠道'])).expect(400);
      expect(fieldErrors(columns)).toEqual({
        file: ['缺少列：起运港代码, 目的港代码, 计费单位, 币种, 最低收费, 生效日期, 失效日期, 起始数量, 单价，请使用导入模板'],
      });
      const empty = await importFile(await xlsxOf([])).expect(400);
      expect(fieldErrors(empty)).toEqual({ file: ['文件中没有数据行'] });
      const row = ['报价', 'CNNGB', 'USNYC', '大货', 'kg', 'CNY', 0, '2029-01-01', '2029-12-31', 0, 5, ''];
      const tooMany = await importFile(await xlsxOf(Array.from({ length: 5001 }, () => row))).expect(400);
      expect(fieldErrors(tooMany)).toEqual({ file: ['一次最多导入 5000 行'] });
      const none = await requestAs(t, admin).post('/api/v1/price/import/smallbag').expect(400);
      expect(fieldErrors(none)).toEqual({ file: ['请选择要上传的文件'] });
      const line = await importFile(await xlsxOf([]), 'prices.xlsx', 'boat').expect(400);
      expect(fieldErrors(line)).toEqual({ shipType: ['线路必须是 smallbag、dedicatedline 或 airtransport'] });
    });
  });
});
