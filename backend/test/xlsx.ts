// Reading back the workbooks the API answers, in the suites that check exports and templates.
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
