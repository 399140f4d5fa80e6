// Workbooks in the suites: written for the imports, and read back from the exports and templates the API answers.
import ExcelJS from 'exceljs';

export async function readWorkbook(data: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  return workbook;
}

/** The cell values of every row, from column A. */
export function sheetValues(sheet: ExcelJS.Worksheet) {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** An xlsx file of one sheet holding `rows` (the first is usually the header row). */
export async function workbookFile(sheetName: string, rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet(sheetName).addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
