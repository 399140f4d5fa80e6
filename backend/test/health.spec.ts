// Liveness and readiness (docs/monitoring.md): what compose's healthcheck and the load balancer ask.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pendingMigrations } from '../src/operations/health/migrations.js';
import { useTestApp, type TestApp } from './app.js';

const REPO_MIGRATIONS = path.resolve(import.meta.dirname, '..', '..', 'prisma', 'migrations');

/** Nothing of where the server's database, Redis or upload folder are, nor any credential. */
function expectNoSecrets(t: TestApp, body: unknown) {
  const text = JSON.stringify(body);
  const database = new URL(t.databaseUrl);
  expect(text).not.toContain(database.host);
  expect(text).not.toContain(database.pathname.slice(1));
  expect(text).not.toContain(t.config.uploadDir);
  expect(text).not.toMatch(/postgres(ql)?:\/\/|redis:\/\//);
}

describe('health', () => {
  describe('a server that can serve', () => {
    const { t } = useTestApp();

    it('answers live with 200 and nothing else to say', async () => {
      const res = await t.http().get('/api/health/live').expect(200);
      expect(res.body).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('answers ready with 200 and the result of each check, outside the envelope and without sign-in', async () => {
      const res = await t.http().get('/api/health/ready').expect(200);
      expect(res.body).toEqual({
        status: 'ok',
        checks: {
          database: { status: 'ok', ms: expect.any(Number) },
          redis: t.config.redisUrl ? { status: 'ok', ms: expect.any(Number) } : { status: 'off' },
          uploads: { status: 'ok', ms: expect.any(Number) },
          // the machine's disk has more than the default threshold (1024 MB) free
          disk: { status: 'ok', ms: expect.any(Number), freeBytes: expect.any(Number), minFreeBytes: 1024 * 1024 * 1024 },
          migrations: { status: 'ok', ms: expect.any(Number), pending: [] },
          backup: { status: 'none' },
        },
      });
      expectNoSecrets(t, res.body);
      // the upload probe leaves nothing behind
      expect(readdirSync(t.config.uploadDir)).toEqual([]);
    });

    it('reports the last backup as its job recorded it, without its secrets, and stays ready when it failed', async () => {
      await t.prisma.db.jobRun.createMany({
        data: [
          { name: 'backup', period: '2026-11-25', status: 'ok', startedAt: new Date('2026-11-25T18:00:00Z'), finishedAt: new Date('2026-11-25T18:01:00Z') },
          {
            name: 'backup',
            period: '2026-11-26',
            status: 'failed',
            startedAt: new Date('2026-11-26T18:00:00Z'),
            finishedAt: new Date('2026-11-26T18:00:05Z'),
            message: 'pg_dump: connection to postgresql://backup:hunter2@db.internal/forwarder failed; password=hunter2',
          },
          { name: 'log-purge', period: '2026-11-27', status: 'ok', startedAt: new Date('2026-11-27T01:00:00Z') },
        ],
      });
      const res = await t.http().get('/api/health/ready').expect(200);
      expect(res.body.status).toBe('ok');
      expect(res.body.checks.backup).toEqual({
        status: 'failed',
        finishedAt: '2026-11-26T18:00:05.000Z',
        message: expect.stringContaining('pg_dump: connection to'),
      });
      expect(res.body.checks.backup.message).not.toContain('hunter2');
    });

    it('is not written to the request log, unlike the API calls', async () => {
      await t.http().get('/api/health/live').expect(200);
      await t.http().get('/api/health/ready').expect(200);
      await t.http().get('/api/v1/login/initialize').expect(200);
      await t.flushAudit();
      const paths = (await t.prisma.db.requestLog.findMany({ select: { path: true } })).map((row) => row.path);
      expect(paths).toContain('/api/v1/login/initialize');
      expect(paths.filter((p) => p.startsWith('/api/health'))).toEqual([]);
    });

    it('answers a monitor polling often, past the public routes’ per-address limit (60 a minute)', async () => {
      for (let i = 0; i < 70; i++) await t.http().get('/api/health/live').expect(200);
      const answers = await Promise.all(Array.from({ length: 10 }, () => t.http().get('/api/health/ready')));
      expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    });
  });

  describe('an upload folder that cannot take a file', () => {
    const blocked = path.join(mkdtempSync(path.join(tmpdir(), 'fwd-health-')), 'uploads');
    // a file where the folder should be: no write succeeds there, whoever the process runs as
    writeFileSync(blocked, '');
    const { t } = useTestApp({}, { uploadDir: blocked });
    afterAll(() => rmSync(path.dirname(blocked), { recursive: true, force: true }));

    it('is not ready (503) and says which check failed, by a code and not the path', async () => {
      const res = await t.http().get('/api/health/ready').expect(503);
      expect(res.body.status).toBe('fail');
      expect(res.body.checks.uploads).toEqual({ status: 'fail', ms: expect.any(Number), error: expect.stringMatching(/^E[A-Z]+$/) });
      expect(res.body.checks.database.status).toBe('ok');
      expectNoSecrets(t, res.body);
    });

    it('is still live: the load balancer stops sending to it, nothing restarts it', async () => {
      await t.http().get('/api/health/live').expect(200);
    });
  });

  describe('a code with a migration the database has not applied', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'fwd-migrations-'));
    for (const name of readdirSync(REPO_MIGRATIONS, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
      mkdirSync(path.join(folder, name.name));
      writeFileSync(path.join(folder, name.name, 'migration.sql'), '');
    }
    mkdirSync(path.join(folder, '29991231000000_future'));
    writeFileSync(path.join(folder, '29991231000000_future', 'migration.sql'), 'select 1;');
    // a folder without migration.sql is no migration (as for Prisma Migrate)
    mkdirSync(path.join(folder, '29991231000001_draft'));
    const { t } = useTestApp({}, { migrationsDir: folder });
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('is not ready (503) and names the pending migration', async () => {
      const res = await t.http().get('/api/health/ready').expect(503);
      expect(res.body.status).toBe('fail');
      expect(res.body.checks.migrations).toEqual({ status: 'fail', ms: expect.any(Number), error: 'pending', pending: ['29991231000000_future'] });
    });

    it('becomes ready once the migration is recorded as finished', async () => {
      await t.prisma.db
        .$executeRaw`insert into _prisma_migrations (id, checksum, migration_name, finished_at, applied_steps_count) values ('future', 'x', '29991231000000_future', now(), 1)`;
      const res = await t.http().get('/api/health/ready').expect(200);
      expect(res.body.checks.migrations).toEqual({ status: 'ok', ms: expect.any(Number), pending: [] });
    });
  });

  it('counts as pending only the expected migrations not finished, in their order', () => {
    expect(pendingMigrations(['1_a', '2_b', '3_c'], ['2_b', '0_old'])).toEqual(['1_a', '3_c']);
    expect(pendingMigrations(['1_a'], ['1_a'])).toEqual([]);
  });
});
