import { HttpStatus, Injectable } from '@nestjs/common';
import { AppError } from '../common/app-error.js';
import type { WorkbookLimits } from '../common/xlsx.js';
import { SettingsService } from './settings.service.js';

/** Seconds a refused import is told to wait: an import of a real file takes a few seconds. */
export const IMPORT_RETRY_AFTER_SECONDS = 5;

/**
 * The bounds of the spreadsheet imports (system parameters import.*, docs/operations.md): what a workbook
 * may hold, and how many imports run at once. Each import holds its upload and the rows it read in memory
 * and costs a core while it parses, so this process runs at most import.maxConcurrent of them and one per
 * user; the others are refused at once (429 with Retry-After), before their upload is read.
 */
@Injectable()
export class ImportLimits {
  private running = 0;
  private readonly users = new Set<number>();

  constructor(private readonly settings: SettingsService) {}

  async workbook(): Promise<WorkbookLimits> {
    const [maxUncompressedMb, maxPartMb, maxSharedStrings, maxSharedStringsMb, maxRows, maxColumns, maxCellChars] = await Promise.all([
      this.settings.get('import.maxUncompressedMb'),
      this.settings.get('import.maxPartMb'),
      this.settings.get('import.maxSharedStrings'),
      this.settings.get('import.maxSharedStringsMb'),
      this.settings.get('import.maxRows'),
      this.settings.get('import.maxColumns'),
      this.settings.get('import.maxCellChars'),
    ]);
    return { maxUncompressedMb, maxPartMb, maxSharedStrings, maxSharedStringsMb, maxRows, maxColumns, maxCellChars };
  }

  /** Runs one import of `userId` (receiving its upload included) if a place is free; otherwise 429. */
  async slot<T>(userId: number, run: () => Promise<T>): Promise<T> {
    const max = await this.settings.get('import.maxConcurrent');
    // checked and taken in one turn of the event loop: two requests cannot both take the last place
    if (this.users.has(userId) || this.running >= max)
      throw new AppError(HttpStatus.TOO_MANY_REQUESTS, 'importBusy', {}, { 'Retry-After': String(IMPORT_RETRY_AFTER_SECONDS) });
    this.running++;
    this.users.add(userId);
    try {
      return await run();
    } finally {
      this.running--;
      this.users.delete(userId);
    }
  }
}
