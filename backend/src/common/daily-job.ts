import type { SchedulerRegistry } from '@nestjs/schedule';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A daily job's first run comes this long after start, so that a server restarted more often than daily still runs it. */
export const FIRST_RUN_MS = 60 * 1000;

/**
 * Runs `job` in the background FIRST_RUN_MS after start and then once a day, as `<name>-first` and
 * `<name>-daily` (@nestjs/schedule clears both when the application closes; unref: they never keep a
 * process alive). A failed run is handed to `failed`; the next one still comes.
 */
export function scheduleDaily(scheduler: SchedulerRegistry, name: string, job: () => Promise<unknown>, failed: (error: Error) => void): void {
  const run = () => void job().catch(failed);
  scheduler.addTimeout(`${name}-first`, setTimeout(run, FIRST_RUN_MS).unref());
  scheduler.addInterval(`${name}-daily`, setInterval(run, DAY_MS).unref());
}
