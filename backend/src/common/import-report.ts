import type { ImportReport, RejectedRow } from '@forwarder/domain';
import { WithMessage } from './envelope.js';
import { t } from './messages.js';

/** The rows named in a refusal's sentence; the table beside it lists them all. */
const NAMED_ROWS = 10;

/** The report of a file with wrong rows: nothing written. */
export function refusedImport(rows: number, rejected: RejectedRow[]): ImportReport {
  return { applied: false, rows, written: 0, rejected: [...rejected].sort((a, b) => a.row - b.row) };
}

/**
 * The answer of an import, its message saying what was done: the import's own sentence when applied,
 * else that nothing was imported and which rows are wrong.
 */
export function importAnswer<R extends ImportReport>(report: R, applied: (report: R) => string): WithMessage<R> {
  if (report.applied) return new WithMessage(report, applied(report));
  const named = report.rejected.slice(0, NAMED_ROWS).map((r) => r.row);
  const rows = named.join(', ') + (report.rejected.length > NAMED_ROWS ? ' …' : '');
  return new WithMessage(report, t('importNothingWritten', { count: report.rejected.length, rows, total: report.rows }));
}
