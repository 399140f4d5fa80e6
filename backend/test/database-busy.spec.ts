import pg from 'pg';
import { DEMO, refusal, requestAs, useTestApp } from './app.js';

/**
 * A transaction the database cannot finish in its time (a lock held elsewhere, a busy machine) is rolled
 * back and answered 503 with Retry-After: retryable, nothing half-written, never a 500.
 */
describe('a database too busy to finish a write in time', () => {
  const { t, admin } = useTestApp({ admin: DEMO.admin }, { transactionTimeoutMs: 1500, transactionMaxWaitMs: 1500 });

  async function holdingLock<T>(table: string, work: () => Promise<T>): Promise<T> {
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(`lock table ${table} in access exclusive mode`);
      return await work();
    } finally {
      await holder.query('rollback').catch(() => {});
      await holder.end();
    }
  }

  it('answers 503 with Retry-After, and writes neither the record nor its change-log row', async () => {
    const res = await holdingLock('dict_type', () => requestAs(t, admin).put('/api/v1/dict/add').send({ dictCode: 'busyProbe', dictName: '繁忙' }));
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.body).toEqual(refusal(503, '系统繁忙，本次操作未保存，请稍后重试'));
    expect(await t.prisma.db.dictType.count({ where: { dictCode: 'busyProbe' } })).toBe(0);
    expect(await t.prisma.base.$queryRaw`select 1 from data_change_log where after->>'dictCode' = 'busyProbe'`).toEqual([]);
    // the same request, sent again once the lock is gone, goes through
    await requestAs(t, admin).put('/api/v1/dict/add').send({ dictCode: 'busyProbe', dictName: '繁忙' }).expect(200);
  });

  it('answers every one of many writes waiting on one lock with 200 or 503, never 500', async () => {
    let settled: Promise<{ status: number }[]> = Promise.resolve([]);
    await holdingLock('dict_type', async () => {
      const sent = Array.from({ length: 12 }, (_, i) =>
        requestAs(t, admin)
          .put('/api/v1/dict/add')
          .send({ dictCode: `crowd${i}`, dictName: '并发' }),
      );
      settled = Promise.all(sent.map((call) => call.then((res) => res)));
      // the lock is let go while they wait
      await new Promise((resolve) => setTimeout(resolve, 800));
    });
    const statuses = await settled;
    const seen = new Set(statuses.map((res) => res.status));
    expect([...seen].every((status) => status === 200 || status === 503)).toBe(true);
    const written = await t.prisma.db.dictType.count({ where: { dictCode: { startsWith: 'crowd' } } });
    expect(written).toBe(statuses.filter((res) => res.status === 200).length);
  });
});
