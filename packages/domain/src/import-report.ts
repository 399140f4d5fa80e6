/** A data row an import refused, by its Excel row number (the header is row 1), with every reason. */
export interface RejectedRow {
  row: number;
  /** the order the row names, for the imports that work on orders */
  orderNo?: string;
  reasons: string[];
}

/**
 * What an all-or-nothing workbook import did: `applied` with every row written, or not applied with
 * nothing written and every wrong row listed. The file's own faults (not an xlsx, missing columns …)
 * stay 400s: no row was read.
 */
export interface ImportReport {
  applied: boolean;
  /** data rows read from the file */
  rows: number;
  /** rows written: when applied all of them but the duplicates, else 0 */
  written: number;
  rejected: RejectedRow[];
  /**
   * rows left out of an applied import because the same line was imported before (the cost import: the
   * same file's line, already booked), each with the reason naming what it repeats
   */
  duplicates?: RejectedRow[];
}
