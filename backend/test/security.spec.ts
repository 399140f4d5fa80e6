import { API_PREFIX } from '../src/config/app-config.js';
import { listRoutes } from '../src/common/route-catalogue.js';
import { DEMO, refusal, requestAs, useTestApp } from './app.js';

interface SecurityRow {
  method: string;
  path: string;
  handler: string;
  access: string;
  permissions: { code: string; name: string; nameEn: string; roles: { code: string }[] }[];
  note: string;
}

describe('API security list (/api/v1/security/list)', () => {
  const { t, admin, operator } = useTestApp({ admin: DEMO.admin, operator: DEMO.operator });

  const list = (body: object = {}, as = admin) => requestAs(t, as).post('/api/v1/security/list').send(body);
  const fields = (res: { body: { message: string } }) => JSON.parse(res.body.message);
  /** Every row matching the filters, page after page. */
  const all = async (filters: object = {}): Promise<SecurityRow[]> => {
    const rows: SecurityRow[] = [];
    for (let pageIndex = 1; ; pageIndex++) {
      const { data } = (await list({ ...filters, pageIndex, pageSize: 50 }).expect(200)).body;
      rows.push(...data.items);
      if (pageIndex >= data.totalPage) return rows;
    }
  };
  const row = (rows: SecurityRow[], method: string, path: string) => rows.find((r) => r.method === method && r.path === path);

  it('lists every API route of the server, read from the handlers themselves', async () => {
    const routes = listRoutes(t.app, API_PREFIX);
    const first = (await list({ pageSize: 10 }).expect(200)).body.data;
    expect(first).toMatchObject({ pageIndex: 1, pageSize: 10, totalCount: routes.length, totalPage: Math.ceil(routes.length / 10) });
    expect(first.items).toHaveLength(10);
    const rows = await all();
    expect(rows.map((r) => `${r.method} ${r.path}`)).toEqual(routes.map((r) => `${r.method} ${r.path}`));
    expect(row(rows, 'POST', '/api/v1/security/list')).toMatchObject({ handler: 'SecurityController.list', access: 'permission' });
  });

  it('shows the sign-in call as public', async () => {
    expect(row(await all(), 'POST', '/api/v1/login/user')).toEqual({
      method: 'POST',
      path: '/api/v1/login/user',
      handler: 'LoginController.login',
      access: 'public',
      permissions: [],
      note: '无需登录即可调用',
    });
  });

  it('shows the upload guarded by file:upload, with its names and every role holding it', async () => {
    const upload = row(await all(), 'POST', '/api/v1/file/update')!;
    expect(upload).toMatchObject({ access: 'permission', note: '需持有其中任一权限；超级管理员不受此限制' });
    expect(upload.permissions).toEqual([
      {
        code: 'file:upload',
        name: '上传文件',
        nameEn: 'Upload files',
        roles: ['admin', 'salesman', 'salesManager', 'operator', 'finance', 'customerService'].map((code) => expect.objectContaining({ code })),
      },
    ]);
  });

  it('shows the roles as role_permission holds them now', async () => {
    const before = row(await all({ permission: 'security:list' }), 'POST', '/api/v1/security/list')!;
    expect(before.permissions[0].roles.map((r) => r.code)).toEqual(['admin']);
    const finance = await t.prisma.db.role.findUniqueOrThrow({ where: { code: 'finance' } });
    await t.prisma.db.rolePermission.create({ data: { roleId: finance.id, permissionCode: 'security:list' } });
    const after = row(await all({ permission: 'security:list' }), 'POST', '/api/v1/security/list')!;
    expect(after.permissions[0].roles.map((r) => r.code)).toEqual(['admin', 'finance']);
  });

  it('filters by part of the path, method, part of a permission code and access kind', async () => {
    expect((await all({ path: 'FILE/UPD' })).map((r) => r.path)).toEqual(['/api/v1/file/update']);
    const gets = await all({ method: 'get' });
    expect(gets.length).toBeGreaterThan(0);
    expect(gets.every((r) => r.method === 'GET')).toBe(true);
    expect((await all({ access: 'public' })).map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v1/customers/wechat/bind',
      'POST /api/v1/customers/wechat/token',
      'GET /api/v1/login/initialize',
      'POST /api/v1/login/user',
      // the customer portal's binding and sign-in (docs/portal.md)
      'POST /api/v1/portal/bind',
      'GET /api/v1/portal/bind/preview',
      'POST /api/v1/portal/login',
    ]);
    const roleCalls = await all({ permission: 'role:' });
    expect(roleCalls.map((r) => r.path)).toEqual(expect.arrayContaining(['/api/v1/role/list', '/api/v1/role/grant', '/api/v1/role/grant/tree/:id']));
    expect(roleCalls.every((r) => r.permissions.some((p) => p.code.startsWith('role:')))).toBe(true);
    expect(await all({ path: 'role/', method: 'DELETE', access: 'permission' })).toEqual([expect.objectContaining({ path: '/api/v1/role/delete/:id' })]);
  });

  it('gives names and notes in English when asked', async () => {
    const res = await list({ path: 'file/update' }).set('Accept-Language', 'en').expect(200);
    expect(res.body.data.items[0]).toMatchObject({
      note: 'Needs one of these permissions; super administrators pass every rule',
      permissions: [{ nameEn: 'Upload files' }],
    });
  });

  it('refuses an unknown method or access kind with the field messages', async () => {
    const res = await list({ method: 'FETCH', access: 'nobody' }).expect(400);
    expect(fields(res)).toEqual({
      method: ['请求方式必须是 GET、POST、PUT、PATCH 或 DELETE'],
      access: ['访问类型必须是 public、signedIn 或 permission'],
    });
  });

  it('is refused to a user without security:list', async () => {
    expect((await list({}, operator).expect(403)).body).toEqual(refusal(403, '没有权限执行此操作'));
  });
});
