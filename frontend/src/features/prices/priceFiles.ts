import { downloadFile, RequestError, uploadFile } from '@/shared/request';
import type { ShipType } from '@/features/ports/portRules';
import type { PriceFilters } from './api';
import { importRejection, type ImportRejection } from './priceRules';

/** The workbook calls of the price screens, over the shared file calls of the request layer. */

/** A refused workbook call: a sentence to show, and for an import the wrong rows. */
export class PriceFileError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly rejection: ImportRejection = { rows: [], general: [message] },
  ) {
    super(message);
  }
}

/** Runs a file call, turning its refusal into a PriceFileError (a 400 says which rows were wrong). */
async function priceCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    throw new PriceFileError(error.message, error.status, error.status === 400 ? importRejection(error.fieldErrors, error.message) : undefined);
  }
}

/** The prices the list's filters select (paging ignored), as the server's xlsx. */
export async function exportPrices(filters: PriceFilters): Promise<void> {
  await priceCall(() => downloadFile('/price/export', filters, `prices-${filters.shipType}.xlsx`));
}

export async function downloadImportTemplate(): Promise<void> {
  await priceCall(() => downloadFile('/price/template', {}, 'price-import-template.xlsx'));
}

/** Imports a workbook into a line: all rows or none. Resolves with the server's message (导入成功：…). */
export function importPrices(shipType: ShipType, file: File): Promise<string> {
  return priceCall(async () => (await uploadFile(`/price/import/${shipType}`, file)).message);
}
