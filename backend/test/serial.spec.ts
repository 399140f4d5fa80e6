import { shanghaiDate } from '@forwarder/domain';
import { SerialService, type SerialView } from '../src/core/serial/serial.service.js';
import { DEMO, fieldErrors, requestAs, type Session, useTestApp } from './app.js';

process.env.LOG_PURGE_SCHEDULED = 'false';

/** A row of the list as JSON carries it (the service's view; its time comes as a string, unread here). */
type SerialRow = Omit<SerialView, 'updatedAt'>;

describe('serial numbers (/serial/*, SerialService.next)', () => {
  const { t, admin, salesman, operator } = useTestApp({ admin: DEMO.admin, salesman: DEMO.salesman, operator: DEMO.operator });

  const listAll = async (body: object = {}): Promise<SerialRow[]> =>
    (await requestAs(t, admin).post('/api/v1/serial/list').send(body).expect(200)).body.data.items;
  const byCode = async (code: string) => (await listAll()).find((s) => s.code === code)!;
  const update = (s: Session, body: object) => requestAs(t, s).post('/api/v1/serial/update').send(body);
  /** A SerialService whose clock reads `at.now`. */
  const serviceAt = (at: { now: Date }) => new SerialService(t.prisma, () => at.now);

  describe('list', () => {
    it('lists the seeded sequences with their settings, counter and a preview of the next number', async () => {
      const res = await requestAs(t, admin).post('/api/v1/serial/list').send({}).expect(200);
      expect(res.body.data).toMatchObject({ totalCount: 7, pageIndex: 1 });
      const today = shanghaiDate(new Date());
      const smallbag = res.body.data.items.find((s: SerialRow) => s.code === 'order.smallbag');
      expect(smallbag).toMatchObject({
        name: '小包专线订单号',
        nameEn: 'Small parcel order number',
        prefix: 'SB',
        pattern: '{prefix}{yyMMdd}{seq:4}',
        resetPolicy: 'daily',
        currentValue: 0,
        currentPeriod: '',
        nextPreview: `SB${today.yyyy.slice(2)}${today.MM}${today.dd}0001`,
        ver: 1,
      });
      expect(res.body.data.items.find((s: SerialRow) => s.code === 'customer').nextPreview).toBe('C000001');
    });

    it('filters by code or name and pages', async () => {
      expect((await listAll({ text: 'FINANCE' })).map((s) => s.code)).toEqual(['finance.outgoing', 'finance.entry']);
      expect((await listAll({ text: '空运' })).map((s) => s.code)).toEqual(['order.airtransport']);
      const page = await requestAs(t, admin).post('/api/v1/serial/list').send({ pageSize: 4, pageIndex: 2 }).expect(200);
      expect(page.body.data).toMatchObject({ totalCount: 7, totalPage: 2 });
      expect(page.body.data.items).toHaveLength(3);
    });

    it('is refused without log:serial', async () => {
      await requestAs(t, salesman).post('/api/v1/serial/list').send({}).expect(403);
      await requestAs(t, operator).post('/api/v1/serial/list').send({}).expect(403);
    });
  });

  describe('update', () => {
    it('changes prefix, pattern and reset policy, keeps the counter and bumps ver', async () => {
      const entry = await byCode('finance.entry');
      await serviceAt({ now: new Date() }).next('finance.entry');
      const res = await update(admin, { id: entry.id, prefix: 'PAY', pattern: '{prefix}-{yyyy}-{seq:6}', resetPolicy: 'yearly', ver: entry.ver }).expect(200);
      const year = shanghaiDate(new Date()).yyyy;
      expect(res.body.data).toMatchObject({ prefix: 'PAY', pattern: '{prefix}-{yyyy}-{seq:6}', resetPolicy: 'yearly', currentValue: 1, ver: entry.ver + 1 });
      // the stored period was monthly: the yearly counter starts again
      expect(res.body.data.nextPreview).toBe(`PAY-${year}-000001`);
    });

    it('refuses a stale ver with 409 and an unknown id with 404', async () => {
      const entry = await byCode('finance.entry');
      const body = { id: entry.id, prefix: 'PAY', pattern: '{prefix}{yyyy}{seq:6}', resetPolicy: 'yearly' };
      await update(admin, { ...body, ver: entry.ver - 1 }).expect(409);
      await update(admin, { ...body, id: 999999, ver: 1 }).expect(404);
    });

    it.each([
      ['an unknown placeholder', '{prefix}{yyyymmdd}{seq:4}', 'daily', '流水号格式中有无法识别的占位符：{yyyymmdd}'],
      ['a stray brace', '{prefix}{yyMMdd}{seq:4', 'daily', '流水号格式中有无法识别的占位符：{'],
      ['no sequence', '{prefix}{yyMMdd}', 'daily', '流水号格式必须包含且只能包含一个序号占位符 {seq:N}（N 为 1 到 10）'],
      ['two sequences', '{prefix}{yyMMdd}{seq:4}{seq:2}', 'daily', '流水号格式必须包含且只能包含一个序号占位符 {seq:N}（N 为 1 到 10）'],
      ['a sequence of 11 digits', '{prefix}{seq:11}', 'never', '流水号格式必须包含且只能包含一个序号占位符 {seq:N}（N 为 1 到 10）'],
      ['a daily reset without the day', '{prefix}{yyyyMM}{seq:4}', 'daily', '按此周期重置时，格式必须包含到该周期的日期（如 {yyMMdd}），否则号码会重复'],
      ['a monthly reset without the month', '{prefix}{yyyy}{seq:4}', 'monthly', '按此周期重置时，格式必须包含到该周期的日期（如 {yyyyMM}），否则号码会重复'],
      ['an empty pattern', '', 'never', '请输入流水号格式'],
      ['a pattern over 100 characters', `{seq:4}${'x'.repeat(100)}`, 'never', '流水号格式不能超过 100 个字符'],
    ])('refuses %s', async (_case, pattern, resetPolicy, message) => {
      const order = await byCode('order.smallbag');
      const res = await update(admin, { id: order.id, prefix: 'SB', pattern, resetPolicy, ver: order.ver }).expect(400);
      expect(fieldErrors(res)).toEqual({ pattern: [message] });
    });

    it('refuses a bad prefix, reset policy, id and ver, in the caller’s language', async () => {
      const res = await update(admin, { prefix: 'S B', pattern: '{prefix}{seq:4}', resetPolicy: 'hourly' }).set('Accept-Language', 'en').expect(400);
      expect(fieldErrors(res)).toEqual({
        id: ['The id is invalid'],
        prefix: ['The prefix may have up to 20 letters, digits, hyphens or underscores'],
        resetPolicy: ['The reset policy must be daily, monthly, yearly or never'],
        ver: ['The version is invalid; reload and try again'],
      });
    });

    it('accepts an empty prefix', async () => {
      const customer = await byCode('customer');
      const res = await update(admin, { id: customer.id, prefix: '', pattern: 'K{seq:5}', resetPolicy: 'never', ver: customer.ver }).expect(200);
      expect(res.body.data.nextPreview).toBe('K00001');
    });

    it('is refused without log:serial', async () => {
      const order = await byCode('order.smallbag');
      await update(salesman, { id: order.id, prefix: 'X', pattern: '{prefix}{yyMMdd}{seq:4}', resetPolicy: 'daily', ver: order.ver }).expect(403);
    });
  });

  describe('next', () => {
    it('counts up within a day and starts again at 1 on the next Asia/Shanghai day', async () => {
      const clock = { now: new Date('2026-11-22T15:59:58Z') }; // 23:59:58 in Shanghai
      const serial = serviceAt(clock);
      expect(await serial.next('order.dedicatedline')).toBe('DL2611220001');
      expect(await serial.next('order.dedicatedline')).toBe('DL2611220002');
      clock.now = new Date('2026-11-22T16:00:00Z'); // midnight in Shanghai
      expect(await serial.next('order.dedicatedline')).toBe('DL2611230001');
      expect(await serial.next('order.dedicatedline')).toBe('DL2611230002');
      const row = await byCode('order.dedicatedline');
      expect(row).toMatchObject({ currentValue: 2, currentPeriod: '20261123' });
    });

    it('starts a monthly sequence again in a new month, not on a new day', async () => {
      const clock = { now: new Date('2026-11-29T04:00:00Z') };
      const serial = serviceAt(clock);
      expect(await serial.next('finance.outgoing')).toBe('FO20261100001');
      clock.now = new Date('2026-11-30T04:00:00Z');
      expect(await serial.next('finance.outgoing')).toBe('FO20261100002');
      clock.now = new Date('2026-11-30T16:00:00Z'); // 1 December in Shanghai
      expect(await serial.next('finance.outgoing')).toBe('FO20261200001');
    });

    it('starts a yearly sequence again in a new year, and never resets a sequence without a period', async () => {
      const order = await byCode('order.airtransport');
      await update(admin, { id: order.id, prefix: 'AT', pattern: '{prefix}{yy}{seq:5}', resetPolicy: 'yearly', ver: order.ver }).expect(200);
      const clock = { now: new Date('2026-12-31T15:00:00Z') };
      const serial = serviceAt(clock);
      expect(await serial.next('order.airtransport')).toBe('AT2600001');
      expect(await serial.next('order.airtransport')).toBe('AT2600002');
      clock.now = new Date('2026-12-31T16:00:00Z');
      expect(await serial.next('order.airtransport')).toBe('AT2700001');

      const customer = await byCode('customer');
      await update(admin, { id: customer.id, prefix: 'C', pattern: '{prefix}{seq:6}', resetPolicy: 'never', ver: customer.ver }).expect(200);
      const first = await serial.next('customer');
      clock.now = new Date('2031-06-01T00:00:00Z');
      expect(Number((await serial.next('customer')).slice(1))).toBe(Number(first.slice(1)) + 1);
    });

    it('gives 50 concurrent callers 50 distinct consecutive numbers', async () => {
      const serial = t.app.get(SerialService);
      const before = (await byCode('order.smallbag')).currentValue;
      const numbers = await Promise.all(Array.from({ length: 50 }, () => serial.next('order.smallbag')));
      const day = shanghaiDate(new Date());
      const prefix = `SB${day.yyyy.slice(2)}${day.MM}${day.dd}`;
      expect(new Set(numbers).size).toBe(50);
      expect(numbers.map((n) => n.slice(0, prefix.length))).toEqual(Array(50).fill(prefix));
      expect(numbers.map((n) => Number(n.slice(prefix.length))).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => before + i + 1));
      expect((await byCode('order.smallbag')).currentValue).toBe(before + 50);
    });

    it('gives the number back when the transaction that took it rolls back', async () => {
      const serial = serviceAt({ now: new Date('2026-11-25T02:00:00Z') });
      const taken = await serial.next('order.dedicatedline');
      await expect(
        t.prisma.db.$transaction(async (tx) => {
          expect(await serial.next('order.dedicatedline', tx)).not.toBe(taken);
          throw new Error('the order could not be saved');
        }),
      ).rejects.toThrow('the order could not be saved');
      const after = await serial.next('order.dedicatedline');
      expect(Number(after.slice(-4))).toBe(Number(taken.slice(-4)) + 1);
    });

    it('fails for a code no sequence has', async () => {
      await expect(t.app.get(SerialService).next('order.nothing')).rejects.toThrow('No serial sequence with the code "order.nothing"');
    });
  });
});
