import { SetMetadata } from '@nestjs/common';

export const TRANSFER = 'fwd:transfer';

export interface TransferLabels {
  kind: 'export' | 'import';
  /** what is exported or imported, a fixed word per route (`orders`, `prices`…) */
  name: string;
}

/** Marks a spreadsheet export or import: the metrics count and time it (xlsx_transfers_total, docs/monitoring.md). */
export const Transfer = (kind: TransferLabels['kind'], name: string) => SetMetadata(TRANSFER, { kind, name } satisfies TransferLabels);
