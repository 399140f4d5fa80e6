/**
 * A full disk (or a user's or group's disk quota used up) as Node reports it: ENOSPC, EDQUOT. Nothing the
 * sender can change by sending again: answered 507 with a message that tells them to call an administrator,
 * and the administrators are told (DISK_FULL_ALARM) so the cause is fixed rather than reported a hundred times.
 */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

/** Whether `error`, or an error it was caused by, is a full disk. */
export function isDiskFull(error: unknown): boolean {
  for (let fault = error, depth = 0; fault && typeof fault === 'object' && depth < 5; depth++) {
    const code = (fault as { code?: unknown }).code;
    if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return true;
    fault = (fault as { cause?: unknown }).cause;
  }
  return false;
}

/** What hears of a full disk the exception filter answered (operations/disk registers it: common imports no area). */
export interface DiskFullAlarm {
  /** Never throws and never waits: the answer to the user does not depend on it. */
  raise(error: Error, route: string): void;
}

export const DISK_FULL_ALARM = Symbol('DISK_FULL_ALARM');
