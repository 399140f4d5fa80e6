import { disposition } from '../common/download.js';
import { nameForType, POLYGLOT_MARKUP, receivedContentFault, storedFileName, storedType, uploadLimits } from './upload-policy.js';

describe('upload policy', () => {
  it('stores only the types of the list, under their own extension', () => {
    expect(storedType({ ext: 'png', mime: 'image/png' }, 'x.html')).toEqual({ mime: 'image/png', ext: 'png' });
    expect(storedType({ ext: 'jpg', mime: 'image/jpeg' }, 'x')).toEqual({ mime: 'image/jpeg', ext: 'jpg' });
    expect(storedType({ ext: 'xml', mime: 'application/xml' }, 'x.xml')).toBeNull();
    expect(storedType({ ext: 'zip', mime: 'application/zip' }, 'x.xlsx')).toBeNull();
    expect(storedType(undefined, 'x.txt')).toBeNull();
  });

  it('tells a legacy Word or Excel file by its extension only once its bytes are an OLE container', () => {
    const cfb = { ext: 'cfb', mime: 'application/x-cfb' };
    expect(storedType(cfb, '报价.XLS')).toEqual({ mime: 'application/vnd.ms-excel', ext: 'xls' });
    expect(storedType(cfb, '合同.doc')).toEqual({ mime: 'application/msword', ext: 'doc' });
    expect(storedType(cfb, 'setup.msi')).toBeNull();
  });

  it('narrows a use by upload.allowedTypes and caps pictures at 10 MB', () => {
    expect(uploadLimits('image', ['image/png', 'IMAGE/JPEG', 'application/pdf', 'text/html'], 50)).toEqual({ types: ['image/png', 'image/jpeg'], maxMb: 10 });
    expect(uploadLimits('image', ['image/png'], 2).maxMb).toBe(2);
    expect(uploadLimits('document', ['application/pdf', 'image/svg+xml'], 50)).toEqual({ types: ['application/pdf'], maxMb: 50 });
  });

  it("serves a file under a name that ends with its type's extension", () => {
    expect(nameForType('发票.pdf', 'application/pdf')).toBe('发票.pdf');
    expect(nameForType('photo.JPEG', 'image/jpeg')).toBe('photo.JPEG');
    expect(nameForType('report.html', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe('report.html.xlsx');
    expect(nameForType('scan', 'image/png')).toBe('scan.png');
    expect(nameForType('old.bin', 'application/octet-stream')).toBe('old.bin');
  });

  it('stores a file name without control characters, within 255 characters, keeping its extension', () => {
    expect(storedFileName('装箱单\u0000\r\n.pdf')).toBe('装箱单.pdf');
    expect(storedFileName(' \u0000 ')).toBe('file');
    // a right-to-left override shows 'invoice\u202Efdp.exe' as 'invoiceexe.pdf': every bidi control goes
    expect(storedFileName('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(storedFileName('\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069\u200e\u200f\u061c报价.xlsx')).toBe('报价.xlsx');
    expect(storedFileName('\u202e')).toBe('file');
    // a name stored before is sent without them too
    expect(disposition('attachment', 'invoice\u202efdp.exe')).toBe(`attachment; filename="invoicefdp.exe"; filename*=UTF-8''invoicefdp.exe`);
    const long = storedFileName(`${'货'.repeat(300)}.xlsx`);
    expect(long).toHaveLength(255);
    expect(long.endsWith('货.xlsx')).toBe(true);
  });

  it('finds page and script markup, not the XML metadata photos and PDFs carry', () => {
    for (const text of ['<script>', '<HTML>', '<body onload=x>', '<svg/onload=x>', '<iframe src=x>', '<!DOCTYPE  html>', 'javascript:alert(1)']) {
      expect(POLYGLOT_MARKUP.test(text)).toBe(true);
    }
    for (const text of [
      '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>',
      '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
      '<rdf:RDF>',
      '<w:body>',
      '/JS (app.alert)',
    ]) {
      expect(POLYGLOT_MARKUP.test(text)).toBe(false);
    }
  });

  it('reads a workbook for the imports only when its bytes are an XLSX', () => {
    const xlsx = { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
    expect(receivedContentFault('workbook', Buffer.alloc(0), xlsx, 'a.xlsx')).toBeNull();
    expect(receivedContentFault('workbook', Buffer.alloc(0), { ext: 'xlsm', mime: 'application/vnd.ms-excel.sheet.macroenabled.12' }, 'a.xlsx')).toBe(
      'wrongType',
    );
    expect(receivedContentFault('workbook', Buffer.alloc(0), { ext: 'cfb', mime: 'application/x-cfb' }, 'a.xls')).toBe('wrongType');
    expect(receivedContentFault('workbook', Buffer.from('<html>'), undefined, 'a.xlsx')).toBe('wrongType');
  });

  it('takes a label template that is binary and carries no markup', () => {
    const fault = (content: Buffer) => receivedContentFault('labelTemplate', content, undefined, 'a.btw');
    expect(fault(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 1, 2, 0xff]))).toBeNull();
    expect(fault(Buffer.from('\ufeff <svg onload=alert(1)>'))).toBe('markup');
    expect(fault(Buffer.from('<?xml version="1.0"?>', 'utf16le'))).toBe('markup');
    expect(fault(Buffer.concat([Buffer.from([0, 1, 2]), Buffer.from('<script>alert(1)</script>')]))).toBe('markup');
    expect(fault(Buffer.from('alert(document.cookie)'))).toBe('wrongType');
  });
});
