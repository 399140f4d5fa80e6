// The health checks against a real database and upload folder (the medium tier, test/medium.ts): what makes
// an instance ready, degraded or not ready, that the answer names no path or secret, and that monitors
// polling at once share one round of checks (docs/monitoring.md).
import type { Type } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { useMedium } from '../../../test/medium.js';
import { RATE_STORE, type RateStore } from '../../auth/rate-store.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { SettingsService } from '../../settings/settings.service.js';
import { BACKUP_JOB } from '../backup/backup-store.js';
import { BackupService } from '../backup/backup.service.js';
import { HealthService } from './health.service.js';

describe('HealthService: readiness and liveness (medium)', () => {
  const { m } = useMedium();
  const config = () => m.get(APP_CONFIG as unknown as Type<AppConfig>);
  /** A fresh service each time: the one in the context remembers that every migration was applied. */
  const health = () => new HealthService(m.prisma, m.get(BackupService), m.get(SettingsService), m.get(RATE_STORE as unknown as Type<RateStore>), config());
  const withDiskMinimum = async <T>(mb: number, body: () => Promise<T>) => {
    await m.setParameter('upload.diskMinFreeMb', mb);
    try {
      return await body();
    } finally {
      await m.setParameter('upload.diskMinFreeMb', 1024);
    }
  };

  it('is ready when the database answers, the upload folder takes a file and every migration is applied; Redis is off without REDIS_URL', async () => {
    const ready = await withDiskMinimum(0, () => health().readiness());
    expect(ready.status).toBe('ok');
    expect(ready.checks).toMatchObject({
      database: { status: 'ok' },
      redis: { status: 'off' },
      uploads: { status: 'ok' },
      disk: { status: 'ok', minFreeBytes: 0 },
      migrations: { status: 'ok', pending: [] },
      backup: { status: 'none' },
    });
    expect(ready.checks.disk.freeBytes).toBeGreaterThan(0);
  });

  it('is degraded, still serving, when the upload disk has less free space than upload.diskMinFreeMb', async () => {
    const ready = await withDiskMinimum(1_000_000_000, () => health().readiness());
    expect(ready.status).toBe('degraded');
    expect(ready.checks.disk.status).toBe('degraded');
  });

  it('is not ready while a migration of the code is not applied, naming it', async () => {
    const [last] = await m.prisma.db.$queryRaw<{ id: string; migration_name: string }[]>`
      select id, migration_name from _prisma_migrations order by migration_name desc limit 1`;
    await m.prisma.db.$executeRaw`update _prisma_migrations set rolled_back_at = now() where id = ${last.id}`;
    try {
      const ready = await health().readiness();
      expect(ready.status).toBe('fail');
      expect(ready.checks.migrations).toMatchObject({ status: 'fail', error: 'pending', pending: [last.migration_name] });
    } finally {
      await m.prisma.db.$executeRaw`update _prisma_migrations set rolled_back_at = null where id = ${last.id}`;
    }
  });

  it('is not ready when the upload folder cannot be written, telling the error code and never the path', async () => {
    const blocker = path.join(tmpdir(), `health-blocker-${randomUUID()}`);
    writeFileSync(blocker, 'a file where a folder should be');
    const original = config().uploadDir;
    config().uploadDir = path.join(blocker, 'uploads');
    try {
      const ready = await health().readiness();
      expect(ready.status).toBe('fail');
      expect(ready.checks.uploads).toMatchObject({ status: 'fail', error: 'ENOTDIR' });
      expect(ready.checks.disk).toMatchObject({ status: 'fail', error: 'ENOTDIR' });
      expect(JSON.stringify(ready)).not.toContain(blocker);
    } finally {
      config().uploadDir = original;
    }
  });

  it('reports the last backup with secrets and URL credentials masked, never depending on it', async () => {
    await m.prisma.db.jobRun.create({
      data: {
        name: BACKUP_JOB,
        period: '2026-11-29',
        status: 'failed',
        startedAt: new Date(),
        finishedAt: new Date(),
        message: 'pg_dump postgres://backup:hunter2@db.internal/fwd failed, password=hunter2',
      },
    });
    const ready = await withDiskMinimum(0, () => health().readiness());
    expect(ready.status).toBe('ok');
    expect(ready.checks.backup.status).toBe('failed');
    expect(ready.checks.backup.message).not.toContain('hunter2');
    expect(ready.checks.backup.message).toContain('postgres://******@db.internal/fwd');
  });

  it('lets monitors polling at once share one round of checks', async () => {
    const service = health();
    const [a, b] = [service.readiness(), service.readiness()];
    expect(a).toBe(b);
    await a;
    expect(service.readiness()).not.toBe(a);
  });

  it('is live without an embedded database to watch', () => {
    expect(health().liveness()).toEqual({ status: 'ok' });
  });
});
