import { jest } from '@jest/globals';
import type { AuditService } from '../../audit/audit.service.js';
import type { PrismaService } from '../../prisma/prisma.service.js';
import type { SettingsService } from '../../settings/settings.service.js';
import { LogRetentionService, readPurgeScheduled } from './log-retention.service.js';

describe('the daily log purge', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const MINUTE = 60 * 1000;
  const DAY = 24 * 60 * MINUTE;

  function retention(scheduled: boolean, purge: () => Promise<unknown> = async () => undefined) {
    const recordError = jest.fn();
    const service = new LogRetentionService({} as PrismaService, {} as SettingsService, { recordError } as unknown as AuditService, scheduled);
    const purged = jest.spyOn(service, 'purge').mockImplementation(purge as never);
    return { service, purged, recordError };
  }

  it('runs a minute after start, then once a day, until the module stops', () => {
    const { service, purged } = retention(true);
    service.onModuleInit();
    jest.advanceTimersByTime(MINUTE - 1);
    expect(purged).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(purged).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(DAY);
    expect(purged).toHaveBeenCalledTimes(2);
    service.onModuleDestroy();
    jest.advanceTimersByTime(3 * DAY);
    expect(purged).toHaveBeenCalledTimes(2);
  });

  it('does not keep the process alive', () => {
    const { service } = retention(true);
    const timeouts = jest.spyOn(globalThis, 'setTimeout');
    const intervals = jest.spyOn(globalThis, 'setInterval');
    service.onModuleInit();
    const timers = [...timeouts.mock.results, ...intervals.mock.results].map((result) => result.value as NodeJS.Timeout);
    expect(timers).toHaveLength(2);
    expect(timers.map((timer) => timer.hasRef())).toEqual([false, false]);
    service.onModuleDestroy();
  });

  it('stays off when the switch is off', () => {
    const { service, purged } = retention(false);
    service.onModuleInit();
    jest.advanceTimersByTime(2 * DAY);
    expect(purged).not.toHaveBeenCalled();
  });

  it('records a failed run in the exception log and tries again the next day', async () => {
    const { service, purged, recordError } = retention(true, async () => {
      throw new Error('database unavailable');
    });
    service.onModuleInit();
    await jest.advanceTimersByTimeAsync(MINUTE);
    expect(recordError).toHaveBeenCalledWith(expect.objectContaining({ message: 'log purge failed: database unavailable' }));
    await jest.advanceTimersByTimeAsync(DAY);
    expect(purged).toHaveBeenCalledTimes(2);
    service.onModuleDestroy();
  });

  it('is on unless LOG_PURGE_SCHEDULED is false', () => {
    expect(readPurgeScheduled({})).toBe(true);
    expect(readPurgeScheduled({ LOG_PURGE_SCHEDULED: 'true' })).toBe(true);
    expect(readPurgeScheduled({ LOG_PURGE_SCHEDULED: 'false' })).toBe(false);
  });
});
