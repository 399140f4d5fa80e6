import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { routeInterceptor } from './route-interceptor.js';

export const TRANSFER = 'fwd:transfer';

export interface TransferLabels {
  kind: 'export' | 'import';
  /** what is exported or imported, a fixed word per route (`orders`, `prices`…) */
  name: string;
}

/** What times a marked route's transfer: operations/metrics/transfer.interceptor.ts, provided by MetricsModule. */
export const TRANSFER_INTERCEPTOR = Symbol('TransferInterceptor');

/** The interceptor @Transfer binds to its route, handing each call to TRANSFER_INTERCEPTOR. */
export const TransferRoute = routeInterceptor('TransferRoute', TRANSFER_INTERCEPTOR);

/** Marks a spreadsheet export or import: the metrics count and time it (xlsx_transfers_total, docs/monitoring.md). */
export const Transfer = (kind: TransferLabels['kind'], name: string) =>
  applyDecorators(SetMetadata(TRANSFER, { kind, name } satisfies TransferLabels), UseInterceptors(TransferRoute));
