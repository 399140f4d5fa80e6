import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { setImmediate } from 'node:timers/promises';
import { corruptedWorkbook, DEFAULT_IMPORT_LIMITS, sharedStringsPart, sheetPart, workbookBomb, workbookFile } from '../../test/xlsx.js';
import { readableOrNull, readSheetByHeader, WorkbookLimitError, writeWorkbook, type WorkbookLimits } from './xlsx.js';

describe('readableOrNull', () => {
  it("answers the reader's result, or null with the reader's reason in the log", async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      await expect(readableOrNull(Promise.resolve({ rows: 3 }), 'cost import')).resolves.toEqual({ rows: 3 });
      expect(warn).not.toHaveBeenCalled();
      await expect(readableOrNull(Promise.reject(new Error('End of data reached (data length = 0, asked index = 4)')), 'cost import')).resolves.toBeNull();
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^cost import: .*End of data reached/));
    } finally {
      warn.mockRestore();
    }
  });
});

describe('readSheetByHeader', () => {
  const byHeader = (file: Buffer) =>
    readSheetByHeader(file, 10, { limits: DEFAULT_IMPORT_LIMITS, required: [] }, (cell) => ({ no: cell('订单号'), amount: cell('金额'), day: cell('日期') }));
  const day = new Date(Date.UTC(2026, 9, 15));

  it('reads the first sheet by its headers: shared strings, numbers, date cells as dates; blank rows skipped', async () => {
    const file = await workbookFile('费用', [['订单号', '金额', '日期'], ['DL1', 80, day], [], ['DL2', 1.5, '2026-10-16']]);
    expect(await byHeader(file)).toEqual({
      workbook: true,
      headers: new Set(['订单号', '金额', '日期']),
      total: 2,
      rows: [
        { row: 2, values: { no: 'DL1', amount: 80, day } },
        { row: 4, values: { no: 'DL2', amount: 1.5, day: '2026-10-16' } },
      ],
    });
  });

  // exceljs stores a sheet before xl/workbook.xml; its own one-pass reader wrote such a sheet to a temporary
  // file and, when that write was slow, lost the parts stored after it and refused the file (exceljs#3064)
  it('reads a sheet stored before the workbook part however slow the disk is', async () => {
    const file = await workbookFile('费用', [
      ['订单号', '金额', '日期'],
      ['DL1', 80, day],
    ]);
    const createWriteStream = fs.createWriteStream;
    const slow = jest.spyOn(fs, 'createWriteStream').mockImplementation((...args: Parameters<typeof fs.createWriteStream>) => {
      const stream = createWriteStream(...args);
      const write = stream._write.bind(stream);
      stream._write = (chunk, encoding, done) => setTimeout(() => write(chunk, encoding, done), 20);
      return stream;
    });
    try {
      for (let i = 0; i < 5; i++) expect((await byHeader(file)).rows).toEqual([{ row: 2, values: { no: 'DL1', amount: 80, day } }]);
    } finally {
      slow.mockRestore();
    }
  });

  it('reads back what the server writes as a stream (inline strings, sizes after the data), dates kept by their style', async () => {
    const out = new PassThrough();
    const written = buffer(out);
    await writeWorkbook(
      out,
      async (workbook) => {
        const sheet = workbook.addWorksheet('费用');
        sheet.addRow(['订单号', '金额', '日期']).commit();
        sheet.addRow(['DL1', 80, day]).commit();
        sheet.getColumn(3).numFmt = 'yyyy-mm-dd';
        sheet.commit();
      },
      { styles: true },
    );
    expect((await byHeader(await written)).rows).toEqual([{ row: 2, values: { no: 'DL1', amount: 80, day } }]);
  });

  it("takes the workbook's first tab, whatever order its sheets are stored in", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('说明').addRow(['订单号']);
    workbook.addWorksheet('费用').addRows([
      ['订单号', '金额'],
      ['DL9', 9],
    ]);
    const zip = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
    // the second sheet stored (sheet2.xml) made the first tab
    const book = await zip.file('xl/workbook.xml')!.async('string');
    const tabs = book.match(/<sheet [^>]*\/>/g)!;
    expect(tabs).toHaveLength(2);
    zip.file('xl/workbook.xml', book.replace(tabs.join(''), [tabs[1], tabs[0]].join('')));
    expect((await byHeader(await zip.generateAsync({ type: 'nodebuffer' }))).rows).toEqual([{ row: 2, values: { no: 'DL9', amount: 9, day: undefined } }]);
  });

  it('refuses a workbook with a corrupt part, leaving no error unheard', async () => {
    const unheard: unknown[] = [];
    const listener = (error: unknown) => unheard.push(error);
    process.on('uncaughtException', listener);
    try {
      await expect(byHeader(await corruptedWorkbook('xl/worksheets/sheet1.xml'))).rejects.toThrow();
      await expect(byHeader(await corruptedWorkbook('xl/workbook.xml'))).rejects.toThrow();
      // the relations broken and the workbook part missing: the relations are never read
      await expect(byHeader(await corruptedWorkbook('xl/_rels/workbook.xml.rels', { without: 'xl/workbook.xml' }))).rejects.toThrow(/workbook/);
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      process.off('uncaughtException', listener);
    }
    expect(unheard).toEqual([]);
  });

  it('refuses an archive that is no workbook, and answers no sheet for a workbook without one it holds', async () => {
    await expect(byHeader(Buffer.from('order,amount\n1,2\n'))).rejects.toThrow();
    const file = await workbookFile('x', [['a']]);
    const noBook = await JSZip.loadAsync(file);
    noBook.remove('xl/workbook.xml');
    await expect(byHeader(await noBook.generateAsync({ type: 'nodebuffer' }))).rejects.toThrow(/workbook/);
    const noSheet = await JSZip.loadAsync(file);
    noSheet.remove('xl/worksheets/sheet1.xml');
    expect(await byHeader(await noSheet.generateAsync({ type: 'nodebuffer' }))).toMatchObject({ workbook: false, rows: [], total: 0 });
  });
});

describe('readSheetByHeader within its limits', () => {
  const MB = 1024 * 1024;
  const HEADERS = ['订单号', '金额'];
  const read = (file: Buffer, limits: Partial<WorkbookLimits> = {}, maxRows = 5000) =>
    readSheetByHeader(file, maxRows, { limits: { ...DEFAULT_IMPORT_LIMITS, ...limits }, required: HEADERS }, (cell) => {
      const no = cell('订单号');
      return no === undefined ? null : { no, amount: cell('金额') };
    });
  /** The limit a read was refused for, and the heap it took (its highest heapUsed, sampled, above the start). */
  async function refusal(reading: () => Promise<unknown>): Promise<{ limit: string; max: number; heapMb: number; ms: number }> {
    const start = process.memoryUsage().heapUsed;
    let peak = start;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
    const began = Date.now();
    try {
      await reading();
    } catch (error) {
      if (!(error instanceof WorkbookLimitError)) throw error;
      return { limit: error.limit, max: error.max, heapMb: (peak - start) / MB, ms: Date.now() - began };
    } finally {
      clearInterval(sampler);
    }
    throw new Error('the workbook was read whole');
  }
  // ~59 bytes a string: 3.5 million of them expand to ~200 MB from ~0.6 MB
  const manyStrings = sharedStringsPart('a'.repeat(43), 3_500_000);

  it('refuses a shared-strings part that expands past the part limit, by its declared size before inflating it', async () => {
    const bomb = await workbookBomb([HEADERS], { 'xl/sharedStrings.xml': manyStrings });
    expect(bomb.length).toBeLessThan(2 * MB);
    const refused = await refusal(() => read(bomb));
    expect(refused).toMatchObject({ limit: 'maxPartMb', max: 50 });
    expect(refused.ms).toBeLessThan(500);
  });

  it('refuses a shared-strings part past the part limit as it inflates, whatever size the archive declares, the heap bounded', async () => {
    const bomb = await workbookBomb([HEADERS], { 'xl/sharedStrings.xml': manyStrings }, { declared: 1000 });
    const refused = await refusal(() => read(bomb));
    expect(refused).toMatchObject({ limit: 'maxPartMb', max: 50 });
    // what 50 MB of parsed strings holds at most; the whole part would be ~200 MB of text and far more heap
    expect(refused.heapMb).toBeLessThan(250);
  });

  it('refuses more shared strings than allowed, and more of their text than allowed, as they are read', async () => {
    const strings = await workbookBomb([HEADERS], { 'xl/sharedStrings.xml': sharedStringsPart('DL1', 5000) });
    expect(await refusal(() => read(strings, { maxSharedStrings: 1000 }))).toMatchObject({ limit: 'maxSharedStrings', max: 1000 });
    const text = await workbookBomb([HEADERS], { 'xl/sharedStrings.xml': sharedStringsPart('x'.repeat(1000), 2000) });
    expect(await refusal(() => read(text, { maxSharedStringsMb: 1 }))).toMatchObject({ limit: 'maxSharedStringsMb', max: 1 });
  });

  it('refuses parts that pass the total together though each is within the part limit', async () => {
    const bomb = await workbookBomb(
      [HEADERS],
      { 'xl/sharedStrings.xml': sharedStringsPart('a'.repeat(43), 100_000), 'xl/worksheets/sheet1.xml': sheetPart(HEADERS, '<row r="2"></row>', 400_000) },
      { declared: 1000 },
    );
    // ~5.9 MB of strings, ~6.8 MB of sheet
    expect(await refusal(() => read(bomb, { maxPartMb: 8, maxUncompressedMb: 10, maxRows: 1_000_000 }))).toMatchObject({ limit: 'maxUncompressedMb', max: 10 });
  });

  it('refuses a sheet of more rows or columns than allowed, and a cell longer than allowed', async () => {
    const rows = await workbookFile('费用', [HEADERS, ...Array.from({ length: 30 }, (_, i) => [`DL${i}`, i])]);
    expect(await refusal(() => read(rows, { maxRows: 10 }))).toMatchObject({ limit: 'maxRows', max: 10 });
    const wide = await workbookFile('费用', [HEADERS, ['DL1', 1, ...Array.from({ length: 10 }, (_, i) => i)]]);
    expect(await refusal(() => read(wide, { maxColumns: 10 }))).toMatchObject({ limit: 'maxColumns', max: 10 });
    // a long shared string, and a long inline string of the sheet itself
    const long = 'x'.repeat(DEFAULT_IMPORT_LIMITS.maxCellChars + 1);
    const shared = await workbookFile('费用', [HEADERS, ['DL1', long]]);
    expect(await refusal(() => read(shared))).toMatchObject({ limit: 'maxCellChars', max: 32_767 });
    const inline = await workbookBomb([HEADERS], {
      'xl/worksheets/sheet1.xml': sheetPart(HEADERS, `<row r="2"><c r="A2" t="inlineStr"><is><t>${long}</t></is></c></row>`, 1),
    });
    expect(await refusal(() => read(inline))).toMatchObject({ limit: 'maxCellChars', max: 32_767 });
  });

  it('answers a sheet missing a required column as soon as its header row is read, however long the sheet', async () => {
    // ~200 MB of rows behind a header row without 金额, declared small
    const bomb = await workbookBomb(
      [],
      { 'xl/worksheets/sheet1.xml': sheetPart(['订单号'], '<row r="2"><c r="A2"><v>1</v></c></row>', 5_000_000) },
      { declared: 1000 },
    );
    const began = Date.now();
    const sheet = await read(bomb);
    expect(Date.now() - began).toBeLessThan(1000);
    expect(sheet).toMatchObject({ workbook: true, headers: new Set(['订单号']), rows: [], total: 0 });
  });

  it('stops at the first data row past the import’s own row limit', async () => {
    const file = await workbookBomb([], { 'xl/worksheets/sheet1.xml': sheetPart(HEADERS, '<row r="2"><c r="A2"><v>1</v></c></row>', 50_000) });
    const sheet = await read(file, {}, 100);
    expect(sheet.total).toBe(101);
    expect(sheet.rows).toHaveLength(100);
  });

  it('never holds the event loop for long while a long legal sheet is read', async () => {
    const row = '<row r="2"><c r="A2" t="inlineStr"><is><t>SB2611220001</t></is></c><c r="B2"><v>1200.5</v></c></row>';
    const file = await workbookBomb([], { 'xl/worksheets/sheet1.xml': sheetPart(HEADERS, row, 99_999) });
    // A ticker that takes a turn whenever the reader lets the loop go, and notes the CPU time the process spent
    // between two of its turns: CPU time, not wall time, so that a loaded machine (CI runs two tiers on two
    // cores) does not lengthen the slices it measures.
    let reading = true;
    const slices: number[] = [];
    const ticker = (async () => {
      let last = process.cpuUsage();
      while (reading) {
        await setImmediate();
        const spent = process.cpuUsage(last);
        slices.push((spent.user + spent.system) / 1000);
        last = process.cpuUsage();
      }
    })();
    const sheet = await read(file, {}, 100_000);
    reading = false;
    await ticker;
    expect(sheet.total).toBe(99_999);
    // measured: ~33,000 turns, the longest slice 40-60 ms of the process's CPU (a garbage collection, the inflating
    // thread) for ~1.6 s of reading; a reader that parsed the sheet in one go shows a handful of turns and a
    // slice of over a second
    expect(slices.length).toBeGreaterThan(50);
    expect(Math.max(...slices)).toBeLessThan(250);
  });
});
