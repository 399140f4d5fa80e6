import pg from 'pg';
import { DEMO, fieldErrors, refusal, requestAs, useTestApp } from './app.js';

describe('ports (/api/v1/port)', () => {
  const { t, admin, operator, salesman } = useTestApp({ admin: DEMO.admin, operator: DEMO.operator, salesman: DEMO.salesman });

  const shenzhen = { shipType: 'smallbag', kind: 'start', code: 'CNSZX', nameZh: '深圳', nameEn: 'Shenzhen', country: '中国', city: '深圳', sort: 1 };
  const addPort = (body: object, as = operator) => requestAs(t, as).put('/api/v1/port/add').send(body);
  const portOf = (shipType: string, kind: string, code: string) =>
    t.prisma.db.port.findUniqueOrThrow({ where: { shipType_kind_code: { shipType, kind, code } } });

  describe('adding', () => {
    it('adds an origin port of a sea line with its UN/LOCODE, stored upper case', async () => {
      const res = await addPort({ ...shenzhen, code: ' cnszx ' }).expect(200);
      expect(res.body.data).toMatchObject({
        id: expect.any(Number),
        shipType: 'smallbag',
        kind: 'start',
        code: 'CNSZX',
        nameZh: '深圳',
        nameEn: 'Shenzhen',
        country: '中国',
        city: '深圳',
        enabled: true,
        sort: 1,
        ver: 1,
      });
    });

    it('adds airports to the air line with their IATA codes', async () => {
      await addPort({ shipType: 'airtransport', kind: 'start', code: 'PVG', nameZh: '上海浦东', nameEn: 'Shanghai Pudong', country: '中国' }).expect(200);
      const res = await addPort({
        shipType: 'airtransport',
        kind: 'end',
        code: 'LAX',
        nameZh: '洛杉矶',
        nameEn: 'Los Angeles',
        country: '美国',
        city: '',
      }).expect(200);
      expect(res.body.data).toMatchObject({ code: 'LAX', city: null, enabled: true, sort: 0 });
    });

    it('refuses a code that does not fit the line, naming the standard', async () => {
      const seaWithAirport = await addPort({ ...shenzhen, code: 'PVG' }).expect(400);
      expect(fieldErrors(seaWithAirport)).toEqual({ code: ['海运港口代码须为 5 位 UN/LOCODE：2 位国家字母加 3 位字母或数字 2-9，如 CNSZX'] });
      const airWithLocode = await addPort({ ...shenzhen, shipType: 'airtransport', code: 'CNSZX' }).expect(400);
      expect(fieldErrors(airWithLocode)).toEqual({ code: ['机场代码须为 3 位 IATA 字母代码，如 PVG'] });
    });

    it('refuses a form with missing or wrong fields, each with its message', async () => {
      const empty = await addPort({}).expect(400);
      expect(fieldErrors(empty)).toEqual({
        shipType: ['线路必须是 smallbag、dedicatedline 或 airtransport'],
        kind: ['港口类型必须是起运港（start）或目的港（end）'],
        code: ['请输入港口代码'],
        nameZh: ['请输入中文名称'],
        nameEn: ['请输入英文名称'],
        country: ['请输入国家'],
      });
      const wrong = await addPort({ ...shenzhen, code: 'CNNGB', nameZh: 'x'.repeat(101), city: 'y'.repeat(61), enabled: 'yes', sort: 10000 }).expect(400);
      expect(fieldErrors(wrong)).toEqual({
        nameZh: ['中文名称不能超过 100 个字符'],
        city: ['城市不能超过 60 个字符'],
        enabled: ['请选择启用或停用'],
        sort: ['排序必须是 0 到 9999 的整数'],
      });
    });

    it('answers in English when asked', async () => {
      const res = await addPort({ ...shenzhen, shipType: 'sea' })
        .set('Accept-Language', 'en')
        .expect(400);
      expect(fieldErrors(res)).toEqual({ shipType: ['The line must be smallbag, dedicatedline or airtransport'] });
    });

    it('refuses a code the line already has for that kind, and takes it for the other kind or line', async () => {
      const duplicate = await addPort({ ...shenzhen, nameZh: '深圳蛇口' }).expect(400);
      expect(fieldErrors(duplicate)).toEqual({ code: ['该线路的同类港口中已有代码 CNSZX'] });
      await addPort({ ...shenzhen, kind: 'end' }).expect(200);
      await addPort({ ...shenzhen, shipType: 'dedicatedline' }).expect(200);
    });
  });

  describe('listing and options', () => {
    beforeAll(async () => {
      await addPort({ ...shenzhen, code: 'CNNGB', nameZh: '宁波', nameEn: 'Ningbo', sort: 2 }).expect(200);
      await addPort({ ...shenzhen, code: 'CNXMN', nameZh: '厦门', nameEn: 'Xiamen', sort: 3, enabled: false }).expect(200);
    });

    it('lists the ports of one line and kind in display order, paged', async () => {
      const res = await requestAs(t, operator).post('/api/v1/port/list').send({ shipType: 'smallbag', kind: 'start', pageSize: 2 }).expect(200);
      expect(res.body.data).toMatchObject({ pageIndex: 1, pageSize: 2, totalCount: 3, totalPage: 2 });
      expect(res.body.data.items.map((p: { code: string }) => p.code)).toEqual(['CNSZX', 'CNNGB']);
    });

    it('filters by part of the code or a name, and by enabled', async () => {
      const list = (body: object) =>
        requestAs(t, operator)
          .post('/api/v1/port/list')
          .send({ shipType: 'smallbag', kind: 'start', ...body })
          .expect(200);
      const codes = (res: { body: { data: { items: { code: string }[] } } }) => res.body.data.items.map((p) => p.code);
      expect(codes(await list({ key: 'ngb' }))).toEqual(['CNNGB']);
      expect(codes(await list({ key: '厦门' }))).toEqual(['CNXMN']);
      expect(codes(await list({ key: 'ningbo' }))).toEqual(['CNNGB']);
      expect(codes(await list({ enabled: false }))).toEqual(['CNXMN']);
      expect(codes(await list({ enabled: true, key: '' }))).toEqual(['CNSZX', 'CNNGB']);
    });

    it('refuses a list without its line and kind or with a bad filter', async () => {
      const res = await requestAs(t, operator)
        .post('/api/v1/port/list')
        .send({ key: 'x'.repeat(51), pageSize: 500 })
        .expect(400);
      expect(fieldErrors(res)).toEqual({
        shipType: ['线路必须是 smallbag、dedicatedline 或 airtransport'],
        kind: ['港口类型必须是起运港（start）或目的港（end）'],
        key: ['查询内容不能超过 50 个字符'],
        pageSize: ['分页参数错误'],
      });
    });

    it('offers the enabled ports of a line and kind to any signed-in user', async () => {
      const res = await requestAs(t, salesman).post('/api/v1/port/options').send({ shipType: 'smallbag', kind: 'start' }).expect(200);
      expect(res.body.data).toEqual([
        { id: expect.any(Number), code: 'CNSZX', nameZh: '深圳', nameEn: 'Shenzhen' },
        { id: expect.any(Number), code: 'CNNGB', nameZh: '宁波', nameEn: 'Ningbo' },
      ]);
      const bad = await requestAs(t, salesman).post('/api/v1/port/options').send({ shipType: 'smallbag' }).expect(400);
      expect(fieldErrors(bad)).toEqual({ kind: ['港口类型必须是起运港（start）或目的港（end）'] });
    });

    it('offers them from memory, and a port enabled or disabled through the application on the very next form', async () => {
      const offered = async () =>
        (
          (await requestAs(t, salesman).post('/api/v1/port/options').send({ shipType: 'smallbag', kind: 'start' }).expect(200)).body.data as { code: string }[]
        ).map((port) => port.code);
      expect(await offered()).toEqual(['CNSZX', 'CNNGB']);
      // enabled behind the application's back (no news of it): the forms keep the ports as read, for 5 s at most
      const db = new pg.Client({ connectionString: t.databaseUrl });
      await db.connect();
      try {
        await db.query(`update port set enabled = true where code = 'CNXMN'`);
      } finally {
        await db.end();
      }
      expect(await offered()).toEqual(['CNSZX', 'CNNGB']);
      const xiamen = await portOf('smallbag', 'start', 'CNXMN');
      const edit = (enabled: boolean, ver: number) =>
        requestAs(t, operator)
          .post('/api/v1/port/update')
          .send({ ...shenzhen, code: 'CNXMN', nameZh: '厦门', nameEn: 'Xiamen', sort: 3, id: xiamen.id, ver, enabled })
          .expect(200);
      const enabled = (await edit(true, xiamen.ver)).body.data;
      expect(await offered()).toEqual(['CNSZX', 'CNNGB', 'CNXMN']);
      await edit(false, enabled.ver);
      expect(await offered()).toEqual(['CNSZX', 'CNNGB']);
    });

    it('shows one port', async () => {
      const port = await portOf('smallbag', 'start', 'CNNGB');
      const res = await requestAs(t, operator).get(`/api/v1/port/detail/${port.id}`).expect(200);
      expect(res.body.data).toMatchObject({ id: port.id, code: 'CNNGB', nameEn: 'Ningbo', country: '中国', enabled: true, ver: 1 });
      await requestAs(t, operator).get('/api/v1/port/detail/999999').expect(404);
      const bad = await requestAs(t, operator).get('/api/v1/port/detail/abc').expect(400);
      expect(bad.body.message).toBe(JSON.stringify({ id: ['编号无效'] }));
    });
  });

  describe('updating', () => {
    it('saves with the ver read and bumps it', async () => {
      const port = await portOf('smallbag', 'start', 'CNNGB');
      const res = await requestAs(t, operator)
        .post('/api/v1/port/update')
        .send({
          id: port.id,
          ver: port.ver,
          shipType: 'smallbag',
          kind: 'start',
          code: 'cnngb',
          nameZh: '宁波舟山',
          nameEn: 'Ningbo-Zhoushan',
          country: '中国',
          city: '宁波',
          enabled: true,
          sort: 5,
        })
        .expect(200);
      expect(res.body.data).toMatchObject({ code: 'CNNGB', nameZh: '宁波舟山', city: '宁波', sort: 5, ver: port.ver + 1 });
    });

    it('refuses a stale ver with 409', async () => {
      const port = await portOf('smallbag', 'start', 'CNNGB');
      const res = await requestAs(t, operator)
        .post('/api/v1/port/update')
        .send({ id: port.id, ver: port.ver - 1, shipType: 'smallbag', kind: 'start', code: 'CNNGB', nameZh: '宁波', nameEn: 'Ningbo', country: '中国' })
        .expect(409);
      expect(res.body.message).toBe('数据已被他人修改，请刷新后重试');
    });

    it('refuses a code another port of the line and kind has, and a change of line or kind', async () => {
      const port = await portOf('smallbag', 'start', 'CNNGB');
      const base = { id: port.id, ver: port.ver, shipType: 'smallbag', kind: 'start', nameZh: '宁波', nameEn: 'Ningbo', country: '中国' };
      const taken = await requestAs(t, operator)
        .post('/api/v1/port/update')
        .send({ ...base, code: 'CNSZX' })
        .expect(400);
      expect(fieldErrors(taken)).toEqual({ code: ['该线路的同类港口中已有代码 CNSZX'] });
      const moved = await requestAs(t, operator)
        .post('/api/v1/port/update')
        .send({ ...base, code: 'CNNGB', kind: 'end' })
        .expect(400);
      expect(moved.body.message).toBe('港口的线路和类型创建后不能修改');
      const missing = await requestAs(t, operator)
        .post('/api/v1/port/update')
        .send({ ...base, code: 'CNNGB', id: undefined, ver: 'x' })
        .expect(400);
      expect(fieldErrors(missing)).toEqual({ id: ['编号无效'], ver: ['版本号无效，请刷新后重试'] });
    });
  });

  describe('deleting', () => {
    it('deletes a port no price uses', async () => {
      const port = await portOf('dedicatedline', 'start', 'CNSZX');
      await requestAs(t, admin).delete(`/api/v1/port/delete/${port.id}`).expect(200);
      expect(await t.prisma.db.port.count({ where: { id: port.id } })).toBe(0);
      await requestAs(t, admin).delete(`/api/v1/port/delete/${port.id}`).expect(404);
    });

    it('refuses to delete a port while a price uses it', async () => {
      const origin = await portOf('smallbag', 'start', 'CNSZX');
      const destination = await addPort({ shipType: 'smallbag', kind: 'end', code: 'USLAX', nameZh: '洛杉矶', nameEn: 'Los Angeles', country: '美国' }).expect(
        200,
      );
      await requestAs(t, admin)
        .put('/api/v1/price/add')
        .send({
          shipType: 'smallbag',
          kind: 'quotation',
          originPortId: origin.id,
          destinationPortId: destination.body.data.id,
          channel: '美森正班',
          unit: 'kg',
          currency: 'USD',
          minCharge: 100,
          validFrom: '2026-01-01',
          validTo: '2026-12-31',
          breaks: [{ minQuantity: 0, unitPrice: 10 }],
        })
        .expect(200);
      for (const id of [origin.id, destination.body.data.id]) {
        const res = await requestAs(t, admin).delete(`/api/v1/port/delete/${id}`).expect(400);
        expect(res.body.message).toBe('该港口正被 1 条价格使用，不能删除，可改为停用');
      }
      expect(await t.prisma.db.port.count({ where: { id: origin.id } })).toBe(1);
    });
  });

  it('refuses every port change to a user without the code (403)', async () => {
    const port = await portOf('smallbag', 'start', 'CNNGB');
    const calls = [
      requestAs(t, salesman).post('/api/v1/port/list').send({ shipType: 'smallbag', kind: 'start' }),
      requestAs(t, salesman).get(`/api/v1/port/detail/${port.id}`),
      requestAs(t, salesman)
        .put('/api/v1/port/add')
        .send({ ...shenzhen, code: 'CNSHA' }),
      requestAs(t, salesman)
        .post('/api/v1/port/update')
        .send({ ...shenzhen, id: port.id, ver: port.ver }),
      // operators maintain ports but may not delete them
      requestAs(t, operator).delete(`/api/v1/port/delete/${port.id}`),
    ];
    for (const res of await Promise.all(calls)) expect(res.body).toEqual(refusal(403, '没有权限执行此操作'));
    await t.http().post('/api/v1/port/options').send({ shipType: 'smallbag', kind: 'start' }).expect(401);
  });
});
