import { downloadFile } from '@/shared/request';
import type { PriceFilters } from './api';

/** The prices the list's filters select (paging ignored), as the server's xlsx. */
export async function exportPrices(filters: PriceFilters): Promise<void> {
  await downloadFile('/price/export', filters, `prices-${filters.shipType}.xlsx`);
}
