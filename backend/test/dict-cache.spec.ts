// The dictionaries' values are served from memory (DictService, common/read-cache.ts): a change is seen at
// once by the process that made it and within a second by the others (two apps on one database and one
// Redis here). The other process needs REDIS_URL; without it that test is reported as skipped.
import { randomBytes } from 'node:crypto';
import { createTestApp, DEMO, login, requestAs, type Session, type TestApp } from './app.js';

const REDIS_URL = process.env.REDIS_URL;
const itWithRedis = REDIS_URL ? it : it.skip;
if (!REDIS_URL) console.warn('dict-cache: the test of two processes is skipped, it requires REDIS_URL (e.g. REDIS_URL=redis://127.0.0.1:6379)');

const values = async (t: TestApp, session: Session, dictCode: string) =>
  ((await requestAs(t, session).get(`/api/v1/dict/detail/item/${dictCode}`).expect(200)).body.data as { value: string }[]).map((item) => item.value);

describe('dictionaries served from memory', () => {
  let a: TestApp;
  let b: TestApp | undefined;
  let admin: Session;
  let operatorOnB: Session | undefined;

  beforeAll(async () => {
    const clusterRedisPrefix = `fwd:cluster:test:${randomBytes(4).toString('hex')}:`;
    a = await createTestApp(REDIS_URL ? { redisUrl: REDIS_URL, clusterRedisPrefix } : {});
    if (REDIS_URL) b = await createTestApp({ redisUrl: REDIS_URL, clusterRedisPrefix, databaseUrl: a.databaseUrl });
    admin = await login(a, ...DEMO.admin);
    if (b) operatorOnB = await login(b, ...DEMO.operator);
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('offers a value added through the API on the very next read', async () => {
    expect(await values(a, admin, 'currency')).not.toContain('CHF');
    await requestAs(a, admin).put('/api/v1/dict/item/add').send({ dictCode: 'currency', dictName: '瑞士法郎', value: 'CHF', sort: 90 }).expect(200);
    expect(await values(a, admin, 'currency')).toContain('CHF');
  });

  it('stops offering a value disabled by a bulk write made through the client', async () => {
    expect(await values(a, admin, 'currency')).toContain('CHF');
    await a.prisma.db.dictItem.updateMany({ where: { dictCode: 'currency', value: 'CHF' }, data: { enabled: false } });
    expect(await values(a, admin, 'currency')).not.toContain('CHF');
  });

  itWithRedis('shows a value enabled through one process on the other within a second', async () => {
    // B has just read the dictionary: its memory would keep it for 5 s
    expect(await values(b!, operatorOnB!, 'currency')).not.toContain('CHF');
    await a.prisma.db.dictItem.updateMany({ where: { dictCode: 'currency', value: 'CHF' }, data: { enabled: true } });
    const started = Date.now();
    while (!(await values(b!, operatorOnB!, 'currency')).includes('CHF') && Date.now() - started < 3000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
