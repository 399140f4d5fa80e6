import { DEMO, refusal, requestAs, type Session, useTestApp } from './app.js';
import { useHubConnections } from './hub-client.js';

interface RouteNode {
  name: string;
  children?: RouteNode[];
}
interface GrantNode {
  key: number | string;
  kind: string;
  title: string;
  checked: boolean;
  halfChecked: boolean;
  children?: GrantNode[];
}

describe('roles (/api/v1/role)', () => {
  const { t, admin, operator, customerService } = useTestApp({ admin: DEMO.admin, operator: DEMO.operator, customerService: DEMO.customerService });

  const post = (path: string, body: object = {}, as = admin) => requestAs(t, as).post(`/api/v1/role/${path}`).send(body);
  const put = (path: string, body: object, as = admin) => requestAs(t, as).put(`/api/v1/role/${path}`).send(body);
  const get = (path: string, as = admin) => requestAs(t, as).get(`/api/v1/role/${path}`);
  const del = (path: string, as = admin) => requestAs(t, as).delete(`/api/v1/role/${path}`);
  const fields = (res: { body: { message: string } }) => JSON.parse(res.body.message);
  const forbidden = refusal(403, '没有权限执行此操作');

  const roleId = async (code: string) => (await t.prisma.db.role.findUniqueOrThrow({ where: { code } })).id;
  const menuId = async (name: string) => (await t.prisma.db.menu.findUniqueOrThrow({ where: { name } })).id;
  const subtreeIds = async (name: string) => {
    const root = await t.prisma.db.menu.findUniqueOrThrow({ where: { name }, include: { children: { select: { id: true } } } });
    return [root.id, ...root.children.map((c) => c.id)];
  };
  const addRole = async (code: string) => (await put('add', { code, name: code }).expect(200)).body.data as { id: number; ver: number };

  describe('POST list', () => {
    it('pages the roles in order with how many staff hold each and their ver', async () => {
      const res = await post('list', { pageIndex: 1, pageSize: 2 }).expect(200);
      expect(res.body.data).toMatchObject({ pageIndex: 1, pageSize: 2, totalCount: 6, totalPage: 3 });
      expect(res.body.data.items).toEqual([
        expect.objectContaining({ code: 'admin', name: '管理员', userCount: 1, ver: 1 }),
        expect.objectContaining({ code: 'salesman', name: '销售', userCount: 2, ver: 1 }),
      ]);
    });

    it('filters by name and by code, ignoring case', async () => {
      expect((await post('list', { name: '客' }).expect(200)).body.data.items.map((r: { code: string }) => r.code)).toEqual(['customerService']);
      expect((await post('list', { code: 'FIN' }).expect(200)).body.data.items.map((r: { code: string }) => r.code)).toEqual(['finance']);
    });

    it('refuses paging out of range with the field message', async () => {
      const res = await post('list', { pageSize: 500 }).expect(400);
      expect(fields(res)).toEqual({ pageSize: ['分页参数错误'] });
    });

    it('is refused to a user without role:list', async () => {
      expect((await post('list', {}, operator).expect(403)).body).toEqual(forbidden);
    });
  });

  describe('PUT add', () => {
    it('creates a role with no grants, at ver 1', async () => {
      const res = await put('add', { code: 'auditor', name: '审计', nameEn: 'Auditor', remark: '只读', sort: 9 }).expect(200);
      expect(res.body.data).toMatchObject({ code: 'auditor', name: '审计', nameEn: 'Auditor', remark: '只读', sort: 9, ver: 1 });
      const detail = await get(`detail/${res.body.data.id}`).expect(200);
      expect(detail.body.data).toMatchObject({ menuIds: [], permissionCodes: [] });
    });

    it('requires a name and a code of letters and digits', async () => {
      const res = await put('add', { code: 'bad-code!', name: '' }).expect(400);
      expect(fields(res)).toEqual({ code: ['角色编码为 1 到 50 位字母或数字'], name: ['角色名称不能为空'] });
    });

    it('answers in English when asked', async () => {
      const res = await put('add', { code: 'x', name: 'n'.repeat(51) })
        .set('Accept-Language', 'en')
        .expect(400);
      expect(fields(res)).toEqual({ name: ['The role name must not exceed 50 characters'] });
    });

    it('refuses a code that already exists', async () => {
      const res = await put('add', { code: 'admin', name: '另一个管理员' }).expect(400);
      expect(fields(res)).toEqual({ code: ['角色编码已存在：admin'] });
    });

    it('is refused to a user without role:add', async () => {
      expect((await put('add', { code: 'op', name: 'op' }, operator).expect(403)).body).toEqual(forbidden);
    });
  });

  describe('POST update', () => {
    it('changes the name and bumps ver; the code stays', async () => {
      const role = await addRole('editme');
      const res = await post('update', { id: role.id, ver: role.ver, code: 'renamed', name: '改名了', nameEn: 'Renamed' }).expect(200);
      expect(res.body.data).toMatchObject({ id: role.id, code: 'editme', name: '改名了', nameEn: 'Renamed', ver: role.ver + 1 });
    });

    it('refuses a stale ver with 409', async () => {
      const role = await addRole('stale');
      await post('update', { id: role.id, ver: role.ver, name: 'first' }).expect(200);
      const res = await post('update', { id: role.id, ver: role.ver, name: 'second' }).expect(409);
      expect(res.body.message).toBe('数据已被他人修改，请刷新后重试');
    });

    it('requires id and ver', async () => {
      const res = await post('update', { name: 'x' }).expect(400);
      expect(fields(res)).toEqual({ id: ['编号无效'], ver: ['版本号无效，请刷新后重试'] });
    });

    it('answers 404 for a role that does not exist', async () => {
      await post('update', { id: 999999, ver: 1, name: 'x' }).expect(404);
    });

    it('is refused to a user without role:modify', async () => {
      expect((await post('update', { id: 1, ver: 1, name: 'x' }, operator).expect(403)).body).toEqual(forbidden);
    });
  });

  describe('GET detail/{id}', () => {
    it('gives the role with its menu ids and permission codes', async () => {
      const res = await get(`detail/${await roleId('salesman')}`).expect(200);
      expect(res.body.data).toMatchObject({ code: 'salesman', name: '销售', ver: 1 });
      expect(res.body.data.menuIds).toEqual(expect.arrayContaining([await menuId('LogSql'), await menuId('SmallbagAll')]));
      expect(res.body.data.menuIds).not.toContain(await menuId('StaffList'));
      expect(res.body.data.permissionCodes).toEqual(expect.arrayContaining(['log:sql', 'customers:add']));
    });

    it('answers 404 for an unknown role and a field message for an id that is not a number', async () => {
      await get('detail/999999').expect(404);
      expect(fields(await get('detail/abc').expect(400))).toEqual({ id: ['编号无效'] });
    });

    it('is refused to a user without role codes', async () => {
      expect((await get('detail/1', operator).expect(403)).body).toEqual(forbidden);
    });
  });

  describe('DELETE delete/{id}', () => {
    it('deletes a role nobody holds, with its grants', async () => {
      const role = await addRole('temporary');
      await post('grant', { roleId: role.id, menuIds: [await menuId('Index')], permissionCodes: ['topbar:search'], ver: role.ver }).expect(200);
      await del(`delete/${role.id}`).expect(200);
      await get(`detail/${role.id}`).expect(404);
      expect(await t.prisma.db.roleMenu.count({ where: { roleId: role.id } })).toBe(0);
    });

    it('refuses to delete a role while staff hold it', async () => {
      const res = await del(`delete/${await roleId('operator')}`).expect(400);
      expect(res.body.message).toBe('该角色下还有 1 名员工，不能删除');
      await get(`detail/${await roleId('operator')}`).expect(200);
    });

    it('never deletes the administrator role', async () => {
      expect((await del(`delete/${await roleId('admin')}`).expect(400)).body.message).toBe('管理员角色不能删除');
    });

    it('answers 404 for an unknown role and a field message for a bad id', async () => {
      await del('delete/999999').expect(404);
      expect(fields(await del('delete/x').expect(400))).toEqual({ id: ['编号无效'] });
    });

    it('is refused to a user without role:delete', async () => {
      expect((await del(`delete/${await roleId('finance')}`, operator).expect(403)).body).toEqual(forbidden);
    });
  });

  describe('POST grant/tree/{id}', () => {
    const find = <K>(nodes: GrantNode[], key: K): GrantNode | undefined => {
      for (const node of nodes) {
        if (node.key === key) return node;
        const hit = find(node.children ?? [], key);
        if (hit) return hit;
      }
      return undefined;
    };

    it('marks the menus and permission areas the role holds fully, partly or not at all', async () => {
      const role = await addRole('partial');
      const customersAdd = await menuId('CustomersAdd');
      await post('grant', {
        roleId: role.id,
        menuIds: [...(await subtreeIds('Question')), customersAdd],
        permissionCodes: ['file:upload', ...['wechat:orderAdd', 'wechat:orderList', 'wechat:track']],
        ver: role.ver,
      }).expect(200);

      const res = await post(`grant/tree/${role.id}`).expect(200);
      const { menus, permissions, ver } = res.body.data;
      expect(ver).toBe(role.ver + 1);
      expect(find(menus.nodes, await menuId('Question'))).toMatchObject({ kind: 'directory', checked: true, halfChecked: false });
      expect(find(menus.nodes, await menuId('Customers'))).toMatchObject({ checked: false, halfChecked: true });
      expect(find(menus.nodes, customersAdd)).toMatchObject({ kind: 'menu', checked: true, halfChecked: false });
      expect(find(menus.nodes, await menuId('Port'))).toMatchObject({ checked: false, halfChecked: false });
      expect(menus.halfCheckedKeys).toEqual([await menuId('Customers')]);
      expect(menus.checkedKeys).toEqual(expect.arrayContaining([customersAdd, await menuId('Question'), await menuId('QuestionAll')]));

      expect(find(permissions.nodes, 'wechat')).toMatchObject({ kind: 'area', title: '微信小程序', checked: true, halfChecked: false });
      expect(find(permissions.nodes, 'files')).toMatchObject({ title: '文件', titleEn: 'Files', checked: false, halfChecked: true });
      expect(find(permissions.nodes, 'file:upload')).toMatchObject({ kind: 'permission', title: '上传文件', checked: true });
      expect(find(permissions.nodes, 'finance')).toMatchObject({ checked: false, halfChecked: false });
      expect(permissions.checkedKeys.sort()).toEqual(['file:upload', 'wechat', 'wechat:orderAdd', 'wechat:orderList', 'wechat:track']);
      expect(permissions.halfCheckedKeys).toEqual(['files']);
    });

    it('shows buttons under their menu, each with its code', async () => {
      const button = await t.prisma.db.menu.create({ data: { type: 'button', parentId: await menuId('RoleList'), title: '授权', permission: 'role:grant' } });
      const res = await post(`grant/tree/${await roleId('admin')}`).expect(200);
      expect(find(res.body.data.menus.nodes, button.id)).toMatchObject({ kind: 'button', permission: 'role:grant', checked: false });
      // the admin role holds every seeded menu but not the new button: its menu and directory are half-checked
      expect(find(res.body.data.menus.nodes, await menuId('RoleList'))).toMatchObject({ checked: false, halfChecked: true });
      await t.prisma.db.menu.delete({ where: { id: button.id } });
    });

    it('answers 404 for an unknown role and a field message for a bad id', async () => {
      await post('grant/tree/999999').expect(404);
      expect(fields(await post('grant/tree/x').expect(400))).toEqual({ id: ['编号无效'] });
    });

    it('is refused to a user without role:grant', async () => {
      expect((await post(`grant/tree/${await roleId('operator')}`, {}, operator).expect(403)).body).toEqual(forbidden);
    });
  });

  describe('POST grant', () => {
    it('replaces both the menus and the permission codes of the role', async () => {
      const role = await addRole('replaced');
      await post('grant', { roleId: role.id, menuIds: await subtreeIds('Port'), permissionCodes: ['port:list', 'port:add'], ver: role.ver }).expect(200);
      await post('grant', { roleId: role.id, menuIds: [await menuId('Index')], permissionCodes: ['index:notice', 'index:notice'], ver: role.ver + 1 }).expect(
        200,
      );
      const detail = (await get(`detail/${role.id}`).expect(200)).body.data;
      expect(detail).toMatchObject({ menuIds: [await menuId('Index')], permissionCodes: ['index:notice'], ver: role.ver + 2 });
    });

    it('refuses unknown menu ids and permission codes and changes nothing', async () => {
      const role = await addRole('unknowns');
      const res = await post('grant', {
        roleId: role.id,
        menuIds: [await menuId('Index'), 999999],
        permissionCodes: ['index:notice', 'no:such'],
        ver: role.ver,
      }).expect(400);
      expect(fields(res)).toEqual({ menuIds: ['菜单不存在：999999'], permissionCodes: ['权限编码不存在：no:such'] });
      expect((await get(`detail/${role.id}`).expect(200)).body.data).toMatchObject({ menuIds: [], permissionCodes: [], ver: role.ver });
    });

    it('requires lists of menu ids and of codes, and the ver', async () => {
      const res = await post('grant', { roleId: 1, menuIds: ['Index'], permissionCodes: 'file:upload' }).expect(400);
      expect(fields(res)).toEqual({ menuIds: ['菜单必须是菜单编号的列表'], permissionCodes: ['权限必须是权限编码的列表'], ver: ['版本号无效，请刷新后重试'] });
    });

    it('refuses a stale ver with 409 and keeps the grants as they were', async () => {
      const role = await addRole('concurrent');
      await post('grant', { roleId: role.id, menuIds: [], permissionCodes: ['topbar:search'], ver: role.ver }).expect(200);
      const res = await post('grant', { roleId: role.id, menuIds: [], permissionCodes: ['topbar:notice'], ver: role.ver }).expect(409);
      expect(res.body.message).toBe('数据已被他人修改，请刷新后重试');
      expect((await get(`detail/${role.id}`).expect(200)).body.data.permissionCodes).toEqual(['topbar:search']);
    });

    it('answers 404 for an unknown role', async () => {
      await post('grant', { roleId: 999999, menuIds: [], permissionCodes: [], ver: 1 }).expect(404);
    });

    it('is refused to a user without role:grant', async () => {
      expect((await post('grant', { roleId: 1, menuIds: [], permissionCodes: [], ver: 1 }, operator).expect(403)).body).toEqual(forbidden);
    });

    it('takes effect at once for the holders, without signing in again', async () => {
      const id = await roleId('operator');
      const before = (await get(`detail/${id}`).expect(200)).body.data;
      await post('list', {}, operator).expect(403);
      await post('grant', { roleId: id, menuIds: before.menuIds, permissionCodes: [...before.permissionCodes, 'role:list'], ver: before.ver }).expect(200);
      await post('list', {}, operator).expect(200);
      await post('grant', { roleId: id, menuIds: before.menuIds, permissionCodes: before.permissionCodes, ver: before.ver + 1 }).expect(200);
      await post('list', {}, operator).expect(403);
    });
  });

  describe('POST users/{id}', () => {
    it('pages the staff holding the role', async () => {
      const res = await post(`users/${await roleId('operator')}`, { pageIndex: 1, pageSize: 10 }).expect(200);
      expect(res.body.data).toMatchObject({ totalCount: 1, totalPage: 1 });
      expect(res.body.data.items).toEqual([
        expect.objectContaining({ account: 'op01', fullName: '李文静', jobNo: 'O0001', enabled: true, org: expect.objectContaining({ name: '操作部' }) }),
      ]);
    });

    it('refuses paging out of range with the field message', async () => {
      expect(fields(await post(`users/${await roleId('operator')}`, { pageIndex: 0 }).expect(400))).toEqual({ pageIndex: ['分页参数错误'] });
    });

    it('answers 404 for an unknown role', async () => {
      await post('users/999999').expect(404);
    });

    it('is refused to a user without role:list', async () => {
      expect((await post(`users/${await roleId('operator')}`, {}, operator).expect(403)).body).toEqual(forbidden);
    });
  });

  describe('route trees pushed over the hub', () => {
    const open = useHubConnections(t);

    const connect = async (session: Session) => {
      const connection = await open(session.token);
      const trees: RouteNode[][] = [];
      connection.on('ReceiveMenuRouter', (tree: RouteNode[]) => trees.push(tree));
      const next = () => new Promise<RouteNode[]>((resolve) => connection.on('ReceiveMenuRouter', resolve));
      return { trees, next };
    };
    const names = (nodes: RouteNode[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children ?? [])]);

    it('sends holders of the role their new route tree, with the newly granted menus, after its grants change', async () => {
      const cs = await connect(customerService);
      const op = await connect(operator);
      const id = await roleId('customerService');
      const before = (await get(`detail/${id}`).expect(200)).body.data;
      const received = cs.next();

      await post('grant', {
        roleId: id,
        menuIds: [...before.menuIds, ...(await subtreeIds('Port'))],
        permissionCodes: before.permissionCodes,
        ver: before.ver,
      }).expect(200);

      const tree = await received;
      expect(tree.map((n) => n.name)).toEqual(['Index', 'MyTasks', 'Customers', 'Smallbag', 'Dedicatedline', 'Airtransport', 'Port', 'Question']);
      expect(names(tree)).toContain('PortSmallbagStart');
      // the same tree the user gets when asking for it
      const asked = await requestAs(t, customerService).post('/api/v1/menu/router').expect(200);
      expect(asked.body.data).toEqual(tree);
      // a user without the role is left alone
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(op.trees).toEqual([]);
    });
  });
});
