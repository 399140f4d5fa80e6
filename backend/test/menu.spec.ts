import pg from 'pg';
import { DEMO, login, refusal, requestAs, type Session, useTestApp } from './app.js';
import { useHubConnections } from './hub-client.js';

interface TreeNode {
  id: number;
  name: string | null;
  title: string;
  type: string;
  children?: TreeNode[];
}
interface RouteNode {
  name: string;
  meta: { title: string };
  children?: RouteNode[];
}

/** The seeded top-level directories and menus, in their sort order. */
const TOP_LEVEL = ['Index', 'MyTasks', 'Customers', 'Smallbag', 'Dedicatedline', 'Airtransport', 'Port', 'Price', 'Question', 'Finance', 'Base', 'Log'];

describe('menus (/api/v1/menu)', () => {
  const { t, admin, operator } = useTestApp({ admin: DEMO.admin, operator: DEMO.operator });

  const post = (path: string, body: object = {}, as = admin) => requestAs(t, as).post(`/api/v1/menu/${path}`).send(body);
  const put = (body: object, as = admin) => requestAs(t, as).put('/api/v1/menu/add').send(body);
  const get = (path: string, as = admin) => requestAs(t, as).get(`/api/v1/menu/${path}`);
  const del = (id: number | string, as = admin) => requestAs(t, as).delete(`/api/v1/menu/delete/${id}`);
  const fields = (res: { body: { message: string } }) => JSON.parse(res.body.message);
  const forbidden = refusal(403, '没有权限执行此操作');

  const menu = (name: string) => t.prisma.db.menu.findUniqueOrThrow({ where: { name } });
  const page = (name: string, extra: object = {}) => ({
    type: 'menu',
    parentId: null,
    path: `/${name.toLowerCase()}`,
    name,
    title: name,
    component: 'index',
    ...extra,
  });
  const names = (nodes: TreeNode[]): string[] => nodes.flatMap((n) => [n.name ?? `#${n.title}`, ...names(n.children ?? [])]);

  describe('POST treeData', () => {
    it('gives the whole tree for the admin screen, buttons included, siblings by sort', async () => {
      const roleList = await menu('RoleList');
      await t.prisma.db.menu.create({ data: { type: 'button', parentId: roleList.id, title: '删除角色', permission: 'role:delete' } });
      const res = await post('treeData').expect(200);
      const tree: TreeNode[] = res.body.data;
      expect(tree.map((n) => n.name)).toEqual(TOP_LEVEL);
      const base = tree.find((n) => n.name === 'Base')!;
      const role = base.children!.find((n) => n.name === 'RoleList')!;
      expect(role).toMatchObject({ path: '/base/role/list', component: 'base/role/list', ver: 1 });
      expect(role.children).toEqual([expect.objectContaining({ type: 'button', title: '删除角色', permission: 'role:delete', name: null })]);
      expect(names(tree)).toHaveLength(await t.prisma.db.menu.count());
    });

    it('narrows the tree to the nodes whose title matches, in either language, with their ancestors', async () => {
      const zh = await post('treeData', { title: '角色' }).expect(200);
      expect(names(zh.body.data)).toEqual(['Base', 'RoleList', '#删除角色']);
      const en = await post('treeData', { title: 'roles' }).expect(200);
      expect(names(en.body.data)).toEqual(['Base', 'RoleList', '#删除角色']);
    });

    it('refuses a search text over 100 characters', async () => {
      expect(fields(await post('treeData', { title: 'x'.repeat(101) }).expect(400))).toEqual({ title: ['查询内容不能超过 100 个字符'] });
    });

    it('is refused to a user without menu:list', async () => {
      expect((await post('treeData', {}, operator).expect(403)).body).toEqual(forbidden);
    });
  });

  describe('GET first/list', () => {
    it('lists the top-level directories and menus for the parent select', async () => {
      const res = await get('first/list').expect(200);
      expect(res.body.data[0]).toEqual({ id: (await menu('Index')).id, type: 'menu', name: 'Index', path: '/index', title: '工作台', titleEn: 'Workbench' });
      expect(res.body.data.map((m: { name: string }) => m.name)).toEqual(TOP_LEVEL);
    });

    it('is refused to a user without menu codes', async () => {
      expect((await get('first/list', operator).expect(403)).body).toEqual(forbidden);
    });
  });

  describe('GET detail/{id}', () => {
    it('gives every field of the menu', async () => {
      const logSql = await menu('LogSql');
      const res = await get(`detail/${logSql.id}`).expect(200);
      expect(res.body.data).toMatchObject({
        id: logSql.id,
        type: 'menu',
        parentId: (await menu('Log')).id,
        path: '/log/sql',
        component: 'log/sql',
        roleGuard: ['admin', 'salesman', 'salesManager'],
        hidden: false,
        ver: 1,
      });
    });

    it('answers 404 for an unknown menu and a field message for a bad id', async () => {
      await get('detail/999999').expect(404);
      expect(fields(await get('detail/abc').expect(400))).toEqual({ id: ['编号无效'] });
    });

    it('is refused to a user without menu codes', async () => {
      expect((await get(`detail/${(await menu('Index')).id}`, operator).expect(403)).body).toEqual(forbidden);
    });
  });

  describe('PUT add', () => {
    it('adds a directory, a menu under it and a button under the menu, with every route field', async () => {
      // the route fields of the menu, which the router answers as its meta
      const meta = {
        levelHidden: true,
        breadcrumbHidden: true,
        noClosable: true,
        noKeepAlive: true,
        badge: 'New',
        dot: true,
        target: '_self',
        activeMenu: '/report',
        permission: 'finance:report',
      };
      const dir = await put({
        type: 'directory',
        path: '/report',
        name: 'Report',
        title: '报表',
        titleEn: 'Reports',
        icon: 'BarChartOutlined',
        redirect: '/report/daily',
        sort: 5,
      }).expect(200);
      expect(dir.body.data).toMatchObject({ id: expect.any(Number), type: 'directory', parentId: null, name: 'Report', ver: 1 });
      const daily = await put({
        ...page('ReportDaily', { path: '/report/daily', component: 'report/daily', title: '日报' }),
        parentId: dir.body.data.id,
        hidden: false,
        ...meta,
        roleGuard: ['admin', 'finance'],
      }).expect(200);
      expect(daily.body.data).toMatchObject({
        parentId: dir.body.data.id,
        levelHidden: true,
        badge: 'New',
        target: '_self',
        permission: 'finance:report',
        roleGuard: ['admin', 'finance'],
      });
      const button = await put({ type: 'button', parentId: daily.body.data.id, title: '导出', permission: 'finance:report' }).expect(200);
      expect(button.body.data).toMatchObject({ type: 'button', path: '', name: null, permission: 'finance:report' });

      // a super admin sees the new route at once, meta and guard included
      const routes = (await post('router').expect(200)).body.data as RouteNode[];
      expect(routes.find((r) => r.name === 'Report')!.children).toEqual([
        {
          path: '/report/daily',
          name: 'ReportDaily',
          component: 'report/daily',
          meta: {
            title: '日报',
            titleEn: '日报',
            ...meta,
            guard: { role: ['admin', 'finance'], mode: 'oneOf' },
          },
        },
      ]);
    });

    it('accepts an external link as the path', async () => {
      await put(page('Manual', { path: 'https://example.com/manual', target: '_blank' })).expect(200);
    });

    it('requires a type and a title', async () => {
      expect(fields(await put({ type: 'link', path: '/x', name: 'X' }).expect(400))).toEqual({
        type: ['菜单类型必须是目录、菜单或按钮'],
        title: ['菜单标题不能为空'],
      });
    });

    it('requires a path and a name for directories and menus', async () => {
      expect(fields(await put({ type: 'menu', title: '无路径' }).expect(400))).toEqual({
        path: ['目录和菜单必须填写路由地址'],
        name: ['目录和菜单必须填写路由名称'],
      });
    });

    it('requires an absolute path or an http(s) link', async () => {
      expect(fields(await put(page('Relative', { path: 'base/x' })).expect(400))).toEqual({ path: ['路由地址必须以 / 开头，或是 http(s):// 外链'] });
      expect(fields(await put(page('Ftp', { path: 'ftp://example.com' })).expect(400))).toEqual({ path: ['路由地址必须以 / 开头，或是 http(s):// 外链'] });
    });

    it('requires a catalogue permission code on a button', async () => {
      expect(fields(await put({ type: 'button', title: '按钮' }).expect(400))).toEqual({ permission: ['按钮必须填写权限编码'] });
      expect(fields(await put({ type: 'button', title: '按钮', permission: 'no:such' }).expect(400))).toEqual({ permission: ['权限编码不存在'] });
      expect(fields(await put(page('Coded', { permission: 'no:such' })).expect(400))).toEqual({ permission: ['权限编码不存在'] });
    });

    it('refuses a target other than _self or _blank', async () => {
      expect(fields(await put(page('Framed', { target: '_top' })).expect(400))).toEqual({ target: ['打开方式必须是 _self 或 _blank'] });
    });

    it('refuses a route name already used', async () => {
      expect(fields(await put(page('RoleList')).expect(400))).toEqual({ name: ['路由名称已存在：RoleList'] });
    });

    it('refuses a role guard naming roles that do not exist', async () => {
      expect(fields(await put(page('Guarded', { roleGuard: ['admin', 'ghost'] })).expect(400))).toEqual({ roleGuard: ['角色不存在：ghost'] });
      expect(fields(await put(page('Guarded', { roleGuard: 'admin' })).expect(400))).toEqual({ roleGuard: ['角色守卫必须是角色编码的列表'] });
    });

    it('refuses a parent that does not exist or is a button', async () => {
      expect(fields(await put(page('Orphan', { parentId: 999999 })).expect(400))).toEqual({ parentId: ['上级菜单不存在'] });
      const button = await put({ type: 'button', parentId: (await menu('StaffList')).id, title: '停用', permission: 'staff:status' }).expect(200);
      expect(fields(await put(page('UnderButton', { parentId: button.body.data.id })).expect(400))).toEqual({ parentId: ['按钮下不能再添加子节点'] });
    });

    it('answers in English when asked', async () => {
      const res = await put({ type: 'button', title: 'Button' }).set('Accept-Language', 'en').expect(400);
      expect(fields(res)).toEqual({ permission: ['A button needs a permission code'] });
    });

    it('is refused to a user without menu:add', async () => {
      expect((await put(page('Nope'), operator).expect(403)).body).toEqual(forbidden);
    });
  });

  describe('POST update', () => {
    it('replaces the fields of the menu and bumps ver', async () => {
      const added = (await put(page('Editable', { icon: 'StarOutlined', hidden: true })).expect(200)).body.data;
      const res = await post('update', { ...page('Editable', { title: '已改名', titleEn: 'Renamed' }), id: added.id, ver: added.ver }).expect(200);
      expect(res.body.data).toMatchObject({ id: added.id, title: '已改名', titleEn: 'Renamed', icon: null, hidden: false, ver: added.ver + 1 });
    });

    it('refuses a stale ver with 409', async () => {
      const added = (await put(page('Contested')).expect(200)).body.data;
      await post('update', { ...page('Contested', { title: 'first' }), id: added.id, ver: added.ver }).expect(200);
      const res = await post('update', { ...page('Contested', { title: 'second' }), id: added.id, ver: added.ver }).expect(409);
      expect(res.body.message).toBe('数据已被他人修改，请刷新后重试');
    });

    it('requires id and ver besides the form', async () => {
      expect(fields(await post('update', page('NoVer')).expect(400))).toEqual({ id: ['编号无效'], ver: ['版本号无效，请刷新后重试'] });
    });

    it('keeps its own route name, but not another menu’s', async () => {
      const added = (await put(page('Named')).expect(200)).body.data;
      await post('update', { ...page('Named'), id: added.id, ver: added.ver }).expect(200);
      expect(fields(await post('update', { ...page('StaffList'), id: added.id, ver: added.ver + 1 }).expect(400))).toEqual({
        name: ['路由名称已存在：StaffList'],
      });
    });

    it('refuses to move a menu under itself or one of its descendants', async () => {
      const base = await menu('Base');
      const form = { type: 'directory', path: base.path, name: base.name, title: base.title, id: base.id, ver: base.ver };
      expect(fields(await post('update', { ...form, parentId: (await menu('StaffList')).id }).expect(400))).toEqual({
        parentId: ['不能移动到自身或其下级菜单之下'],
      });
      expect(fields(await post('update', { ...form, parentId: base.id }).expect(400))).toEqual({ parentId: ['不能移动到自身或其下级菜单之下'] });
    });

    it('refuses to turn a node with children into a button', async () => {
      const log = await menu('Log');
      const res = await post('update', { type: 'button', title: log.title, permission: 'log:sql', id: log.id, ver: log.ver }).expect(400);
      expect(fields(res)).toEqual({ type: ['该节点下还有子节点，不能改为按钮'] });
    });

    it('answers 404 for a menu that does not exist', async () => {
      await post('update', { ...page('Ghost'), id: 999999, ver: 1 }).expect(404);
    });

    it('is refused to a user without menu:modify', async () => {
      expect((await post('update', { ...page('Index'), id: 1, ver: 1 }, operator).expect(403)).body).toEqual(forbidden);
    });
  });

  describe('DELETE delete/{id}', () => {
    it('deletes a menu without children, and the roles’ grants of it', async () => {
      const added = (await put(page('Doomed')).expect(200)).body.data;
      await t.prisma.db.roleMenu.create({ data: { roleId: (await t.prisma.db.role.findUniqueOrThrow({ where: { code: 'operator' } })).id, menuId: added.id } });
      await del(added.id).expect(200);
      await get(`detail/${added.id}`).expect(404);
      expect(await t.prisma.db.roleMenu.count({ where: { menuId: added.id } })).toBe(0);
    });

    it('refuses to delete a menu that still has children', async () => {
      expect((await del((await menu('Log')).id).expect(400)).body.message).toBe('该菜单下还有子节点，请先删除子节点');
    });

    it('answers 404 for an unknown menu and a field message for a bad id', async () => {
      await del(999999).expect(404);
      expect(fields(await del('x').expect(400))).toEqual({ id: ['编号无效'] });
    });

    it('is refused to a user without menu:delete', async () => {
      expect((await del((await menu('LogFiles')).id, operator).expect(403)).body).toEqual(forbidden);
    });
  });

  describe('POST router', () => {
    const titleOf = async (name: string, as = admin) =>
      ((await post('router', {}, as).expect(200)).body.data as RouteNode[]).find((node) => node.name === name)?.meta.title;

    it('builds the tree from the menus it keeps in memory, and shows a change made through the application at once', async () => {
      const price = await menu('Price');
      expect(await titleOf('Price')).toBe(price.title);
      // written behind the application's back (no news of it): the tree keeps the menus as read, for 5 s at most
      const db = new pg.Client({ connectionString: t.databaseUrl });
      await db.connect();
      try {
        await db.query(`update menu set title = '价格（库里改的）' where name = 'Price'`);
      } finally {
        await db.end();
      }
      expect(await titleOf('Price')).toBe(price.title);
      // through the API: the very next tree has it, the administrator's and a colleague's
      const res = await post('update', {
        type: 'directory',
        path: price.path,
        name: price.name,
        title: '价格表',
        redirect: price.redirect,
        id: price.id,
        ver: price.ver,
      });
      expect(res.status).toBe(200);
      expect(await titleOf('Price')).toBe('价格表');
      const salesman = await login(t, ...DEMO.salesman);
      expect(await titleOf('Price', salesman)).toBe('价格表');
    });
  });

  describe('route trees pushed over the hub', () => {
    const open = useHubConnections(t);

    /** Connects as the user; resolves with the connection's next pushed tree (wrapped, so awaiting the connection does not wait for it). */
    const connect = async (session: Session) => {
      const connection = await open(session.token);
      return { nextTree: new Promise<RouteNode[]>((resolve) => connection.on('ReceiveMenuRouter', resolve)) };
    };

    it('sends every online user their own new tree after a menu changes', async () => {
      const salesman = await login(t, ...DEMO.salesman);
      const finance = await login(t, ...DEMO.finance);
      const [sales, fin] = [await connect(salesman), await connect(finance)];
      const question = await menu('Question');

      await post('update', {
        type: 'directory',
        path: question.path,
        name: question.name,
        title: '问答',
        titleEn: 'Q&A',
        redirect: question.redirect,
        id: question.id,
        ver: question.ver,
      }).expect(200);

      const salesTree = await sales.nextTree;
      const financeTree = await fin.nextTree;
      expect(salesTree.find((n) => n.name === 'Question')!.meta.title).toBe('问答');
      expect(financeTree.find((n) => n.name === 'Question')!.meta.title).toBe('问答');
      expect(salesTree.map((n) => n.name)).toContain('Price');
      expect(financeTree.map((n) => n.name)).toContain('Finance');
      expect(financeTree.map((n) => n.name)).not.toContain('Customers');
    });
  });
});
