import bcrypt from 'bcryptjs';
import { HubService } from '../src/hub/hub.service.js';
import { DEMO, fieldErrors, login, postLogin, requestAs, useTestApp } from './app.js';
import { connectHub } from './hub-client.js';

describe('staff administration (/user)', () => {
  const { t, admin, operator } = useTestApp({ admin: DEMO.admin, operator: DEMO.operator });
  const org: Record<string, number> = {};
  const role: Record<string, number> = {};
  let serial = 0;

  beforeAll(async () => {
    for (const unit of await t.prisma.db.org.findMany()) org[unit.nameEn!] = unit.id;
    for (const r of await t.prisma.db.role.findMany()) role[r.code] = r.id;
  });

  /** The distinct messages of each field of a 400 (several rules of one field may share a message). */

  /** A valid add-staff body with a fresh account; override what the test is about. */
  const newStaff = (over: Record<string, unknown> = {}) => {
    serial += 1;
    return {
      account: `staff.${serial}`,
      password: 'init123',
      jobNo: `T${1000 + serial}`,
      fullName: `测试员工${serial}`,
      orgId: org.Operations,
      roleIds: [role.operator],
      ...over,
    };
  };
  const addStaff = async (over: Record<string, unknown> = {}) => {
    const body = newStaff(over);
    const res = await requestAs(t, admin).put('/api/v1/user/add').send(body).expect(200);
    return { id: res.body.data as number, account: body.account, password: body.password };
  };
  /** A colleague an administrator added, signed in after changing the password set for them (as the hub asks). */
  const ownSession = async (staff: { account: string; password: string }) => {
    const first = await login(t, staff.account, staff.password);
    const own = `${staff.password}-own`;
    await requestAs(t, first).post('/api/v1/login/modifyPwd').send({ oldPassword: staff.password, newPassword: own }).expect(200);
    return login(t, staff.account, own);
  };
  const verOf = async (id: number) => (await t.prisma.db.user.findUniqueOrThrow({ where: { id } })).ver;
  const attemptLogin = async (account: string, password: string) => {
    const init = await t.http().get('/api/v1/login/initialize');
    return postLogin(t, init.body.data.publicKey, { account, password });
  };

  describe('PUT /user/add', () => {
    it('adds a colleague who signs in with the initial password (stored as a bcrypt hash) and answers the new id', async () => {
      const body = newStaff({
        email: 'new@example.com',
        phone: '13800138000',
        contactUs: 'QQ 12345',
        peerLabel: 'NEWP',
        directLabel: 'NEWD',
        duty: '操作主管',
        roleIds: [role.operator, role.customerService],
      });
      const res = await requestAs(t, admin).put('/api/v1/user/add').send(body).expect(200);
      const id = res.body.data;
      expect(id).toEqual(expect.any(Number));
      const detail = await requestAs(t, admin).get(`/api/v1/user/detail/${id}`).expect(200);
      expect(detail.body.data).toMatchObject({
        account: body.account,
        jobNo: body.jobNo,
        fullName: body.fullName,
        email: 'new@example.com',
        phone: '13800138000',
        peerLabel: 'NEWP',
        directLabel: 'NEWD',
        orgId: org.Operations,
        ver: 1,
      });
      expect(detail.body.data.roleIds.sort()).toEqual([role.operator, role.customerService].sort());
      const row = await t.prisma.db.user.findUniqueOrThrow({ where: { id } });
      expect(row.passwordHash).not.toBe('init123');
      expect(await bcrypt.compare('init123', row.passwordHash)).toBe(true);
      const session = await login(t, body.account, 'init123');
      expect(session.userid).toBe(id);
    });

    it('stores empty optional fields as no value', async () => {
      const { id } = await addStaff({ email: '', phone: '  ', peerLabel: '', duty: '' });
      expect(await t.prisma.db.user.findUniqueOrThrow({ where: { id } })).toMatchObject({ email: null, phone: null, peerLabel: null, duty: null });
    });

    it('answers a field message for each invalid field', async () => {
      const res = await requestAs(t, admin)
        .put('/api/v1/user/add')
        .send({ account: 'a b', password: '123', jobNo: '', fullName: 'x'.repeat(51), email: 'not-mail', phone: '12345', orgId: 'ops', roleIds: 'operator' })
        .expect(400);
      expect(fieldErrors(res)).toEqual({
        account: ['账号为 3 到 50 位字母、数字或 . _ -'],
        password: ['密码长度为 6 到 20 位'],
        jobNo: ['工号不能为空'],
        fullName: ['姓名不能超过 50 个字符'],
        email: ['邮箱格式不正确'],
        phone: ['电话号码格式不正确'],
        orgId: ['请选择所属组织'],
        roleIds: ['请选择角色'],
      });
    });

    it('answers the field messages in English when asked', async () => {
      const res = await requestAs(t, admin)
        .put('/api/v1/user/add')
        .set('Accept-Language', 'en')
        .send(newStaff({ account: 'ab' }))
        .expect(400);
      expect(fieldErrors(res)).toEqual({ account: ['The account must be 3 to 50 letters, digits or . _ -'] });
    });

    it('refuses an account that exists, whatever its case, deleted staff included', async () => {
      const res = await requestAs(t, admin)
        .put('/api/v1/user/add')
        .send(newStaff({ account: 'SALES01' }))
        .expect(400);
      expect(fieldErrors(res)).toEqual({ account: ['账号已存在'] });
      const gone = await addStaff();
      await requestAs(t, admin).delete(`/api/v1/user/delete/${gone.id}`).expect(200);
      const again = await requestAs(t, admin)
        .put('/api/v1/user/add')
        .send(newStaff({ account: gone.account }))
        .expect(400);
      expect(fieldErrors(again)).toEqual({ account: ['账号已存在'] });
    });

    it('refuses a shipping mark an active colleague uses as either mark, naming them; a deleted colleague’s mark is free', async () => {
      const res = await requestAs(t, admin)
        .put('/api/v1/user/add')
        .send(newStaff({ peerLabel: 'zxmd', directLabel: 'ZXM' }))
        .expect(400);
      expect(fieldErrors(res)).toEqual({ peerLabel: ['该唛头已被员工 张晓明 使用'], directLabel: ['该唛头已被员工 张晓明 使用'] });
      const gone = await addStaff({ peerLabel: 'GONE1' });
      await requestAs(t, admin).delete(`/api/v1/user/delete/${gone.id}`).expect(200);
      await addStaff({ peerLabel: 'GONE1' });
    });

    it('refuses an organisation unit or roles that do not exist', async () => {
      const res = await requestAs(t, admin)
        .put('/api/v1/user/add')
        .send(newStaff({ orgId: 999999, roleIds: [role.operator, 888888] }))
        .expect(400);
      expect(fieldErrors(res)).toEqual({ orgId: ['所属组织不存在'], roleIds: ['角色不存在：888888'] });
    });

    it('refuses a user without staff:add with 403', async () => {
      await requestAs(t, operator).put('/api/v1/user/add').send(newStaff()).expect(403);
    });
  });

  describe('POST /user/update', () => {
    const editBody = async (id: number, over: Record<string, unknown> = {}) => {
      const { data } = (await requestAs(t, admin).get(`/api/v1/user/detail/${id}`).expect(200)).body;
      const { account: _, ...editable } = data;
      return { ...editable, ...over };
    };

    it('saves the fields, replaces the roles in the same write, bumps ver, and the new grants apply at once', async () => {
      const staff = await addStaff();
      const session = await login(t, staff.account, staff.password);
      const before = await requestAs(t, session).get('/api/v1/user/info/view').expect(200);
      expect(before.body.data.roleCodes).toEqual(['operator']);
      const body = await editBody(staff.id, {
        fullName: '改名后',
        duty: '客服专员',
        orgId: org['Customer service'],
        roleIds: [role.customerService, role.finance],
      });
      await requestAs(t, admin).post('/api/v1/user/update').send(body).expect(200);
      const after = await requestAs(t, admin).get(`/api/v1/user/detail/${staff.id}`).expect(200);
      expect(after.body.data).toMatchObject({ fullName: '改名后', duty: '客服专员', orgId: org['Customer service'], ver: body.ver + 1 });
      expect(after.body.data.roleIds.sort()).toEqual([role.customerService, role.finance].sort());
      const info = await requestAs(t, session).get('/api/v1/user/info/view').expect(200);
      expect(info.body.data.roleCodes.sort()).toEqual(['customerService', 'finance']);
    });

    it('pushes the new route tree to the user when their roles changed', async () => {
      const staff = await addStaff();
      const session = await ownSession(staff);
      const connection = await connectHub(t.url, session.token);
      try {
        const pushed = new Promise<{ name: string }[]>((resolve) => connection.on('ReceiveMenuRouter', resolve));
        await requestAs(t, admin)
          .post('/api/v1/user/update')
          .send(await editBody(staff.id, { roleIds: [role.finance] }))
          .expect(200);
        expect((await pushed).map((node) => node.name)).toContain('Finance');
      } finally {
        await connection.stop();
      }
    });

    it('refuses a stale ver with 409 and keeps the other edit', async () => {
      const staff = await addStaff();
      const body = await editBody(staff.id);
      await requestAs(t, admin)
        .post('/api/v1/user/update')
        .send({ ...body, fullName: '先保存' })
        .expect(200);
      const res = await requestAs(t, admin)
        .post('/api/v1/user/update')
        .send({ ...body, fullName: '后保存' })
        .expect(409);
      expect(res.body.message).toBe('数据已被他人修改，请刷新后重试');
      expect((await t.prisma.db.user.findUniqueOrThrow({ where: { id: staff.id } })).fullName).toBe('先保存');
    });

    it('keeps the user’s own marks but refuses a colleague’s', async () => {
      const staff = await addStaff({ peerLabel: 'OWN1', directLabel: 'OWN2' });
      await requestAs(t, admin)
        .post('/api/v1/user/update')
        .send(await editBody(staff.id, { directLabel: 'own2' }))
        .expect(200);
      const res = await requestAs(t, admin)
        .post('/api/v1/user/update')
        .send(await editBody(staff.id, { peerLabel: 'ZXM' }))
        .expect(400);
      expect(fieldErrors(res)).toEqual({ peerLabel: ['该唛头已被员工 张晓明 使用'] });
    });

    it('answers field messages for a missing ver and invalid fields', async () => {
      const staff = await addStaff();
      const { ver: _, ...body } = await editBody(staff.id, { fullName: '', roleIds: [role.operator, role.operator] });
      const res = await requestAs(t, admin).post('/api/v1/user/update').send(body).expect(400);
      expect(fieldErrors(res)).toEqual({ ver: ['版本号无效，请刷新后重试'], fullName: ['姓名不能为空'], roleIds: ['请选择角色'] });
    });

    it('answers 404 for a deleted colleague', async () => {
      const staff = await addStaff();
      const body = await editBody(staff.id);
      await requestAs(t, admin).delete(`/api/v1/user/delete/${staff.id}`).expect(200);
      await requestAs(t, admin)
        .post('/api/v1/user/update')
        .send({ ...body, ver: body.ver + 1 })
        .expect(404);
    });

    it('refuses a user without staff:modify with 403', async () => {
      const staff = await addStaff();
      await requestAs(t, operator)
        .post('/api/v1/user/update')
        .send(await editBody(staff.id))
        .expect(403);
    });
  });

  describe('DELETE /user/delete/{id}', () => {
    it('soft-deletes: the row and its roles remain, the user leaves the list, their live token gets 401 and they cannot sign in', async () => {
      const staff = await addStaff({ fullName: '将被删除' });
      const session = await login(t, staff.account, staff.password);
      await requestAs(t, admin).delete(`/api/v1/user/delete/${staff.id}`).expect(200);
      const row = await t.prisma.db.user.findUniqueOrThrow({ where: { id: staff.id }, include: { roles: true } });
      expect(row.deletedAt).toBeInstanceOf(Date);
      expect(row.enabled).toBe(false);
      expect(row.roles.map((r) => r.roleId)).toEqual([role.operator]);
      const list = await requestAs(t, admin).post('/api/v1/user/list').send({ fullName: '将被删除' }).expect(200);
      expect(list.body.data.items).toEqual([]);
      await requestAs(t, admin).get(`/api/v1/user/detail/${staff.id}`).expect(404);
      await requestAs(t, session).get('/api/v1/user/info/view').expect(401);
      const ended = await t.prisma.db.authSession.findMany({ where: { userId: staff.id } });
      expect(ended.map((s) => s.endReason)).toEqual(['deleted']);
      expect((await attemptLogin(staff.account, staff.password)).status).toBe(400);
    });

    it('refuses to delete yourself or a super administrator', async () => {
      const self = await requestAs(t, admin).delete(`/api/v1/user/delete/${admin.userid}`).expect(400);
      expect(self.body.message).toBe('不能删除自己的账号');
      const boss = await addStaff();
      await t.prisma.db.user.update({ where: { id: boss.id }, data: { isSuperAdmin: true } });
      const res = await requestAs(t, admin).delete(`/api/v1/user/delete/${boss.id}`).expect(400);
      expect(res.body.message).toBe('不能删除超级管理员');
      expect((await t.prisma.db.user.findUniqueOrThrow({ where: { id: boss.id } })).deletedAt).toBeNull();
    });

    it('answers 404 for a colleague already deleted and 400 for an id that is not a number', async () => {
      const staff = await addStaff();
      await requestAs(t, admin).delete(`/api/v1/user/delete/${staff.id}`).expect(200);
      await requestAs(t, admin).delete(`/api/v1/user/delete/${staff.id}`).expect(404);
      const res = await requestAs(t, admin).delete('/api/v1/user/delete/abc').expect(400);
      expect(JSON.parse(res.body.message)).toEqual({ id: ['编号无效'] });
    });

    it('refuses a user without staff:delete with 403', async () => {
      const staff = await addStaff();
      await requestAs(t, operator).delete(`/api/v1/user/delete/${staff.id}`).expect(403);
    });
  });

  describe('POST /user/update/status', () => {
    it('disabling ends the sessions (live token 401, sign-in refused); enabling lets the user in again', async () => {
      const staff = await addStaff();
      const session = await login(t, staff.account, staff.password);
      await requestAs(t, admin).post('/api/v1/user/update/status').send({ id: staff.id, enabled: false, ver: 1 }).expect(200);
      await requestAs(t, session).get('/api/v1/user/info/view').expect(401);
      expect((await t.prisma.db.authSession.findFirstOrThrow({ where: { userId: staff.id } })).endReason).toBe('disabled');
      const refused = await attemptLogin(staff.account, staff.password);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('账号已停用，请联系管理员');
      await requestAs(t, admin).post('/api/v1/user/update/status').send({ id: staff.id, enabled: true, ver: 2 }).expect(200);
      await login(t, staff.account, staff.password);
    });

    it('refuses to disable yourself', async () => {
      const res = await requestAs(t, admin)
        .post('/api/v1/user/update/status')
        .send({ id: admin.userid, enabled: false, ver: await verOf(admin.userid) })
        .expect(400);
      expect(res.body.message).toBe('不能停用自己的账号');
    });

    it('refuses a stale ver with 409', async () => {
      const staff = await addStaff();
      await requestAs(t, admin).post('/api/v1/user/update/status').send({ id: staff.id, enabled: false, ver: 1 }).expect(200);
      await requestAs(t, admin).post('/api/v1/user/update/status').send({ id: staff.id, enabled: true, ver: 1 }).expect(409);
    });

    it('answers field messages for a missing status and ver', async () => {
      const res = await requestAs(t, admin).post('/api/v1/user/update/status').send({ id: 1, enabled: 'no' }).expect(400);
      expect(fieldErrors(res)).toEqual({ enabled: ['请选择启用或停用'], ver: ['版本号无效，请刷新后重试'] });
    });

    it('refuses a user without staff:status with 403', async () => {
      const staff = await addStaff();
      await requestAs(t, operator).post('/api/v1/user/update/status').send({ id: staff.id, enabled: false, ver: 1 }).expect(403);
    });
  });

  describe('POST /user/list', () => {
    type Row = { id: number; account: string; orgId: number; enabled: boolean; online: boolean; roles: { code: string }[] };
    const list = async (body: object) =>
      (await requestAs(t, admin).post('/api/v1/user/list').send(body).expect(200)).body.data as {
        items: Row[];
        totalCount: number;
        totalPage: number;
        pageIndex: number;
        pageSize: number;
      };

    it('pages the active staff newest first, with unit name and roles', async () => {
      const staff = await addStaff({ fullName: '列表新人', peerLabel: 'LST1' });
      const active = await t.prisma.db.user.count({ where: { deletedAt: null } });
      const page = await list({ pageIndex: 1, pageSize: 2 });
      expect(page).toMatchObject({ pageIndex: 1, pageSize: 2, totalCount: active, totalPage: Math.ceil(active / 2) });
      expect(page.items[0]).toEqual({
        id: staff.id,
        jobNo: expect.any(String),
        account: staff.account,
        fullName: '列表新人',
        email: null,
        phone: null,
        peerLabel: 'LST1',
        directLabel: null,
        duty: null,
        orgId: org.Operations,
        orgName: '操作部',
        roles: [{ id: role.operator, code: 'operator', name: '操作', nameEn: 'Operator' }],
        enabled: true,
        online: false,
        signInLockedUntil: null,
        createdAt: expect.any(String),
        ver: 1,
      });
      expect(page.items[0].id).toBeGreaterThan(page.items[1].id);
    });

    it('filters by name and account (contains), role and status', async () => {
      expect((await list({ fullName: '晓明' })).items.map((r) => r.account)).toEqual(['sales01']);
      expect((await list({ account: 'FIN' })).items.map((r) => r.account)).toEqual(['fin01']);
      expect((await list({ roleId: role.salesman })).items.map((r) => r.account).sort()).toEqual(['sales01', 'sales02']);
      const off = await addStaff();
      await requestAs(t, admin).post('/api/v1/user/update/status').send({ id: off.id, enabled: false, ver: 1 }).expect(200);
      const disabled = await list({ enabled: false, pageSize: 200 });
      expect(disabled.items.map((r) => r.id)).toContain(off.id);
      expect(disabled.items.every((r) => !r.enabled)).toBe(true);
    });

    it('filters by a unit including the units under it', async () => {
      const sz = [org['Shenzhen branch'], org.Sales, org.Operations, org['Customer service']];
      const rows = (await list({ orgId: org['Shenzhen branch'], pageSize: 200 })).items;
      expect(rows.map((r) => r.account)).toEqual(expect.arrayContaining(['sales01', 'op01', 'cs01']));
      expect(rows.map((r) => r.account)).not.toEqual(expect.arrayContaining(['fin01']));
      expect(rows.every((r) => sz.includes(r.orgId))).toBe(true);
      expect((await list({ orgId: org.Sales })).items.map((r) => r.account).sort()).toEqual(['manager01', 'sales01', 'sales02']);
    });

    it('marks the staff connected to the hub as online', async () => {
      const staff = await addStaff({ fullName: '在线小王' });
      const session = await ownSession(staff);
      const connection = await connectHub(t.url, session.token);
      try {
        expect((await list({ fullName: '在线小王' })).items.map((r) => r.online)).toEqual([true]);
      } finally {
        await connection.stop();
      }
    });

    it('answers field messages for invalid paging and filters', async () => {
      const res = await requestAs(t, admin).post('/api/v1/user/list').send({ pageSize: 500, orgId: 'x', enabled: 'yes' }).expect(400);
      expect(fieldErrors(res)).toEqual({ pageSize: ['分页参数错误'], orgId: ['编号无效'], enabled: ['请选择启用或停用'] });
    });

    it('refuses a user without staff:list with 403', async () => {
      await requestAs(t, operator).post('/api/v1/user/list').send({}).expect(403);
    });
  });

  describe('POST /user/list/take', () => {
    it('lets anyone signed in pick active, enabled colleagues by name, account or job number', async () => {
      const take = async (key?: string) => (await requestAs(t, operator).post('/api/v1/user/list/take').send({ key }).expect(200)).body.data;
      expect(await take('晓明')).toEqual([{ id: expect.any(Number), fullName: '张晓明' }]);
      expect(await take('fin0')).toEqual([{ id: expect.any(Number), fullName: '王海燕' }]);
      expect(await take('c0001')).toEqual([{ id: expect.any(Number), fullName: '赵雨婷' }]);
      const off = await addStaff({ fullName: '停用的人' });
      await requestAs(t, admin).post('/api/v1/user/update/status').send({ id: off.id, enabled: false, ver: 1 }).expect(200);
      expect(await take('停用的人')).toEqual([]);
    });

    it('answers at most 20 colleagues', async () => {
      for (let i = 0; i < 21; i++) await t.prisma.db.user.create({ data: { account: `bulk${i}`, passwordHash: 'x', fullName: `批量${i}` } });
      const res = await requestAs(t, operator).post('/api/v1/user/list/take').send({ key: '批量' }).expect(200);
      expect(res.body.data).toHaveLength(20);
    });

    it('answers a field message for an over-long key', async () => {
      const res = await requestAs(t, operator)
        .post('/api/v1/user/list/take')
        .send({ key: 'x'.repeat(51) })
        .expect(400);
      expect(fieldErrors(res)).toEqual({ key: ['查询内容不能超过 50 个字符'] });
    });

    it('refuses a caller who is not signed in with 401', async () => {
      await t.http().post('/api/v1/user/list/take').send({}).expect(401);
    });
  });

  describe('POST /user/list/online', () => {
    it('lists the connected staff once each, with their connection count and earliest connection', async () => {
      const staff = await addStaff({ fullName: '双开用户' });
      const session = await ownSession(staff);
      const connections = [await connectHub(t.url, session.token), await connectHub(t.url, session.token)];
      try {
        const res = await requestAs(t, admin).post('/api/v1/user/list/online').send({}).expect(200);
        const mine = (await t.app.get(HubService).online())
          .filter((c) => c.userId === staff.id)
          .map((c) => c.connectedAt)
          .sort();
        expect(res.body.data.filter((r: { id: number }) => r.id === staff.id)).toEqual([
          { id: staff.id, fullName: '双开用户', account: staff.account, connections: 2, since: mine[0] },
        ]);
      } finally {
        await Promise.all(connections.map((c) => c.stop()));
      }
    });

    it('refuses a user without staff:online with 403', async () => {
      await requestAs(t, operator).post('/api/v1/user/list/online').send({}).expect(403);
    });
  });

  describe('POST /user/list/assist', () => {
    it('lists the active, enabled operators and customer service staff, filtered by the key', async () => {
      const res = await requestAs(t, operator).post('/api/v1/user/list/assist').send({}).expect(200);
      const names = res.body.data.map((r: { fullName: string }) => r.fullName);
      expect(names).toEqual(expect.arrayContaining(['李文静', '赵雨婷']));
      expect(names).not.toEqual(expect.arrayContaining(['张晓明']));
      expect(names).not.toContain('王海燕');
      const keyed = await requestAs(t, operator).post('/api/v1/user/list/assist').send({ key: '雨婷' }).expect(200);
      expect(keyed.body.data).toEqual([{ id: expect.any(Number), fullName: '赵雨婷' }]);
    });

    it('leaves out disabled and deleted staff', async () => {
      const off = await addStaff({ fullName: '停用操作员' });
      const gone = await addStaff({ fullName: '删除操作员' });
      await requestAs(t, admin).post('/api/v1/user/update/status').send({ id: off.id, enabled: false, ver: 1 }).expect(200);
      await requestAs(t, admin).delete(`/api/v1/user/delete/${gone.id}`).expect(200);
      const res = await requestAs(t, operator).post('/api/v1/user/list/assist').send({ key: '操作员' }).expect(200);
      expect(res.body.data).toEqual([]);
    });

    it('refuses a caller who is not signed in with 401', async () => {
      await t.http().post('/api/v1/user/list/assist').send({}).expect(401);
    });
  });

  describe('POST /user/list/role', () => {
    it('lists the active, enabled staff of a role', async () => {
      const off = await addStaff({ fullName: '停用会计', roleIds: [role.finance] });
      await requestAs(t, admin).post('/api/v1/user/update/status').send({ id: off.id, enabled: false, ver: 1 }).expect(200);
      const res = await requestAs(t, operator).post('/api/v1/user/list/role').send({ roleCode: 'finance' }).expect(200);
      const ids = res.body.data.map((r: { id: number }) => r.id);
      expect(res.body.data).toContainEqual({ id: expect.any(Number), fullName: '王海燕' });
      expect(ids).not.toContain(off.id);
      expect(await t.prisma.db.userRole.count({ where: { userId: { in: ids }, role: { code: 'finance' } } })).toBe(ids.length);
      const none = await requestAs(t, operator).post('/api/v1/user/list/role').send({ roleCode: 'nobody' }).expect(200);
      expect(none.body.data).toEqual([]);
    });

    it('answers a field message without a role code', async () => {
      const res = await requestAs(t, operator).post('/api/v1/user/list/role').send({}).expect(400);
      expect(fieldErrors(res)).toEqual({ roleCode: ['请选择角色'] });
    });

    it('refuses a caller who is not signed in with 401', async () => {
      await t.http().post('/api/v1/user/list/role').send({ roleCode: 'finance' }).expect(401);
    });
  });

  describe('POST /user/reset/password', () => {
    it('sets the new password, ends the user’s sessions and lifts a sign-in lock', async () => {
      const staff = await addStaff();
      const session = await login(t, staff.account, staff.password);
      await t.prisma.db.loginFailure.create({
        data: { account: staff.account, failures: 5, lastFailureAt: new Date(), lockedUntil: new Date(Date.now() + 600_000) },
      });
      const res = await requestAs(t, admin).post('/api/v1/user/reset/password').send({ id: staff.id, newPassword: 'reset456' }).expect(200);
      expect(res.body.message).toBe('密码已重置，该员工需使用新密码重新登录');
      await requestAs(t, session).get('/api/v1/user/info/view').expect(401);
      expect((await t.prisma.db.authSession.findFirstOrThrow({ where: { userId: staff.id } })).endReason).toBe('password');
      expect((await attemptLogin(staff.account, staff.password)).status).toBe(400);
      await login(t, staff.account, 'reset456');
    });

    it('answers a field message for a password of the wrong length', async () => {
      const res = await requestAs(t, admin).post('/api/v1/user/reset/password').send({ id: operator.userid, newPassword: '12345' }).expect(400);
      expect(fieldErrors(res)).toEqual({ newPassword: ['新密码格式错误！'] });
    });

    it('answers 404 for a colleague who does not exist', async () => {
      await requestAs(t, admin).post('/api/v1/user/reset/password').send({ id: 999999, newPassword: 'reset456' }).expect(404);
    });

    it('refuses a user without staff:resetPwd with 403', async () => {
      await requestAs(t, operator).post('/api/v1/user/reset/password').send({ id: operator.userid, newPassword: 'reset456' }).expect(403);
    });

    it('lets only a super administrator reset, disable or edit a super administrator', async () => {
      // a staff administrator who is not a super admin: holds every staff code through the admin role
      const manager = await addStaff({ roleIds: [role.admin] });
      const managerSession = await login(t, manager.account, manager.password);
      const superAdmin = await t.prisma.db.user.findUniqueOrThrow({ where: { account: 'admin' } });
      await requestAs(t, managerSession).post('/api/v1/user/reset/password').send({ id: superAdmin.id, newPassword: 'taken999' }).expect(403);
      await requestAs(t, managerSession).post('/api/v1/user/update/status').send({ id: superAdmin.id, enabled: false, ver: superAdmin.ver }).expect(403);
      const unchanged = await t.prisma.db.user.findUniqueOrThrow({ where: { id: superAdmin.id } });
      expect(unchanged).toMatchObject({ enabled: true, ver: superAdmin.ver, passwordHash: superAdmin.passwordHash });
    });
  });

  describe('POST /user/update/wechat/unbind/{id}', () => {
    it('unbinds a colleague’s mini-program account', async () => {
      const staff = await addStaff();
      await t.prisma.db.user.update({ where: { id: staff.id }, data: { wechatOpenId: 'openid-123' } });
      const res = await requestAs(t, admin).post(`/api/v1/user/update/wechat/unbind/${staff.id}`).expect(200);
      expect(res.body.message).toBe('微信小程序解绑成功');
      expect(await t.prisma.db.user.findUniqueOrThrow({ where: { id: staff.id } })).toMatchObject({ wechatOpenId: null, ver: 2 });
    });

    it('answers 404 for a colleague who does not exist', async () => {
      await requestAs(t, admin).post('/api/v1/user/update/wechat/unbind/999999').expect(404);
    });

    it('refuses a user without staff:modify with 403', async () => {
      await requestAs(t, operator).post(`/api/v1/user/update/wechat/unbind/${admin.userid}`).expect(403);
    });
  });

  describe('GET /user/detail/{id}', () => {
    it('answers 400 with a clear message for an id that is not a number', async () => {
      const res = await requestAs(t, operator).get('/api/v1/user/detail/abc').expect(400);
      expect(JSON.parse(res.body.message)).toEqual({ id: ['编号无效'] });
    });
  });
});
