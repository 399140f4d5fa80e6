// Workbooks in the suites: written for the imports, and read back from the exports and templates the API answers.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

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

/**
 * An attacker's workbook: a one-sheet xlsx (headers 订单号, a row) whose part `broken` has its compressed
 * data overwritten, names and sizes intact, so it passes for an xlsx; `without` a part removed as well.
 */
export async function corruptedWorkbook(broken: string, { without }: { without?: string } = {}): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await workbookFile('费用', [['订单号'], ['DL1']]));
  if (without) zip.remove(without);
  const file = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  const name = Buffer.from(broken);
  const header = file.indexOf(name) - 30;
  const data = header + 30 + name.length + file.readUInt16LE(header + 28);
  file.fill(0xff, data, data + 16);
  return file;
}
