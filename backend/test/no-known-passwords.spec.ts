// No known passwords (issue 32): a real installation has the administrator only, with a password nobody
// could read anywhere; the demo's published passwords sign in nowhere outside demo mode; an account whose
// password someone else set changes it before anything else works; the codes a caller presents are kept
// as hashes.
import bcrypt from 'bcryptjs';
import pg from 'pg';
import { createHash } from 'node:crypto';
import { PASSWORD_ROUNDS } from '../src/auth/auth.service.js';
import { storedId } from '../src/common/stored-id.js';
import { runSeed } from '../src/seed/index.js';
import { INSTALL_MODE_KEY } from '../src/settings/install-mode.js';
import { SettingsService } from '../src/settings/settings.service.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { DEMO, fieldErrors, login, postLogin, requestAs, type TestApp, useTestApp } from './app.js';

const PUBLISHED_REFUSED = '该密码是公开的演示密码，在正式环境中不能用于登录，请联系管理员重置密码';
const PUBLISHED_NOT_ALLOWED = '不能使用公开的演示密码，请换一个密码';
const CHANGE_FIRST = '您的密码由他人设置，请先修改密码';

/** A database as an installation's first start finds it, as far as the seed is concerned: no staff, no mode. */
async function databaseWithoutStaff(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('delete from user_role');
    await client.query('delete from app_user');
    await client.query('delete from system_setting where key = $1', [INSTALL_MODE_KEY]);
  } finally {
    await client.end();
  }
  return database;
}

async function staffOf(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ account: string; password_hash: string; must_change_password: boolean }>(
      'select account, password_hash, must_change_password from app_user order by id',
    );
    const mode = await client.query<{ value: string }>('select value from system_setting where key = $1', [INSTALL_MODE_KEY]);
    return { staff: rows, mode: mode.rows[0]?.value };
  } finally {
    await client.end();
  }
}

describe('the seed of a real installation', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await databaseWithoutStaff();
  });
  afterEach(() => database.drop());

  const seed = (env: NodeJS.ProcessEnv, announced: string[] = []) =>
    runSeed(database.url, { onlyIfEmpty: true, env, log: () => {}, announce: (text) => announced.push(text) });

  it('creates the administrator only, with ADMIN_PASSWORD, to be changed at the first sign-in (DEMO_DATA=false)', async () => {
    const announced: string[] = [];
    expect(await seed({ DEMO_DATA: 'false', ADMIN_PASSWORD: 'Start-Pw-2026' }, announced)).toBe(true);
    const { staff, mode } = await staffOf(database.url);
    expect(staff.map((s) => s.account)).toEqual(['admin']);
    expect(await bcrypt.compare('Start-Pw-2026', staff[0].password_hash)).toBe(true);
    expect(await bcrypt.compare('admin123', staff[0].password_hash)).toBe(false);
    // at the installations' cost, whatever the test harness seeds its own template with (test/database.ts)
    expect(bcrypt.getRounds(staff[0].password_hash)).toBe(PASSWORD_ROUNDS);
    expect(staff[0].must_change_password).toBe(true);
    expect(mode).toBe('production');
    expect(announced).toEqual([]);
  });

  it('under NODE_ENV=production without ADMIN_PASSWORD, generates a strong password and prints it once', async () => {
    const announced: string[] = [];
    await seed({ NODE_ENV: 'production' }, announced);
    expect(announced).toHaveLength(1);
    const password = announced[0].match(/password: (\S+)/)![1];
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    const { staff } = await staffOf(database.url);
    expect(staff.map((s) => s.account)).toEqual(['admin']);
    expect(await bcrypt.compare(password, staff[0].password_hash)).toBe(true);
    // a later seed (npm run db:seed, or a start) follows the stored mode and says nothing again, even asked for the demo
    await runSeed(database.url, { env: { DEMO_DATA: 'true' }, log: () => {}, announce: (text) => announced.push(text) });
    expect(announced).toHaveLength(1);
    expect((await staffOf(database.url)).staff.map((s) => s.account)).toEqual(['admin']);
  });

  it('refuses a published password as ADMIN_PASSWORD', async () => {
    await expect(seed({ DEMO_DATA: 'false', ADMIN_PASSWORD: 'admin123' })).rejects.toThrow('ADMIN_PASSWORD is a published demo password');
    expect((await staffOf(database.url)).staff).toEqual([]);
  });

  it('in demo mode creates the demo staff with their published passwords, none asked to change it', async () => {
    const announced: string[] = [];
    await seed({}, announced);
    const { staff, mode } = await staffOf(database.url);
    expect(staff.map((s) => s.account)).toEqual(['admin', 'sales01', 'sales02', 'manager01', 'op01', 'fin01', 'cs01']);
    expect(staff.every((s) => !s.must_change_password)).toBe(true);
    expect(await bcrypt.compare('demo123', staff.find((s) => s.account === 'op01')!.password_hash)).toBe(true);
    expect(mode).toBe('demo');
    expect(announced).toEqual([]);
  });
});

describe('published passwords outside demo mode', () => {
  const { t, admin } = useTestApp({ admin: DEMO.admin });

  /** Makes the test app's installation a real one (as the seed of DEMO_DATA=false stores it), or a demo again. */
  async function setMode(mode: 'demo' | 'production') {
    await t.prisma.db.systemSetting.update({ where: { key: INSTALL_MODE_KEY }, data: { value: mode } });
    t.app.get(SettingsService).invalidate();
  }
  afterEach(() => setMode('demo'));

  const signIn = async (app: TestApp, account: string, password: string) => {
    const init = await app.http().get('/api/v1/login/initialize').expect(200);
    return postLogin(app, init.body.data.publicKey, { account, password });
  };

  it('the login page learns whether the installation is a demo (its mark)', async () => {
    expect((await t.http().get('/api/v1/login/initialize').expect(200)).body.data.demo).toBe(true);
    await setMode('production');
    expect((await t.http().get('/api/v1/login/initialize').expect(200)).body.data.demo).toBe(false);
  });

  it('refuses the demo passwords at sign-in with a clear message, though they match, and still signs in in demo mode', async () => {
    await setMode('production');
    for (const [account, password] of [DEMO.admin, DEMO.operator]) {
      const res = await signIn(t, account, password);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PUBLISHED_REFUSED);
    }
    await setMode('demo');
    expect((await signIn(t, ...DEMO.operator)).status).toBe(200);
  });

  it("refuses a published password as a new password, an added colleague's or a reset one", async () => {
    const finance = await t.prisma.db.user.findUniqueOrThrow({ where: { account: 'fin01' } });
    await setMode('production');
    const reset = await requestAs(t, admin).post('/api/v1/user/reset/password').send({ id: finance.id, newPassword: 'demo123' }).expect(400);
    expect(fieldErrors(reset)).toEqual({ newPassword: [PUBLISHED_NOT_ALLOWED] });
    const role = await t.prisma.db.role.findUniqueOrThrow({ where: { code: 'finance' } });
    const added = await requestAs(t, admin)
      .put('/api/v1/user/add')
      .send({ account: 'fin09', password: 'admin123', jobNo: 'F0009', fullName: '新会计', orgId: finance.orgId, roleIds: [role.id] })
      .expect(400);
    expect(fieldErrors(added)).toEqual({ password: [PUBLISHED_NOT_ALLOWED] });
    const own = await requestAs(t, admin).post('/api/v1/login/modifyPwd').send({ oldPassword: 'admin123', newPassword: 'demo123' }).expect(400);
    expect(fieldErrors(own)).toEqual({ newPassword: [PUBLISHED_NOT_ALLOWED] });
  });
});

describe('a password someone else set is changed before anything else', () => {
  const { t, admin } = useTestApp({ admin: DEMO.admin });

  it("after an administrator's reset, the user may only read who they are, change it or sign out; then everything works", async () => {
    const operator = await t.prisma.db.user.findUniqueOrThrow({ where: { account: 'op01' } });
    expect(operator.mustChangePassword).toBe(false);
    await requestAs(t, admin).post('/api/v1/user/reset/password').send({ id: operator.id, newPassword: 'Reset-Pw-31' }).expect(200);

    const session = await login(t, 'op01', 'Reset-Pw-31');
    expect(session).toMatchObject({ mustChangePassword: true });
    const info = await requestAs(t, session).get('/api/v1/user/info/view').expect(200);
    expect(info.body.data).toMatchObject({ account: 'op01', mustChangePassword: true });
    // the shell asks for the routes beside the user info: none until the change
    expect((await requestAs(t, session).post('/api/v1/menu/router').expect(200)).body.data).toEqual([]);
    for (const call of [
      requestAs(t, session).get('/api/v1/menu/paths'),
      requestAs(t, session).post('/api/v1/order/list').send({ shipType: 'smallbag', view: 'all' }),
    ]) {
      const refused = await call.expect(403);
      expect(refused.headers['x-password-change']).toBe('required');
      expect(refused.body).toMatchObject({ success: false, code: 403, message: CHANGE_FIRST });
    }
    // nor does the hub take the session: its methods would pass around the guard
    await t.http().post('/chathub/negotiate?negotiateVersion=1').set('Authorization', `Bearer ${session.token}`).expect(401);

    await requestAs(t, session).post('/api/v1/login/modifyPwd').send({ oldPassword: 'Reset-Pw-31', newPassword: 'Own-Pw-31' }).expect(200);
    expect((await t.prisma.db.user.findUniqueOrThrow({ where: { id: operator.id } })).mustChangePassword).toBe(false);
    // the change ended the session; signed in again with the new password, everything answers
    await requestAs(t, session).get('/api/v1/user/info/view').expect(401);
    const again = await login(t, 'op01', 'Own-Pw-31');
    expect(again).toMatchObject({ mustChangePassword: false });
    expect((await requestAs(t, again).post('/api/v1/menu/router').expect(200)).body.data.length).toBeGreaterThan(0);
    await requestAs(t, again).post('/api/v1/order/list').send({ shipType: 'smallbag', view: 'all' }).expect(200);
    await t.http().post('/chathub/negotiate?negotiateVersion=1').set('Authorization', `Bearer ${again.token}`).expect(200);
  });

  it('a colleague an administrator added changes the password at the first sign-in, and may sign out before', async () => {
    const role = await t.prisma.db.role.findUniqueOrThrow({ where: { code: 'customerService' } });
    const { orgId } = await t.prisma.db.user.findUniqueOrThrow({ where: { account: 'cs01' } });
    await requestAs(t, admin)
      .put('/api/v1/user/add')
      .send({ account: 'cs07', password: 'Init-Pw-07', jobNo: 'C0007', fullName: '新客服', orgId, roleIds: [role.id] })
      .expect(200);
    const session = await login(t, 'cs07', 'Init-Pw-07');
    expect(session).toMatchObject({ mustChangePassword: true });
    await requestAs(t, session).post('/api/v1/question/list').send({}).expect(403);
    await requestAs(t, session).post('/api/v1/login/logOut').expect(200);
  });
});

describe('codes a caller presents are kept as hashes', () => {
  const { t, sales } = useTestApp({ sales: DEMO.salesman });
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

  it('a binding code and an Idempotency-Key are found in the database only as SHA-256 of their value', async () => {
    const customer = (
      await requestAs(t, sales)
        .put('/api/v1/customers/add')
        .send({ companyName: '哈希贸易有限公司', contactName: '王总', mobile: '13800138000', email: 'hash@example.com' })
        .expect(200)
    ).body.data;
    const code = (await requestAs(t, sales).get(`/api/v1/customers/bindcode/${customer.id}`).expect(200)).body.data.bind_code as string;
    const codes = (await t.prisma.db.customerBindCode.findMany({ where: { customerId: customer.id } })).map((row) => row.code);
    expect(codes).toContain(sha256(code));
    expect(codes).not.toContain(code);

    const key = `question-${Date.now()}`;
    await requestAs(t, sales)
      .put('/api/v1/question/add')
      .set('Idempotency-Key', key)
      .send({ title: `到港时间 ${key}`, content: '何时到港？' })
      .expect(200);
    const keys = (await t.prisma.db.idempotencyKey.findMany({ where: { userId: sales.userid } })).map((row) => row.key);
    expect(keys).toEqual([storedId(key)]);
    expect(keys[0]).toBe(sha256(key));
  });
});
