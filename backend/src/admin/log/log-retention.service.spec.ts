import { jest } from '@jest/globals';
import { ScheduleModule, SchedulerRegistry } from '@nestjs/schedule';
import { Test } from '@nestjs/testing';
import type { AuditService } from '../../audit/audit.service.js';
import type { PrismaService } from '../../prisma/prisma.service.js';
import type { SettingsService } from '../../settings/settings.service.js';
import { LogRetentionService, readPurgeScheduled } from './log-retention.service.js';

describe('the daily log purge', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const MINUTE = 60 * 1000;
  const DAY = 24 * 60 * MINUTE;

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
            new LogRetentionService({} as PrismaService, {} as SettingsService, { recordError } as unknown as AuditService, scheduler, scheduled),
        },
      ],
    }).compile();
    const service = app.get(LogRetentionService);
    const purged = jest.spyOn(service, 'purge').mockImplementation(purge as never);
    await app.init();
    return { app, purged, recordError };
  }

  it('runs a minute after start, then once a day, until the application stops', async () => {
    const { app, purged } = await retention(true);
    jest.advanceTimersByTime(MINUTE - 1);
    expect(purged).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(purged).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(DAY);
    expect(purged).toHaveBeenCalledTimes(2);
    await app.close();
    jest.advanceTimersByTime(3 * DAY);
    expect(purged).toHaveBeenCalledTimes(2);
  });

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
    expect(purged).not.toHaveBeenCalled();
    await app.close();
  });

  it('records a failed run in the exception log and tries again the next day', async () => {
    const { app, purged, recordError } = await retention(true, async () => {
      throw new Error('database unavailable');
    });
    await jest.advanceTimersByTimeAsync(MINUTE);
    expect(recordError).toHaveBeenCalledWith(expect.objectContaining({ message: 'log purge failed: database unavailable' }));
    await jest.advanceTimersByTimeAsync(DAY);
    expect(purged).toHaveBeenCalledTimes(2);
    await app.close();
  });

  it('is on unless LOG_PURGE_SCHEDULED is false', () => {
    expect(readPurgeScheduled({})).toBe(true);
    expect(readPurgeScheduled({ LOG_PURGE_SCHEDULED: 'true' })).toBe(true);
    expect(readPurgeScheduled({ LOG_PURGE_SCHEDULED: 'false' })).toBe(false);
  });
});
