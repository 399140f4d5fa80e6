import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { corruptedWorkbook, workbookFile } from '../../test/xlsx.js';
import { readableOrNull, readSheetByHeader, writeWorkbook } from './xlsx.js';

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
  const byHeader = (file: Buffer) => readSheetByHeader(file, 10, (cell) => ({ no: cell('订单号'), amount: cell('金额'), day: cell('日期') }));
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
    const slow = jest.spyOn(fs, 'createWriteStream').mockImplementation(((...args: Parameters<typeof fs.createWriteStream>) => {
      const stream = createWriteStream(...args);
      const write = stream._write.bind(stream);
      stream._write = (chunk, encoding, done) => setTimeout(() => write(chunk, encoding, done), 20);
      return stream;
    }) as typeof fs.createWriteStream);
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
