import { SETTINGS } from '../src/settings/settings.catalogue.js';
import { auth, DEMO, fieldErrors, postLogin, requestAs, useTestApp } from './app.js';

describe('system parameters (/api/v1/deploy)', () => {
  const { t, admin, operator } = useTestApp({ admin: DEMO.admin, operator: DEMO.operator });

  const update = (body: object) => requestAs(t, admin).post('/api/v1/deploy/update').send(body);
  const listed = async (key: string) => {
    const res = await requestAs(t, admin).post('/api/v1/deploy/list').expect(200);
    return res.body.data.find((s: { key: string }) => s.key === key);
  };

  it('lists every parameter of the catalogue with its value, default, type, group and labels', async () => {
    const res = await requestAs(t, admin).post('/api/v1/deploy/list').expect(200);
    expect(res.body.data.map((s: { key: string }) => s.key)).toEqual(Object.keys(SETTINGS));
    expect(res.body.data.find((s: { key: string }) => s.key === 'security.loginMaxFailures')).toEqual({
      key: 'security.loginMaxFailures',
      value: 5,
      default: 5,
      type: 'number',
      group: 'security',
      label: '连续登录失败锁定次数',
      labelEn: 'Failed sign-ins before lockout',
      stored: false,
      ver: null,
      updatedAt: null,
      updatedBy: null,
    });
  });

  it('stores a changed parameter, then changes it again with its ver, and records both in the operation log', async () => {
    const first = await update({ key: 'security.loginLockMinutes', value: 30 }).expect(200);
    expect(first.body.data).toMatchObject({ key: 'security.loginLockMinutes', value: 30, default: 15, stored: true, ver: 1, updatedBy: admin.userid });
    const second = await update({ key: 'security.loginLockMinutes', value: '45', ver: 1 }).expect(200);
    expect(second.body.data).toMatchObject({ value: 45, ver: 2 });
    expect(await listed('security.loginLockMinutes')).toMatchObject({ value: 45, ver: 2, stored: true });
    const row = await t.prisma.db.systemSetting.findUniqueOrThrow({ where: { key: 'security.loginLockMinutes' } });
    expect(row).toMatchObject({ value: 45, valueType: 'number', groupName: 'security', label: '登录锁定时长（分钟）', updatedBy: admin.userid });

    await t.flushAudit();
    const changes = await t.prisma.db.dataChangeLog.findMany({ where: { tableName: 'SystemSetting' }, orderBy: { id: 'asc' } });
    expect(changes.map((c) => [c.operation, c.userId, (c.after as { value: number }).value])).toEqual([
      ['create', admin.userid, 30],
      ['update', admin.userid, 45],
    ]);
    expect(changes[1].before).toMatchObject({ key: 'security.loginLockMinutes', value: 30 });
  });

  it('refuses a stale ver, and a change made without the ver of a stored value', async () => {
    const stale = await update({ key: 'security.loginLockMinutes', value: 50, ver: 1 }).expect(409);
    expect(stale.body.message).toBe('数据已被他人修改，请刷新后重试');
    await update({ key: 'security.loginLockMinutes', value: 50 }).expect(409);
    await update({ key: 'site.logo', value: '/files/logo.png', ver: 3 }).expect(409);
    expect(await listed('security.loginLockMinutes')).toMatchObject({ value: 45, ver: 2 });
  });

  it('validates the value against the type of the parameter', async () => {
    expect(fieldErrors(await update({}).expect(400))).toEqual({ key: ['请选择系统参数'], value: ['请输入参数值'] });
    expect(fieldErrors(await update({ key: 'nope', value: 1 }).expect(400))).toEqual({ key: ['未知的系统参数：nope'] });
    expect(fieldErrors(await update({ key: 'security.loginLockMinutes', value: -1 }).expect(400))).toEqual({ value: ['请输入不小于 0 的数字'] });
    expect(fieldErrors(await update({ key: 'security.accessTokenMinutes', value: 0 }).expect(400))).toEqual({ value: ['请输入不小于 1 的数字'] });
    expect(fieldErrors(await update({ key: 'site.title', value: { a: 1 } }).expect(400))).toEqual({ value: ['请输入不超过 500 个字符的文本'] });
    expect(fieldErrors(await update({ key: 'upload.allowedTypes', value: [1] }).expect(400))).toEqual({ value: ['请输入文本列表，每项不超过 200 个字符'] });
    const en = await update({ key: 'security.loginLockMinutes', value: 'many' }).set('Accept-Language', 'en').expect(400);
    expect(fieldErrors(en)).toEqual({ value: ['Enter a number not less than 0'] });
  });

  it('resets a parameter to its default', async () => {
    const res = await requestAs(t, admin).post('/api/v1/deploy/reset/security.loginLockMinutes').expect(200);
    expect(res.body.message).toBe('已恢复默认值');
    expect(res.body.data).toMatchObject({ key: 'security.loginLockMinutes', value: 15, stored: false, ver: null });
    expect(await t.prisma.db.systemSetting.count({ where: { key: 'security.loginLockMinutes' } })).toBe(0);
    await requestAs(t, admin).post('/api/v1/deploy/reset/security.loginLockMinutes').expect(200);
    const unknown = await requestAs(t, admin).post('/api/v1/deploy/reset/nope').expect(400);
    expect(unknown.body.message).toBe('未知的系统参数：nope');
  });

  it('locks an account after the number of failures set here', async () => {
    await update({ key: 'security.loginMaxFailures', value: 2 }).expect(200);
    const init = await t.http().get('/api/v1/login/initialize');
    const attempt = (password: string) => postLogin(t, init.body.data.publicKey, { account: 'cs01', password });
    const first = await attempt('wrong-password');
    expect([first.status, first.body.message]).toEqual([400, '账号或密码错误，还可尝试 1 次']);
    const second = await attempt('wrong-password');
    expect(second.status).toBe(423);
    expect((await attempt('demo123')).status).toBe(423);
  });

  it('shows a changed title on the login page at once', async () => {
    await update({ key: 'site.title', value: '  环球货代  ' }).expect(200);
    const init = await t.http().get('/api/v1/login/initialize').expect(200);
    expect(init.body.data.title).toBe('环球货代');
  });

  it('refuses every call to a user without the permission', async () => {
    for (const call of [
      t.http().post('/api/v1/deploy/list'),
      t.http().post('/api/v1/deploy/update').send({ key: 'site.title', value: 'x' }),
      t.http().post('/api/v1/deploy/reset/site.title'),
    ]) {
      const res = await call.set(auth(operator)).expect(403);
      expect(res.body.message).toBe('没有权限执行此操作');
    }
  });
});
