import { jest } from '@jest/globals';
import { ScheduleModule, SchedulerRegistry } from '@nestjs/schedule';
import { Test } from '@nestjs/testing';
import { setTimeout as realDelay } from 'node:timers/promises';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { waitFor } from '../../../test/wait-for.js';
import type { AuditService } from '../../audit/audit.service.js';
import type { PrismaClient } from '../../generated/prisma/client.js';
import { createBaseClient } from '../../prisma/base-client.js';
import type { PrismaService } from '../../prisma/prisma.service.js';
import type { SettingsService } from '../../settings/settings.service.js';
import { LogRetentionService, readPurgeScheduled } from './log-retention.service.js';

describe('the daily log purge', () => {
  // Each test starts on a day of its own: the runs are recorded per Shanghai day in the database they share.
  let day = 0;
  let db: TestDatabase;
  let client: PrismaClient;
  beforeAll(async () => {
    db = await createTestDatabase();
    client = createBaseClient(db.url, 4);
  });
  afterAll(async () => {
    await client.$disconnect();
    await db.drop();
  });
  beforeEach(() => {
    day += 1;
    // 10:00 in Shanghai; the database's own I/O keeps running on real time
    jest.useFakeTimers({ now: Date.UTC(2026, 5, day, 2), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  });
  afterEach(() => jest.useRealTimers());

  const MINUTE = 60 * 1000;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;
  /** Gives a check started by the fake clock time to do what it should not (run the purge) on the real one. */
  const checked = () => realDelay(500);
  /** How long a check started by the fake clock may take on the real one to do what it should (a loaded machine's first connection included). */
  const RUN_MS = 20_000;
  /** Waits until the purge has been called `times` times. */
  const purgedTimes = (purged: { mock: { calls: unknown[] } }, times: number) =>
    waitFor(() => purged.mock.calls.length === times, RUN_MS, `purge run ${times}`);

  /** The service in an application with @nestjs/schedule, started; `app.close()` stops it as a server stops. */
  async function retention(scheduled: boolean, purge: () => Promise<unknown> = async () => undefined) {
    const recordError = jest.fn();
    const app = await Test.createTestingModule({
      imports: [ScheduleModule.forRoot()],
      providers: [
        {
          provide: LogRetentionService,
          inject: [SchedulerRegistry],
          useFactory: (scheduler: SchedulerRegistry) =>
            new LogRetentionService({ base: client } as PrismaService, {} as SettingsService, { recordError } as unknown as AuditService, scheduler, scheduled),
        },
      ],
    }).compile();
    const service = app.get(LogRetentionService);
    const purged = jest.spyOn(service, 'purge').mockImplementation(purge as never);
    await app.init();
    return { app, purged, recordError };
  }

  it('runs a minute after start, checks hourly, runs once a Shanghai day, until the application stops', async () => {
    const { app, purged } = await retention(true);
    jest.advanceTimersByTime(MINUTE - 1);
    await checked();
    expect(purged).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await purgedTimes(purged, 1);
    jest.advanceTimersByTime(HOUR);
    await checked();
    expect(purged).toHaveBeenCalledTimes(1);
    // 14 hours on, past midnight in Shanghai: the next day's run
    for (let hour = 0; hour < 14; hour += 1) {
      jest.advanceTimersByTime(HOUR);
      await checked();
    }
    await purgedTimes(purged, 2);
    const runs = () => client.jobRun.findMany({ where: { name: 'log-purge', status: 'ok' }, select: { period: true }, orderBy: { period: 'asc' } });
    await waitFor(async () => (await runs()).length === 2, RUN_MS, 'the second run recorded');
    expect(await runs()).toEqual([{ period: '2026-06-01' }, { period: '2026-06-02' }]);
    await app.close();
    jest.advanceTimersByTime(3 * DAY);
    await checked();
    expect(purged).toHaveBeenCalledTimes(2);
  }, 90_000);

  it('does not keep the process alive', async () => {
    const { app } = await retention(true);
    const scheduler = app.get(SchedulerRegistry);
    const timers = [
      ...scheduler.getTimeouts().map((name) => scheduler.getTimeout(name)),
      ...scheduler.getIntervals().map((name) => scheduler.getInterval(name)),
    ] as NodeJS.Timeout[];
    expect(timers).toHaveLength(2);
    expect(timers.map((timer) => timer.hasRef())).toEqual([false, false]);
    await app.close();
  });

  it('stays off when the switch is off', async () => {
    const { app, purged } = await retention(false);
    expect(app.get(SchedulerRegistry).getIntervals()).toEqual([]);
    jest.advanceTimersByTime(2 * DAY);
    await checked();
    expect(purged).not.toHaveBeenCalled();
    await app.close();
  });

  it('records a failed run in the exception log and tries again at the next check', async () => {
    const { app, purged, recordError } = await retention(true, async () => {
      throw new Error('database unavailable');
    });
    jest.advanceTimersByTime(MINUTE);
    await waitFor(() => recordError.mock.calls.length === 1, RUN_MS, 'the failure recorded');
    expect(recordError).toHaveBeenCalledWith(expect.objectContaining({ message: 'log purge failed: database unavailable' }));
    jest.advanceTimersByTime(HOUR);
    await purgedTimes(purged, 2);
    await app.close();
  });

  it('is on unless LOG_PURGE_SCHEDULED is false', () => {
    expect(readPurgeScheduled({})).toBe(true);
    expect(readPurgeScheduled({ LOG_PURGE_SCHEDULED: 'true' })).toBe(true);
    expect(readPurgeScheduled({ LOG_PURGE_SCHEDULED: 'false' })).toBe(false);
  });
});
