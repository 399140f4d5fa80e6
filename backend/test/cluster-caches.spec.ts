// Several server processes of one installation (two apps on one database and one Redis here): a change
// made through one is seen by the other within a second, though each keeps its own caches (grants 5 s,
// menus 5 s, system parameters 10 s). Needs REDIS_URL; without it the suite is reported as skipped.
import { randomBytes } from 'node:crypto';
import { createTestApp, DEMO, grantWithout, login, requestAs, setParameter, type Session, type TestApp } from './app.js';

const REDIS_URL = process.env.REDIS_URL;
const describeWithRedis = REDIS_URL ? describe : describe.skip;
if (!REDIS_URL) console.warn('cluster-caches: skipped, the tests of several processes require REDIS_URL (e.g. REDIS_URL=redis://127.0.0.1:6379)');

/** How long `call` takes to start answering `status`, polled every 20 ms for at most 3 s. */
async function msUntil(status: number, call: () => PromiseLike<{ status: number }>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 3000) {
    if ((await call()).status === status) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Infinity;
}

describeWithRedis('several processes behind one installation (requires REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: Session;
  let operatorOnB: Session;

  beforeAll(async () => {
    const clusterRedisPrefix = `fwd:cluster:test:${randomBytes(4).toString('hex')}:`;
    a = await createTestApp({ redisUrl: REDIS_URL, clusterRedisPrefix });
    b = await createTestApp({ redisUrl: REDIS_URL, clusterRedisPrefix, databaseUrl: a.databaseUrl });
    admin = await login(a, ...DEMO.admin);
    operatorOnB = await login(b, ...DEMO.operator);
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("refuses a permission on every process within a second of its removal from the user's role", async () => {
    const listOnB = () => requestAs(b, operatorOnB).post('/api/v1/order/list').send({ shipType: 'smallbag', view: 'all' });
    // B has just read the operator's grants: its cache would keep them for 5 s
    await listOnB().expect(200);
    await requestAs(a, admin)
      .post('/api/v1/role/grant')
      .send(await grantWithout(a, 'operator', 'order:list'))
      .expect(200);
    expect(await msUntil(403, listOnB)).toBeLessThan(1000);
  });

  it("shows a menu changed through one process in the other's route trees within a second", async () => {
    const titleOnB = async () =>
      ((await requestAs(b, operatorOnB).post('/api/v1/menu/router').expect(200)).body.data as { name: string; meta: { title: string } }[]).find(
        (node) => node.name === 'MyTasks',
      )?.meta.title;
    // B has just read the menus: its memory would keep them for 5 s
    expect(await titleOnB()).not.toBe('待我处理');
    const { type, path, name, component, icon, permission, id, ver } = await a.prisma.db.menu.findUniqueOrThrow({ where: { name: 'MyTasks' } });
    await requestAs(a, admin).post('/api/v1/menu/update').send({ type, path, name, component, icon, permission, title: '待我处理', id, ver }).expect(200);
    const started = Date.now();
    while ((await titleOnB()) !== '待我处理' && Date.now() - started < 3000) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('shows a changed system parameter on every process within a second', async () => {
    const titleOnB = async () => (await b.http().get('/api/v1/login/initialize').expect(200)).body.data.title as string;
    // B has just read the parameters: its cache would keep them for 10 s
    expect(await titleOnB()).not.toBe('分部货代');
    await setParameter(a, admin, 'site.title', '分部货代');
    const started = Date.now();
    while ((await titleOnB()) !== '分部货代' && Date.now() - started < 3000) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses an ended session on every process at once', async () => {
    const session = await login(b, ...DEMO.finance);
    const ownInfoOnB = () => requestAs(b, session).get('/api/v1/user/info/view');
    await ownInfoOnB().expect(200);
    // signed out through A: B had found the session live a moment ago
    await requestAs(a, session).post('/api/v1/login/logOut').expect(200);
    expect((await ownInfoOnB()).status).toBe(401);
  });
});
