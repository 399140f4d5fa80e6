import { DEMO, fieldErrors, requestAs, useTestApp } from './app.js';

interface OrgNode {
  id: number;
  parentId: number | null;
  name: string;
  nameEn: string | null;
  type: string;
  sort: number;
  ver: number;
  userCount: number;
  children: OrgNode[];
}

describe('organisation administration (/org)', () => {
  const { t, admin, operator } = useTestApp({ admin: DEMO.admin, operator: DEMO.operator });
  const org: Record<string, number> = {};
  let serial = 0;

  beforeAll(async () => {
    for (const unit of await t.prisma.db.org.findMany()) org[unit.nameEn!] = unit.id;
  });

  /** The distinct messages of each field of a 400 (several rules of one field may share a message). */

  const addUnit = async (parentId: number | null, over: Record<string, unknown> = {}) => {
    serial += 1;
    const res = await requestAs(t, admin)
      .put('/api/v1/org/add')
      .send({ parentId, name: `单位${serial}`, type: 'department', ...over })
      .expect(200);
    return res.body.data as number;
  };
  const unitOf = (id: number) => t.prisma.db.org.findUniqueOrThrow({ where: { id } });
  const tree = async () => (await requestAs(t, admin).post('/api/v1/org/tree').send({}).expect(200)).body.data as OrgNode[];
  const find = (nodes: OrgNode[], id: number): OrgNode | undefined => {
    for (const node of nodes) {
      if (node.id === id) return node;
      const hit = find(node.children, id);
      if (hit) return hit;
    }
    return undefined;
  };
  const addUserIn = (orgId: number) => {
    serial += 1;
    return t.prisma.db.user.create({ data: { account: `org.user.${serial}`, passwordHash: 'x', fullName: `组织员工${serial}`, orgId } });
  };

  describe('POST /org/tree', () => {
    it('nests the seeded units in their order with each unit’s own staff count', async () => {
      const roots = await tree();
      expect(roots).toHaveLength(1);
      const [hq] = roots;
      expect(hq).toMatchObject({
        id: org['Global Forwarding Co., Ltd.'],
        parentId: null,
        name: '环球货运代理有限公司',
        nameEn: 'Global Forwarding Co., Ltd.',
        type: 'company',
        ver: 1,
        userCount: 0,
      });
      expect(hq.children.map((c) => c.nameEn)).toEqual(['Shenzhen branch', 'Finance', 'IT']);
      const sz = hq.children[0];
      expect(sz).toMatchObject({ type: 'branch', parentId: hq.id, userCount: 0 });
      expect(sz.children.map((c) => [c.nameEn, c.type, c.userCount, c.children])).toEqual([
        ['Sales', 'department', 3, []],
        ['Operations', 'department', 1, []],
        ['Customer service', 'department', 1, []],
      ]);
    });

    it('counts only active staff', async () => {
      const unit = await addUnit(org.IT);
      const user = await addUserIn(unit);
      await addUserIn(unit);
      expect(find(await tree(), unit)!.userCount).toBe(2);
      await t.prisma.db.user.update({ where: { id: user.id }, data: { deletedAt: new Date() } });
      expect(find(await tree(), unit)!.userCount).toBe(1);
    });

    it('refuses a user without org:list with 403', async () => {
      await requestAs(t, operator).post('/api/v1/org/tree').send({}).expect(403);
    });
  });

  describe('GET /org/detail/{id}', () => {
    it('answers the unit’s fields', async () => {
      const res = await requestAs(t, admin).get(`/api/v1/org/detail/${org.Sales}`).expect(200);
      expect(res.body.data).toEqual({
        id: org.Sales,
        parentId: org['Shenzhen branch'],
        name: '销售部',
        nameEn: 'Sales',
        type: 'department',
        sort: expect.any(Number),
        ver: 1,
      });
    });

    it('answers 404 for a unit that does not exist and 400 for an id that is not a number', async () => {
      await requestAs(t, admin).get('/api/v1/org/detail/999999').expect(404);
      const res = await requestAs(t, admin).get('/api/v1/org/detail/abc').expect(400);
      expect(JSON.parse(res.body.message)).toEqual({ id: ['编号无效'] });
    });

    it('refuses a user without org:list with 403', async () => {
      await requestAs(t, operator).get(`/api/v1/org/detail/${org.Sales}`).expect(403);
    });
  });

  describe('PUT /org/add', () => {
    it('adds a unit under a parent and answers its id; without a parent it is a top-level unit', async () => {
      const res = await requestAs(t, admin)
        .put('/api/v1/org/add')
        .send({ parentId: org.Sales, name: ' 华南销售组 ', nameEn: 'South sales', type: 'department', sort: 3 })
        .expect(200);
      const id = res.body.data;
      expect(await unitOf(id)).toMatchObject({ parentId: org.Sales, name: '华南销售组', nameEn: 'South sales', type: 'department', sort: 3, ver: 1 });
      expect(find(await tree(), org.Sales)!.children.map((c) => c.id)).toEqual([id]);
      const top = await addUnit(null, { type: 'company', nameEn: '' });
      expect(await unitOf(top)).toMatchObject({ parentId: null, type: 'company', nameEn: null, sort: 0 });
      expect((await tree()).map((n) => n.id)).toContain(top);
    });

    it('answers a field message for each invalid field', async () => {
      const res = await requestAs(t, admin)
        .put('/api/v1/org/add')
        .send({ parentId: 'x', name: '   ', nameEn: 'n'.repeat(101), type: 'team', sort: -1 })
        .expect(400);
      expect(fieldErrors(res)).toEqual({
        parentId: ['上级组织不存在'],
        name: ['组织名称不能为空'],
        nameEn: ['英文名称不能超过 100 个字符'],
        type: ['组织类型必须是公司、分公司或部门'],
        sort: ['排序必须是 0 到 9999 的整数'],
      });
      const en = await requestAs(t, admin).put('/api/v1/org/add').set('Accept-Language', 'en').send({ name: 'x', type: 'team' }).expect(400);
      expect(fieldErrors(en)).toEqual({ type: ['The type must be company, branch or department'] });
    });

    it('refuses a name a sibling has (whatever its case), but allows it under another parent', async () => {
      await addUnit(org['Global Forwarding Co., Ltd.'], { name: 'Logistics' });
      const res = await requestAs(t, admin)
        .put('/api/v1/org/add')
        .send({ parentId: org['Global Forwarding Co., Ltd.'], name: 'LOGISTICS', type: 'department' })
        .expect(400);
      expect(fieldErrors(res)).toEqual({ name: ['同一上级下已有同名组织'] });
      await addUnit(org['Shenzhen branch'], { name: 'Logistics' });
    });

    it('refuses a parent that does not exist', async () => {
      const res = await requestAs(t, admin).put('/api/v1/org/add').send({ parentId: 999999, name: '孤儿', type: 'department' }).expect(400);
      expect(fieldErrors(res)).toEqual({ parentId: ['上级组织不存在'] });
    });

    it('refuses a user without org:add with 403', async () => {
      await requestAs(t, operator).put('/api/v1/org/add').send({ name: '无权', type: 'department' }).expect(403);
    });
  });

  describe('POST /org/update', () => {
    it('saves the name, English name, type and order and bumps ver; the parent stays', async () => {
      const id = await addUnit(org.Finance);
      await requestAs(t, admin)
        .post('/api/v1/org/update')
        .send({ id, name: '核算组', nameEn: 'Accounting', type: 'branch', sort: 9, ver: 1, parentId: org.IT })
        .expect(200);
      expect(await unitOf(id)).toMatchObject({ parentId: org.Finance, name: '核算组', nameEn: 'Accounting', type: 'branch', sort: 9, ver: 2 });
    });

    it('refuses a stale ver with 409', async () => {
      const id = await addUnit(org.Finance);
      await requestAs(t, admin).post('/api/v1/org/update').send({ id, name: '先改', type: 'department', ver: 1 }).expect(200);
      const res = await requestAs(t, admin).post('/api/v1/org/update').send({ id, name: '后改', type: 'department', ver: 1 }).expect(409);
      expect(res.body.message).toBe('数据已被他人修改，请刷新后重试');
      expect((await unitOf(id)).name).toBe('先改');
    });

    it('refuses a sibling’s name but keeps its own', async () => {
      const id = await addUnit(org['Shenzhen branch'], { name: '市场部' });
      await requestAs(t, admin).post('/api/v1/org/update').send({ id, name: '市场部', type: 'department', sort: 7, ver: 1 }).expect(200);
      const res = await requestAs(t, admin).post('/api/v1/org/update').send({ id, name: '销售部', type: 'department', ver: 2 }).expect(400);
      expect(fieldErrors(res)).toEqual({ name: ['同一上级下已有同名组织'] });
    });

    it('answers a field message without a ver, and 404 for a unit that does not exist', async () => {
      const res = await requestAs(t, admin).post('/api/v1/org/update').send({ id: org.IT, name: 'IT', type: 'department' }).expect(400);
      expect(fieldErrors(res)).toEqual({ ver: ['版本号无效，请刷新后重试'] });
      await requestAs(t, admin).post('/api/v1/org/update').send({ id: 999999, name: '无', type: 'department', ver: 1 }).expect(404);
    });

    it('refuses a user without org:modify with 403', async () => {
      await requestAs(t, operator).post('/api/v1/org/update').send({ id: org.IT, name: 'IT', type: 'department', ver: 1 }).expect(403);
    });
  });

  describe('POST /org/move', () => {
    it('moves a unit with its whole subtree under another parent, or to the top level with a null parent', async () => {
      const team = await addUnit(org.Operations);
      const squad = await addUnit(team);
      await requestAs(t, admin).post('/api/v1/org/move').send({ id: team, parentId: org.Finance, sort: 2, ver: 1 }).expect(200);
      expect(await unitOf(team)).toMatchObject({ parentId: org.Finance, sort: 2, ver: 2 });
      expect(
        find(await tree(), org.Finance)!
          .children.find((c) => c.id === team)!
          .children.map((c) => c.id),
      ).toEqual([squad]);
      await requestAs(t, admin).post('/api/v1/org/move').send({ id: team, parentId: null, ver: 2 }).expect(200);
      expect((await tree()).map((n) => n.id)).toContain(team);
    });

    it('refuses to move a unit under itself or one of its descendants', async () => {
      const top = await addUnit(org.IT);
      const child = await addUnit(top);
      const grandchild = await addUnit(child);
      for (const parentId of [top, child, grandchild]) {
        const res = await requestAs(t, admin).post('/api/v1/org/move').send({ id: top, parentId, ver: 1 }).expect(400);
        expect(fieldErrors(res)).toEqual({ parentId: ['不能移动到自身或其下级组织之下'] });
      }
      expect(await unitOf(top)).toMatchObject({ parentId: org.IT, ver: 1 });
    });

    it('refuses a parent that does not exist or a missing parent field', async () => {
      const id = await addUnit(org.IT);
      const missing = await requestAs(t, admin).post('/api/v1/org/move').send({ id, parentId: 999999, ver: 1 }).expect(400);
      expect(fieldErrors(missing)).toEqual({ parentId: ['上级组织不存在'] });
      const absent = await requestAs(t, admin).post('/api/v1/org/move').send({ id, ver: 1 }).expect(400);
      expect(fieldErrors(absent)).toEqual({ parentId: ['上级组织不存在'] });
    });

    it('refuses a move that would give the new parent two units of the same name', async () => {
      const id = await addUnit(org.IT, { name: '销售部' });
      const res = await requestAs(t, admin).post('/api/v1/org/move').send({ id, parentId: org['Shenzhen branch'], ver: 1 }).expect(400);
      expect(fieldErrors(res)).toEqual({ name: ['同一上级下已有同名组织'] });
    });

    it('refuses a stale ver with 409', async () => {
      const id = await addUnit(org.IT);
      await requestAs(t, admin).post('/api/v1/org/move').send({ id, parentId: org.Finance, ver: 1 }).expect(200);
      await requestAs(t, admin).post('/api/v1/org/move').send({ id, parentId: org.Sales, ver: 1 }).expect(409);
      expect((await unitOf(id)).parentId).toBe(org.Finance);
    });

    it('refuses a user without org:modify with 403', async () => {
      const id = await addUnit(org.IT);
      await requestAs(t, operator).post('/api/v1/org/move').send({ id, parentId: org.Finance, ver: 1 }).expect(403);
    });
  });

  describe('DELETE /org/delete/{id}', () => {
    it('deletes an empty unit', async () => {
      const id = await addUnit(org.IT);
      await requestAs(t, admin).delete(`/api/v1/org/delete/${id}`).expect(200);
      expect(await t.prisma.db.org.count({ where: { id } })).toBe(0);
    });

    it('refuses while the unit has sub-units', async () => {
      const id = await addUnit(org.IT);
      await addUnit(id);
      const res = await requestAs(t, admin).delete(`/api/v1/org/delete/${id}`).expect(400);
      expect(res.body.message).toBe('该组织下还有下级组织，请先删除或移走下级组织');
    });

    it('refuses while the unit has active staff, saying how many', async () => {
      const id = await addUnit(org.IT);
      await addUserIn(id);
      await addUserIn(id);
      const res = await requestAs(t, admin).delete(`/api/v1/org/delete/${id}`).expect(400);
      expect(res.body.message).toBe('该组织下还有 2 名员工，请先调走这些员工');
      const en = await requestAs(t, admin).delete(`/api/v1/org/delete/${id}`).set('Accept-Language', 'en').expect(400);
      expect(en.body.message).toBe('This unit still has 2 staff; move them elsewhere first');
      expect(await t.prisma.db.org.count({ where: { id } })).toBe(1);
    });

    it('deletes a unit whose staff were all deleted; their rows remain', async () => {
      const id = await addUnit(org.IT);
      const user = await addUserIn(id);
      await t.prisma.db.user.update({ where: { id: user.id }, data: { deletedAt: new Date(), enabled: false } });
      await requestAs(t, admin).delete(`/api/v1/org/delete/${id}`).expect(200);
      expect(await t.prisma.db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ orgId: null, deletedAt: expect.any(Date) });
    });

    it('answers 404 for a unit that does not exist', async () => {
      await requestAs(t, admin).delete('/api/v1/org/delete/999999').expect(404);
    });

    it('refuses a user without org:delete with 403', async () => {
      const id = await addUnit(org.IT);
      await requestAs(t, operator).delete(`/api/v1/org/delete/${id}`).expect(403);
    });
  });
});
