import { DICT_USAGES, type DictUsage } from '../src/admin/dict/dict-usages.js';
import { auth, DEMO, fieldErrors, requestAs, useTestApp } from './app.js';

describe('dictionaries (/api/v1/dict)', () => {
  const { t, admin, operator } = useTestApp({ admin: DEMO.admin, operator: DEMO.operator });

  const typeOf = (dictCode: string) => t.prisma.db.dictType.findUniqueOrThrow({ where: { dictCode } });
  const itemOf = (dictCode: string, value: string) => t.prisma.db.dictItem.findUniqueOrThrow({ where: { dictCode_value: { dictCode, value } } });
  const addItem = (body: object) => requestAs(t, admin).put('/api/v1/dict/item/add').send(body);
  const updateItem = (body: object) => requestAs(t, admin).post('/api/v1/dict/item/update').send(body);

  describe('dictionaries', () => {
    it('lists every dictionary on one page for the bulk dialog, which sends an empty body', async () => {
      const res = await requestAs(t, admin).post('/api/v1/dict/list').send({}).expect(200);
      expect(res.body.data).toMatchObject({ pageIndex: 1, pageSize: 200, totalCount: 11, totalPage: 1 });
      expect(res.body.data.items).toHaveLength(11);
      expect(res.body.data.items).toContainEqual(expect.objectContaining({ id: expect.any(Number), dictCode: 'duty', dictName: '职务', classify: 'staff' }));
    });

    it('filters by code, name and category, paged', async () => {
      const byCode = await requestAs(t, admin).post('/api/v1/dict/list').send({ dictCode: 'CUSTOMER' }).expect(200);
      expect(byCode.body.data.items.map((d: { dictCode: string }) => d.dictCode).sort()).toEqual(['customerLevel', 'customerSource']);
      const byName = await requestAs(t, admin).post('/api/v1/dict/list').send({ dictName: '币' }).expect(200);
      expect(byName.body.data.items.map((d: { dictCode: string }) => d.dictCode)).toEqual(['currency']);
      const paged = await requestAs(t, admin).post('/api/v1/dict/list').send({ classify: 'finance', pageSize: 2, pageIndex: 2 }).expect(200);
      expect(paged.body.data).toMatchObject({ pageIndex: 2, pageSize: 2, totalCount: 4, totalPage: 2 });
      expect(paged.body.data.items).toHaveLength(2);
    });

    it('refuses a bad filter with its message', async () => {
      const res = await requestAs(t, admin)
        .post('/api/v1/dict/list')
        .send({ dictCode: 'x'.repeat(51) })
        .expect(400);
      expect(fieldErrors(res)).toEqual({ dictCode: ['字典编码为 1 到 50 位字母或数字'] });
    });

    it('shows a dictionary with all its values in display order', async () => {
      const duty = await typeOf('duty');
      const res = await requestAs(t, admin).get(`/api/v1/dict/detail/${duty.id}`).expect(200);
      expect(res.body.data).toMatchObject({ dictCode: 'duty', dictName: '职务', dictNameEn: 'Duty', ver: 1 });
      expect(res.body.data.items.map((i: { value: string }) => i.value)).toEqual(['系统管理员', '销售经理', '操作主管', '会计', '客服专员']);
      await requestAs(t, admin).get('/api/v1/dict/detail/99999').expect(404);
      const bad = await requestAs(t, admin).get('/api/v1/dict/detail/abc').expect(400);
      expect(JSON.parse(bad.body.message)).toEqual({ id: ['编号无效'] });
    });

    it('adds a dictionary', async () => {
      const res = await requestAs(t, admin)
        .put('/api/v1/dict/add')
        .send({ dictCode: 'cargoRisk', dictName: '货物风险', dictNameEn: 'Cargo risk', classify: 'order', remark: '' })
        .expect(200);
      expect(res.body.data).toMatchObject({ id: expect.any(Number), dictCode: 'cargoRisk', dictName: '货物风险', classify: 'order', remark: null, ver: 1 });
    });

    it('refuses a dictionary without name, with a bad code or a code already taken', async () => {
      const missing = await requestAs(t, admin).put('/api/v1/dict/add').send({}).expect(400);
      expect(fieldErrors(missing)).toEqual({ dictName: ['请输入字典名称'], dictCode: ['请输入字典编码'] });
      const bad = await requestAs(t, admin).put('/api/v1/dict/add').send({ dictCode: 'cargo-risk', dictName: 'x' }).expect(400);
      expect(fieldErrors(bad)).toEqual({ dictCode: ['字典编码为 1 到 50 位字母或数字'] });
      const taken = await requestAs(t, admin).put('/api/v1/dict/add').send({ dictCode: 'duty', dictName: '职务2' }).expect(400);
      expect(fieldErrors(taken)).toEqual({ dictCode: ['字典编码已存在'] });
    });

    it('answers validation messages in English when asked', async () => {
      const res = await requestAs(t, admin).put('/api/v1/dict/add').set('Accept-Language', 'en').send({ dictCode: 'ok' }).expect(400);
      expect(fieldErrors(res)).toEqual({ dictName: ['Enter the dictionary name'] });
    });

    it('updates a dictionary with its ver, refuses a stale ver and a changed code', async () => {
      const type = await typeOf('cargoRisk');
      const res = await requestAs(t, admin)
        .post('/api/v1/dict/update')
        .send({ id: type.id, ver: type.ver, dictCode: 'cargoRisk', dictName: '货物风险等级', classify: 'order' })
        .expect(200);
      expect(res.body.data).toMatchObject({ dictName: '货物风险等级', dictNameEn: 'Cargo risk', ver: type.ver + 1 });
      const stale = await requestAs(t, admin).post('/api/v1/dict/update').send({ id: type.id, ver: type.ver, dictName: '又改' }).expect(409);
      expect(stale.body.message).toBe('数据已被他人修改，请刷新后重试');
      const renamed = await requestAs(t, admin)
        .post('/api/v1/dict/update')
        .send({ id: type.id, ver: type.ver + 1, dictCode: 'risk', dictName: 'x' })
        .expect(400);
      expect(fieldErrors(renamed)).toEqual({ dictCode: ['字典编码创建后不能修改'] });
      const missing = await requestAs(t, admin).post('/api/v1/dict/update').send({ dictName: 'x' }).expect(400);
      expect(fieldErrors(missing)).toEqual({ id: ['编号无效'], ver: ['版本号无效，请刷新后重试'] });
    });

    it('deletes a dictionary nothing stores a value of, with its values', async () => {
      const type = await typeOf('cargoRisk');
      await addItem({ dictCode: 'cargoRisk', dictName: '高', value: 'high', sort: 0 }).expect(200);
      await requestAs(t, admin).delete(`/api/v1/dict/delete/${type.id}`).expect(200);
      expect(await t.prisma.db.dictType.count({ where: { dictCode: 'cargoRisk' } })).toBe(0);
      expect(await t.prisma.db.dictItem.count({ where: { dictCode: 'cargoRisk' } })).toBe(0);
      await requestAs(t, admin).delete(`/api/v1/dict/delete/${type.id}`).expect(404);
    });

    it('refuses to delete a dictionary whose values are stored, naming where', async () => {
      const duty = await typeOf('duty');
      const holders = await t.prisma.db.user.count({ where: { duty: { not: null } } });
      expect(holders).toBeGreaterThan(0);
      const res = await requestAs(t, admin).delete(`/api/v1/dict/delete/${duty.id}`).expect(400);
      expect(res.body.message).toBe(`该字典的值正被员工职务 ${holders} 条使用，不能删除`);
      expect(await t.prisma.db.dictItem.count({ where: { dictCode: 'duty' } })).toBe(5);
    });

    it('refuses every dictionary change to a user without the permission', async () => {
      const duty = await typeOf('duty');
      const calls = [
        t.http().post('/api/v1/dict/list').send({}),
        t.http().get(`/api/v1/dict/detail/${duty.id}`),
        t.http().put('/api/v1/dict/add').send({ dictCode: 'x', dictName: 'x' }),
        t.http().post('/api/v1/dict/update').send({ id: duty.id, ver: duty.ver, dictName: 'x' }),
        t.http().delete(`/api/v1/dict/delete/${duty.id}`),
      ];
      for (const call of calls) {
        const res = await call.set(auth(operator)).expect(403);
        expect(res.body.message).toBe('没有权限执行此操作');
      }
    });
  });

  describe('values', () => {
    it('adds a value, taking the dictionary category when none is given', async () => {
      const res = await addItem({ dictCode: 'duty', dictName: '出纳', dictNameEn: 'Cashier', value: '出纳', sort: 9, style: 'gold' }).expect(200);
      expect(res.body.data).toMatchObject({ dictCode: 'duty', value: '出纳', classify: 'staff', sort: 9, style: 'gold', enabled: true, ver: 1 });
    });

    it('refuses a value without label, value or sort, too long, taken, or for a missing dictionary', async () => {
      const missing = await addItem({ dictCode: 'duty' }).expect(400);
      expect(fieldErrors(missing)).toEqual({ dictName: ['请输入字典标签'], value: ['请输入字典值'], sort: ['排序必须是 0 到 9999 的整数'] });
      const long = await addItem({ dictCode: 'duty', dictName: 'x', value: 'x'.repeat(226), sort: 0 }).expect(400);
      expect(fieldErrors(long)).toEqual({ value: ['字典值不能超过 225 个字符'] });
      const colour = await addItem({ dictCode: 'duty', dictName: 'x', value: 'x', sort: 0, style: 'red;x' }).expect(400);
      expect(fieldErrors(colour)).toEqual({ style: ['标签颜色须为颜色名称（如 blue）或 #RRGGBB'] });
      const taken = await addItem({ dictCode: 'duty', dictName: '会计', value: '会计', sort: 0 }).expect(400);
      expect(fieldErrors(taken)).toEqual({ value: ['字典中已存在该值'] });
      const noDict = await addItem({ dictCode: 'nope', dictName: 'x', value: 'x', sort: 0 }).expect(400);
      expect(fieldErrors(noDict)).toEqual({ dictCode: ['字典不存在'] });
    });

    it('gives any signed-in user the enabled values of a dictionary in display order', async () => {
      const cashier = await itemOf('duty', '出纳');
      await t.prisma.db.dictItem.update({ where: { id: cashier.id }, data: { enabled: false } });
      const res = await requestAs(t, operator).get('/api/v1/dict/detail/item/duty').expect(200);
      expect(res.body.data.map((i: { value: string }) => i.value)).toEqual(['系统管理员', '销售经理', '操作主管', '会计', '客服专员']);
      expect(res.body.data[0]).toMatchObject({ dictCode: 'duty', dictName: '系统管理员', dictNameEn: 'Administrator', value: '系统管理员', sort: 0 });
      await t.prisma.db.dictItem.update({ where: { id: cashier.id }, data: { enabled: true } });
      const none = await requestAs(t, operator).get('/api/v1/dict/detail/item/nope').expect(200);
      expect(none.body.data).toEqual([]);
      await t.http().get('/api/v1/dict/detail/item/duty').expect(401);
    });

    it('gives the values of a dictionary that belong to one category, under the path the seeds list', async () => {
      const extra = await addItem({ dictCode: 'duty', dictName: '仓库主管', value: '仓库主管', sort: 20, classify: 'warehouse' }).expect(200);
      const all = await requestAs(t, operator).get('/api/v1/dict/detail/item/duty').expect(200);
      const staff = await requestAs(t, operator).get('/api/v1/dict/detail/item/duty/staff').expect(200);
      expect(staff.body.data.length).toBe(all.body.data.length - 1);
      expect(staff.body.data).toEqual(all.body.data.filter((i: { classify: string }) => i.classify === 'staff'));
      const warehouse = await requestAs(t, operator).get('/api/v1/dict/detail/item/duty/warehouse').expect(200);
      expect(warehouse.body.data).toEqual([expect.objectContaining({ dictCode: 'duty', value: '仓库主管', classify: 'warehouse' })]);
      const none = await requestAs(t, operator).get('/api/v1/dict/detail/item/duty/customer').expect(200);
      expect(none.body.data).toEqual([]);
      await t.http().get('/api/v1/dict/detail/item/duty/staff').expect(401);
      await requestAs(t, admin).delete(`/api/v1/dict/item/delete/${extra.body.data.id}`).expect(200);
    });

    it('gives the values of every dictionary of one category', async () => {
      const res = await requestAs(t, operator).get('/api/v1/dict/classify/item/staff').expect(200);
      const codes = [...new Set(res.body.data.map((i: { dictCode: string }) => i.dictCode))];
      expect(codes).toEqual(['duty', 'orgType']);
      expect(res.body.data.filter((i: { dictCode: string }) => i.dictCode === 'orgType').map((i: { value: string }) => i.value)).toEqual([
        'company',
        'branch',
        'department',
      ]);
    });

    it('updates a label and order with the ver, and refuses a stale ver', async () => {
      const item = await itemOf('duty', '会计');
      const res = await updateItem({ id: item.id, ver: item.ver, dictCode: 'duty', dictName: '会计师', value: '会计', sort: 3, style: '#1677ff' }).expect(200);
      expect(res.body.data).toMatchObject({ dictName: '会计师', value: '会计', style: '#1677ff', ver: item.ver + 1 });
      const stale = await updateItem({ id: item.id, ver: item.ver, dictName: 'x', value: '会计', sort: 3 }).expect(409);
      expect(stale.body.message).toBe('数据已被他人修改，请刷新后重试');
      const missing = await updateItem({ id: item.id, ver: item.ver + 1, value: '会计', sort: 3 }).expect(400);
      expect(fieldErrors(missing)).toEqual({ dictName: ['请输入字典标签'] });
    });

    it('changes a value in place only while nothing stores it, and points to the bulk change otherwise', async () => {
      const stored = await itemOf('duty', '会计');
      const refused = await updateItem({ id: stored.id, ver: stored.ver, dictName: '会计', value: '财务', sort: 3 }).expect(400);
      expect(fieldErrors(refused)).toEqual({ value: ['该值正被员工职务 1 条使用，请通过“字典值批量修改”更改'] });
      const unused = await itemOf('duty', '出纳');
      const res = await updateItem({ id: unused.id, ver: unused.ver, dictName: '出纳员', value: '出纳员', sort: 9 }).expect(200);
      expect(res.body.data).toMatchObject({ value: '出纳员', dictName: '出纳员' });
    });

    it('deletes an unused value and refuses to delete a stored one', async () => {
      const stored = await itemOf('duty', '会计');
      const refused = await requestAs(t, admin).delete(`/api/v1/dict/item/delete/${stored.id}`).expect(400);
      expect(refused.body.message).toBe('该值正被员工职务 1 条使用，不能删除，可改为停用');
      const unused = await itemOf('duty', '出纳员');
      await requestAs(t, admin).delete(`/api/v1/dict/item/delete/${unused.id}`).expect(200);
      expect(await t.prisma.db.dictItem.count({ where: { id: unused.id } })).toBe(0);
      await requestAs(t, admin).delete(`/api/v1/dict/item/delete/${unused.id}`).expect(404);
    });

    it('refuses every value change to a user without the permission', async () => {
      const item = await itemOf('duty', '会计');
      const calls = [
        t.http().put('/api/v1/dict/item/add').send({ dictCode: 'duty', dictName: 'x', value: 'x', sort: 0 }),
        t.http().post('/api/v1/dict/item/update').send({ id: item.id, ver: item.ver, dictName: 'x', value: '会计', sort: 0 }),
        t.http().delete(`/api/v1/dict/item/delete/${item.id}`),
      ];
      for (const call of calls) await call.set(auth(operator)).expect(403);
    });
  });

  describe('bulk value change (batch/update)', () => {
    it('names in the registry only real text columns of editable tables (ver, updated_at)', async () => {
      for (const usage of Object.values(DICT_USAGES).flat()) {
        const columns = await t.prisma.base.$queryRawUnsafe<{ column_name: string; data_type: string }[]>(
          `select column_name, data_type from information_schema.columns where table_schema = current_schema() and table_name = $1`,
          usage.table,
        );
        const types = new Map(columns.map((c) => [c.column_name, c.data_type]));
        expect([usage.table, types.get(usage.column)]).toEqual([usage.table, expect.stringMatching(/character varying|text/)]);
        expect(types.has('ver') && types.has('updated_at')).toBe(true);
      }
    });

    it('replaces the value in every record that stores it and in the dictionary, and reports the counts', async () => {
      const fin = await t.prisma.db.user.findUniqueOrThrow({ where: { account: 'fin01' } });
      const colleague = await t.prisma.db.user.create({ data: { account: 'fin02', passwordHash: 'x', fullName: '钱会计', duty: '会计' } });
      const item = await itemOf('duty', '会计');
      const res = await requestAs(t, admin)
        .post('/api/v1/dict/batch/update')
        .send({ dictCode: 'duty', oldDictValue: '会计', newDictValue: '财务会计' })
        .expect(200);
      expect(res.body).toMatchObject({ success: true, message: '修改成功' });
      expect(res.body.data).toEqual({
        dictCode: 'duty',
        oldDictValue: '会计',
        newDictValue: '财务会计',
        changes: [
          { table: 'dict_item', column: 'value', label: '字典项', count: 1 },
          { table: 'app_user', column: 'duty', label: '员工职务', count: 2 },
        ],
        total: 3,
      });
      const users = await t.prisma.db.user.findMany({ where: { id: { in: [fin.id, colleague.id] } }, orderBy: { id: 'asc' } });
      expect(users.map((u) => [u.duty, u.ver])).toEqual([
        ['财务会计', fin.ver + 1],
        ['财务会计', colleague.ver + 1],
      ]);
      expect(await t.prisma.db.user.count({ where: { duty: '会计' } })).toBe(0);
      expect(await itemOf('duty', '财务会计')).toMatchObject({ id: item.id, dictName: item.dictName, ver: item.ver + 1 });
      expect(await t.prisma.db.dictItem.count({ where: { dictCode: 'duty', value: '会计' } })).toBe(0);

      await t.flushAudit();
      const logged = await t.prisma.db.dataChangeLog.findFirst({ where: { tableName: 'app_user', operation: 'dictValueChange' }, orderBy: { id: 'desc' } });
      expect(logged).toMatchObject({ userId: admin.userid, before: { duty: '会计' }, after: { duty: '财务会计', count: 2 } });
    });

    it('changes organisation types too', async () => {
      const res = await requestAs(t, admin)
        .post('/api/v1/dict/batch/update')
        .send({ dictCode: 'orgType', oldDictValue: 'branch', newDictValue: 'subsidiary' })
        .expect(200);
      expect(res.body.data.changes[1]).toEqual({ table: 'org', column: 'type', label: '组织类型', count: 1 });
      expect(await t.prisma.db.org.count({ where: { type: 'subsidiary' } })).toBe(1);
    });

    it('answers the dialog messages for missing or too long fields', async () => {
      const missing = await requestAs(t, admin).post('/api/v1/dict/batch/update').send({}).expect(400);
      expect(fieldErrors(missing)).toEqual({ dictCode: ['请选择字典名'], oldDictValue: ['请选择旧字典值'], newDictValue: ['请输入新字典值'] });
      const blank = await requestAs(t, admin).post('/api/v1/dict/batch/update').send({ dictCode: 'duty', oldDictValue: '  ', newDictValue: '' }).expect(400);
      expect(fieldErrors(blank)).toEqual({ oldDictValue: ['请选择旧字典值'], newDictValue: ['请输入新字典值'] });
      const long = await requestAs(t, admin)
        .post('/api/v1/dict/batch/update')
        .send({ dictCode: 'duty', oldDictValue: '财务会计', newDictValue: 'x'.repeat(226) })
        .expect(400);
      expect(fieldErrors(long)).toEqual({ newDictValue: ['字典值不能超过 225 个字符'] });
    });

    it('refuses an unknown dictionary or old value, an unchanged value and a new value the dictionary has', async () => {
      const send = (body: object) => requestAs(t, admin).post('/api/v1/dict/batch/update').send(body).expect(400);
      expect(fieldErrors(await send({ dictCode: 'nope', oldDictValue: 'a', newDictValue: 'b' }))).toEqual({ dictCode: ['字典不存在'] });
      expect(fieldErrors(await send({ dictCode: 'duty', oldDictValue: '会计', newDictValue: '出纳' }))).toEqual({ oldDictValue: ['字典中不存在该值'] });
      expect(fieldErrors(await send({ dictCode: 'duty', oldDictValue: '财务会计', newDictValue: '财务会计' }))).toEqual({
        newDictValue: ['新字典值不能与旧字典值相同'],
      });
      expect(fieldErrors(await send({ dictCode: 'duty', oldDictValue: '财务会计', newDictValue: '客服专员' }))).toEqual({ newDictValue: ['字典中已存在该值'] });
    });

    it('refuses a new value longer than a column storing it accepts', async () => {
      const res = await requestAs(t, admin)
        .post('/api/v1/dict/batch/update')
        .send({ dictCode: 'duty', oldDictValue: '财务会计', newDictValue: '职'.repeat(51) })
        .expect(400);
      expect(fieldErrors(res)).toEqual({ newDictValue: ['新字典值超出员工职务的长度上限（50 个字符）'] });
      expect(await t.prisma.db.user.count({ where: { duty: '财务会计' } })).toBe(2);
    });

    it('changes nothing at all when one of the updates fails midway', async () => {
      // A second table storing duty values, whose constraint refuses the new value: the failure comes after
      // the dictionary item and app_user have been updated inside the transaction.
      await t.prisma.base.$executeRawUnsafe(
        `create table duty_copy (id serial primary key, duty varchar(50) check (duty <> '出纳'),
          ver int not null default 1, updated_at timestamptz not null default now())`,
      );
      await t.prisma.base.$executeRawUnsafe(`insert into duty_copy (duty) values ('财务会计')`);
      const usages = DICT_USAGES.duty as DictUsage[];
      usages.push({ table: 'duty_copy', column: 'duty', label: 'dictUsageStaffDuty' });
      try {
        const res = await requestAs(t, admin)
          .post('/api/v1/dict/batch/update')
          .send({ dictCode: 'duty', oldDictValue: '财务会计', newDictValue: '出纳' })
          .expect(500);
        expect(res.body.success).toBe(false);
      } finally {
        usages.pop();
      }
      expect(await t.prisma.db.user.count({ where: { duty: '财务会计' } })).toBe(2);
      expect(await t.prisma.db.user.count({ where: { duty: '出纳' } })).toBe(0);
      expect(await t.prisma.db.dictItem.count({ where: { dictCode: 'duty', value: '财务会计' } })).toBe(1);
      expect(await t.prisma.db.dictItem.count({ where: { dictCode: 'duty', value: '出纳' } })).toBe(0);
      expect(await t.prisma.base.$queryRawUnsafe(`select duty from duty_copy`)).toEqual([{ duty: '财务会计' }]);
    });

    it('is refused without the avatar:dict permission', async () => {
      const res = await requestAs(t, operator)
        .post('/api/v1/dict/batch/update')
        .send({ dictCode: 'duty', oldDictValue: '财务会计', newDictValue: '会计' })
        .expect(403);
      expect(res.body.message).toBe('没有权限执行此操作');
      expect(await t.prisma.db.user.count({ where: { duty: '财务会计' } })).toBe(2);
    });
  });
});
