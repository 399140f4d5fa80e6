import { INTERCEPTORS_METADATA } from '@nestjs/common/constants.js';
import { ApplicationConfig, DiscoveryService, MetadataScanner } from '@nestjs/core';
import { API_PREFIX } from '../src/config/app-config.js';
import { IDEMPOTENT, IdempotentRoute } from '../src/common/idempotent.js';
import { TRANSFER, TransferRoute } from '../src/common/transfer.decorator.js';
import { GrantsService } from '../src/auth/grants.service.js';
import { listRoutes } from '../src/common/route-catalogue.js';
import { DEMO, login, refusal, requestAs, useTestApp } from './app.js';
import { PNG } from './sample-files.js';

describe('the platform: envelope, guard, audit, uploads', () => {
  const { t, admin, salesman } = useTestApp({ admin: DEMO.admin, salesman: DEMO.salesman });

  it('declares an access rule on every API handler (public, signed in, or permission codes)', () => {
    const routes = listRoutes(t.app, API_PREFIX);
    expect(routes.length).toBeGreaterThan(5);
    const unguarded = routes.filter((r) => !r.access).map((r) => `${r.method} ${r.path} (${r.controller}.${r.handler})`);
    expect(unguarded).toEqual([]);
    const publicRoutes = routes.filter((r) => r.access?.kind === 'public').map((r) => `${r.method} ${r.path}`);
    expect(publicRoutes.sort()).toEqual([
      'GET /api/v1/login/initialize',
      // the customer portal's binding and sign-in (docs/portal.md)
      'GET /api/v1/portal/bind/preview',
      'POST /api/v1/customers/wechat/bind',
      'POST /api/v1/customers/wechat/token',
      'POST /api/v1/login/user',
      'POST /api/v1/portal/bind',
      'POST /api/v1/portal/login',
    ]);
  });

  it('runs no interceptor on a route but the ones marked @Transfer or @Idempotent, which get theirs (issue 33)', () => {
    // any interceptor on a route makes Nest build an rxjs chain per call (common/envelope.ts): none is global
    const config = t.app.get(ApplicationConfig);
    expect([...config.getGlobalInterceptors(), ...config.getGlobalRequestInterceptors()]).toEqual([]);
    const scanner = t.app.get(MetadataScanner);
    const bound: Record<string, string[]> = {};
    let marked = 0;
    for (const { instance, metatype } of t.app.get(DiscoveryService).getControllers()) {
      if (!instance || !metatype) continue;
      expect(Reflect.getMetadata(INTERCEPTORS_METADATA, metatype) ?? []).toEqual([]);
      const prototype = Object.getPrototypeOf(instance);
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        const expected = [
          ...(Reflect.getMetadata(TRANSFER, handler) ? [TransferRoute.name] : []),
          ...(Reflect.getMetadata(IDEMPOTENT, handler) ? [IdempotentRoute.name] : []),
        ];
        marked += expected.length ? 1 : 0;
        const actual = ((Reflect.getMetadata(INTERCEPTORS_METADATA, handler) ?? []) as { name: string }[]).map((i) => i.name);
        if (actual.join() !== expected.join()) bound[`${metatype.name}.${name}`] = actual;
      }
    }
    expect(marked).toBeGreaterThan(10);
    expect(bound).toEqual({});
  });

  it('answers an unknown API path with 404 in the envelope', async () => {
    const res = await requestAs(t, admin).get('/api/v1/no/such/thing').expect(404);
    expect(res.body).toEqual(refusal(404, '接口不存在：/api/v1/no/such/thing'));
  });

  it('answers malformed JSON with 400 in the envelope, not a 500', async () => {
    const res = await requestAs(t, admin).post('/api/v1/login/modifyPwd').set('Content-Type', 'application/json').send('{"oldPassword":').expect(400);
    expect(res.body.success).toBe(false);
  });

  describe('permission guard', () => {
    it('lets a user holding the code through', async () => {
      await requestAs(t, salesman).post('/api/v1/file/update').attach('file', PNG, { filename: 'a.png', contentType: 'image/png' }).expect(200);
    });

    it('refuses a user without the code with 403', async () => {
      const role = await t.prisma.db.role.create({ data: { code: 'viewer', name: '只读' } });
      await t.prisma.db.userRole.deleteMany({ where: { user: { account: 'cs01' } } });
      const user = await t.prisma.db.user.findUniqueOrThrow({ where: { account: 'cs01' } });
      await t.prisma.db.userRole.create({ data: { userId: user.id, roleId: role.id } });
      const viewer = await login(t, ...DEMO.customerService);
      const res = await requestAs(t, viewer)
        .post('/api/v1/file/update')
        .attach('file', Buffer.from('hello'), { filename: 'a.txt', contentType: 'text/plain' })
        .expect(403);
      expect(res.body).toEqual(refusal(403, '没有权限执行此操作'));
    });

    it('lets a super admin through everything, whatever their roles hold', async () => {
      const adminUser = await t.prisma.db.user.findUniqueOrThrow({ where: { account: 'admin' } });
      await t.prisma.db.userRole.deleteMany({ where: { userId: adminUser.id } });
      t.app.get(GrantsService).invalidate(adminUser.id);
      await requestAs(t, admin).post('/api/v1/file/update').attach('file', PNG, { filename: 'b.png', contentType: 'image/png' }).expect(200);
    });
  });

  describe('audit capture', () => {
    it('writes a request log row per API call with secrets redacted', async () => {
      await requestAs(t, salesman).post('/api/v1/login/modifyPwd').send({ oldPassword: 'demo123', newPassword: '1' }).expect(400);
      await t.flushAudit();
      const row = await t.prisma.db.requestLog.findFirst({ where: { path: '/api/v1/login/modifyPwd' }, orderBy: { id: 'desc' } });
      expect(row).toMatchObject({ method: 'POST', status: 400, userId: salesman.userid });
      expect(row!.durationMs).toBeGreaterThanOrEqual(0);
      expect(JSON.stringify(row!.params)).not.toContain('demo123');
      expect(row!.params).toMatchObject({ body: { oldPassword: '******', newPassword: '******' } });
    });

    it('turns an unexpected failure into a 500 envelope without details and records it in the exception log', async () => {
      await t.prisma.base.$executeRawUnsafe('alter table ship_type rename to ship_type_gone');
      try {
        const res = await requestAs(t, salesman).post('/api/v1/order/enum/shipType').expect(500);
        expect(res.body).toEqual(refusal(500, '服务器错误，请稍后重试'));
        expect(JSON.stringify(res.body)).not.toMatch(/ship_type|at .*\.ts/);
      } finally {
        await t.prisma.base.$executeRawUnsafe('alter table ship_type_gone rename to ship_type');
      }
      await t.flushAudit();
      const error = await t.prisma.db.errorLog.findFirst({ orderBy: { id: 'desc' } });
      expect(error).toMatchObject({ method: 'POST', route: '/api/v1/order/enum/shipType', userId: salesman.userid });
      expect(error!.stack).toBeTruthy();
    });

    it('records database writes with table, operation, record, user and before/after', async () => {
      await requestAs(t, salesman).post('/api/v1/user/update/wechat/unbind').expect(200);
      await t.flushAudit();
      const change = await t.prisma.db.dataChangeLog.findFirst({ where: { tableName: 'User', recordId: String(salesman.userid) }, orderBy: { id: 'desc' } });
      expect(change).toMatchObject({ operation: 'update', userId: salesman.userid });
      expect(change!.before).toMatchObject({ passwordHash: '******', account: 'sales01' });
      expect((change!.after as { ver: number }).ver).toBe((change!.before as { ver: number }).ver + 1);
    });
  });

  describe('file upload', () => {
    it('stores the file on disk, records it and serves it back through the signed link it answers', async () => {
      const res = await requestAs(t, salesman)
        .post('/api/v1/file/update')
        .attach('file', PNG, { filename: '装箱单.png', contentType: 'image/png' })
        .expect(200);
      expect(res.body.data).toMatchObject({ fileName: '装箱单.png', size: PNG.length, mimeType: 'image/png' });
      // signed, and bound to the session that asked for it (a link ends with its session)
      expect(res.body.data.url).toMatch(new RegExp(`^/files/${res.body.data.filePath}\\?expires=\\d+&signature=[\\w-]+&session=[0-9a-f]{64}$`));
      const served = await t.http().get(res.body.data.url).responseType('blob').expect(200);
      expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);
      expect(await t.prisma.db.storedFile.count({ where: { id: res.body.data.id, uploaderId: salesman.userid } })).toBe(1);
    });

    it('refuses a file over the size limit with a clear message', async () => {
      await t.prisma.db.systemSetting.create({ data: { key: 'upload.maxSizeMb', value: 1, valueType: 'number', label: 'x' } });
      t.app.get((await import('../src/settings/settings.service.js')).SettingsService).invalidate();
      const res = await requestAs(t, salesman)
        .post('/api/v1/file/update')
        .attach('file', Buffer.alloc(1024 * 1024 + 10), { filename: 'big.pdf', contentType: 'application/pdf' })
        .expect(400);
      expect(res.body.message).toBe('文件大小不能超过 1 MB');
    });

    it('refuses a type that is not allowed', async () => {
      const res = await requestAs(t, salesman)
        .post('/api/v1/file/update')
        .attach('file', Buffer.from('<script>'), { filename: 'x.html', contentType: 'text/html' })
        .expect(400);
      expect(res.body.message).toBe('文件内容不是此处允许的类型（PNG, JPEG, GIF, WebP）');
    });

    it('refuses a request without a file', async () => {
      const res = await requestAs(t, salesman).post('/api/v1/file/update').field('other', 'x').expect(400);
      expect(res.body.message).toBe('请选择要上传的文件');
    });
  });

  describe('route tree (menu/router)', () => {
    it('gives the administrator every route, each line with its fifteen children (已登记 the first list)', async () => {
      const res = await requestAs(t, admin).post('/api/v1/menu/router').expect(200);
      const names = (nodes: { name: string; children?: unknown[] }[]): string[] =>
        nodes.flatMap((n) => [n.name, ...names((n.children ?? []) as { name: string }[])]);
      const all = names(res.body.data);
      for (const line of ['Smallbag', 'Dedicatedline', 'Airtransport']) {
        const node = res.body.data.find((n: { name: string }) => n.name === line);
        expect(node.children).toHaveLength(15);
        expect(node.children[1]).toMatchObject({ name: `${line}Created`, path: `/${line.toLowerCase()}/created`, meta: { title: '已登记' } });
        expect(all).toContain(`${line}All`);
      }
      expect(all).toEqual(expect.arrayContaining(['Index', 'StaffList', 'LogSql', 'FinanceOutgoingRegister', 'CustomersPublicList', 'PortSmallbagStart']));
      expect(res.body.data[0]).toMatchObject({ path: '/index', component: 'index', meta: { title: '工作台', titleEn: 'Workbench', noClosable: true } });
    });

    it('gives a salesman only the menus of the role, with /log/sql guarded to admin, salesman or sales manager', async () => {
      const res = await requestAs(t, salesman).post('/api/v1/menu/router').expect(200);
      const top = res.body.data.map((n: { name: string }) => n.name);
      expect(top).toEqual(['Index', 'Customers', 'Smallbag', 'Dedicatedline', 'Airtransport', 'Price', 'Question', 'Finance', 'Log']);
      // finance: only the screens of the records they register themselves
      const financeMenu = res.body.data.find((n: { name: string }) => n.name === 'Finance');
      expect(financeMenu.children.map((c: { name: string; children: { name: string }[] }) => [c.name, c.children.map((s) => s.name)])).toEqual([
        ['FinanceOutgoing', ['FinanceOutgoingRegister', 'FinanceOutgoingRefuse', 'FinanceOutgoingDetailed']],
        ['FinanceEntry', ['FinanceEntryRegister', 'FinanceEntryRefuse', 'FinanceEntryDetailed']],
      ]);
      const log = res.body.data.find((n: { name: string }) => n.name === 'Log');
      expect(log.children.map((c: { path: string; meta: { guard?: unknown } }) => [c.path, c.meta.guard])).toEqual([
        ['/log/sql', { role: ['admin', 'salesman', 'salesManager'], mode: 'oneOf' }],
      ]);
    });

    it('tells any signed-in user every page path of the menu tree, the pages not theirs included (their 403)', async () => {
      const paths: string[] = (await requestAs(t, salesman).get('/api/v1/menu/paths').expect(200)).body.data;
      expect(paths).toEqual(expect.arrayContaining(['/index', '/base/staff/list', '/smallbag/created', '/tasks']));
      expect(paths).not.toContain('');
      await t.http().get('/api/v1/menu/paths').expect(401);
    });
  });
});
