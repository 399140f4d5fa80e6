import type { StoredFileView } from '../src/files/files.service.js';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FileLinks } from '../src/files/file-links.js';
import { SettingsService } from '../src/settings/settings.service.js';
import { DEMO, fieldErrors, login, requestAs, type Session, useTestApp } from './app.js';
import { createBoardOrders, type BoardOrder } from './issue-board.fixture.js';
import { BTW, CFB, DANGEROUS, GIF, JPEG, NOT_WORKBOOKS, pdf, PNG, WEBP, xlsx } from './sample-files.js';

process.env.CUSTOMER_POOL_SCHEDULED = 'false';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('uploads: typed by content, served inert, attached once by their uploader', () => {
  const { t, admin, sales, op } = useTestApp({ admin: DEMO.admin, sales: DEMO.salesman, op: DEMO.operator });
  let order: BoardOrder;

  const send = (by: Session, content: Buffer, filename: string, contentType = 'application/octet-stream', use?: string) =>
    requestAs(t, by)
      .post(`/api/v1/file/update${use ? `?use=${use}` : ''}`)
      .attach('file', content, { filename, contentType });
  const upload = async (by: Session, content: Buffer, filename: string, use?: string) =>
    (await send(by, content, filename, 'application/octet-stream', use).expect(200)).body.data as StoredFileView;
  /** Every file in the upload folder, relative to it. */
  const onDisk = () =>
    existsSync(t.config.uploadDir)
      ? readdirSync(t.config.uploadDir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => e.name)
      : [];

  beforeAll(async () => {
    ({ own: order } = await createBoardOrders(t, admin, sales));
  }, 120_000);

  describe('the type comes from the content, against the use', () => {
    it.each(DANGEROUS)('refuses $kind for pictures and for documents, and keeps nothing of it', async ({ name, type, content }) => {
      const [files, rows] = [onDisk(), await t.prisma.db.storedFile.count()];
      for (const use of ['image', 'document']) {
        const res = await send(sales, content, name, type, use).expect(400);
        expect(res.body.message).toMatch(/^(文件内容不是此处允许的类型|文件中含有网页或脚本内容)/);
      }
      expect(onDisk()).toEqual(files);
      expect(await t.prisma.db.storedFile.count()).toBe(rows);
    });

    it('stores PNG, JPEG, GIF and WebP pictures with the type read from their bytes, whatever they were called', async () => {
      for (const [content, mime, ext] of [
        [PNG, 'image/png', 'png'],
        [JPEG, 'image/jpeg', 'jpg'],
        [GIF, 'image/gif', 'gif'],
        [WEBP, 'image/webp', 'webp'],
      ] as const) {
        const file = (await send(sales, content, '货物.bin', 'text/html').expect(200)).body.data as StoredFileView;
        expect(file).toMatchObject({ fileName: '货物.bin', mimeType: mime, size: content.length });
        expect(file.filePath).toMatch(new RegExp(`^\\d{4}/\\d{2}/[0-9a-f-]{36}\\.${ext}$`));
      }
    });

    it('stores the name without control characters and within its column; an unreadable form is a 400', async () => {
      const form = (head: string) =>
        requestAs(t, sales)
          .post('/api/v1/file/update')
          .set('Content-Type', 'multipart/form-data; boundary=B')
          .send(Buffer.concat([Buffer.from(`--B\r\n${head}\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from('\r\n--B--\r\n')]));
      // a NUL can only come in percent-encoded (RFC 5987); as a raw byte the form is unreadable
      const named = await form(`Content-Disposition: form-data; name="file"; filename*=UTF-8''%E7%8E%B0%00%E5%9C%BA.png`).expect(200);
      expect(named.body.data.fileName).toBe('现场.png');
      expect((await form('Content-Disposition: form-data; name="file"; filename="a\u0000b.png"').expect(400)).body.message).toBe(
        '上传的数据无法读取，请重新选择文件上传',
      );
      expect((await upload(sales, PNG, `${'长'.repeat(400)}.png`)).fileName).toHaveLength(255);
    });

    it('takes PDFs and workbooks as documents only; an unknown use is refused', async () => {
      const workbook = await xlsx();
      expect(await upload(sales, pdf(), '发票.pdf', 'document')).toMatchObject({ mimeType: 'application/pdf' });
      expect(await upload(sales, workbook, '费用.xlsx', 'document')).toMatchObject({ mimeType: XLSX });
      expect((await send(sales, pdf(), '发票.pdf').expect(400)).body.message).toBe('文件内容不是此处允许的类型（PNG, JPEG, GIF, WebP）');
      expect((await send(sales, workbook, '费用.xlsx', XLSX, 'image').expect(400)).body.message).toBe('文件内容不是此处允许的类型（PNG, JPEG, GIF, WebP）');
      const res = await send(sales, PNG, 'a.png', 'image/png', 'avatar').set('Accept-Language', 'en').expect(400);
      expect(res.body.message).toBe('Unknown upload use: avatar (one of image, document)');
    });

    it('takes a legacy Office file by its extension once its bytes are an OLE container', async () => {
      expect(await upload(sales, CFB, '报价.xls', 'document')).toMatchObject({ mimeType: 'application/vnd.ms-excel' });
      expect(await upload(sales, CFB, '合同.doc', 'document')).toMatchObject({ mimeType: 'application/msword' });
      await send(sales, CFB, 'setup.msi', 'application/octet-stream', 'document').expect(400);
    });

    it('lets upload.allowedTypes narrow a use, and upload.maxSizeMb cap it', async () => {
      const settings = t.app.get(SettingsService);
      const allowed = await settings.get('upload.allowedTypes');
      await t.prisma.db.systemSetting.create({
        data: { key: 'upload.allowedTypes', value: allowed.filter((type) => type !== 'image/gif'), valueType: 'stringList', label: 'x' },
      });
      settings.invalidate();
      try {
        expect((await send(sales, GIF, 'a.gif').expect(400)).body.message).toBe('文件内容不是此处允许的类型（PNG, JPEG, WebP）');
        await send(sales, PNG, 'a.png').expect(200);
      } finally {
        await t.prisma.db.systemSetting.delete({ where: { key: 'upload.allowedTypes' } });
        settings.invalidate();
      }
      // pictures stay within 10 MB under a larger limit; documents follow the limit
      await t.prisma.db.systemSetting.create({ data: { key: 'upload.maxSizeMb', value: 12, valueType: 'number', label: 'x' } });
      settings.invalidate();
      try {
        const eleven = Buffer.concat([pdf(), Buffer.alloc(11 * 1024 * 1024)]);
        expect((await send(sales, Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]), 'big.png').expect(400)).body.message).toBe('文件大小不能超过 10 MB');
        expect(await upload(sales, eleven, 'big.pdf', 'document')).toMatchObject({ mimeType: 'application/pdf', size: eleven.length });
      } finally {
        await t.prisma.db.systemSetting.delete({ where: { key: 'upload.maxSizeMb' } });
        settings.invalidate();
      }
    });
  });

  describe('the form of every route that takes a file', () => {
    /** Each route that reads a multipart file: the picture upload, the label template, the workbook imports. */
    const ROUTES = [
      { route: '/api/v1/file/update', file: () => PNG, name: 'a.png' },
      { route: '/api/v1/order/label/template/upload/qrCode', file: () => BTW, name: 'label.btw' },
      { route: '/api/v1/price/import/smallbag', file: xlsx, name: 'prices.xlsx' },
      { route: '/api/v1/order/costapply/import/dedicatedline', file: xlsx, name: 'costs.xlsx' },
      { route: '/api/v1/order/scInformation/import/dedicatedline', file: xlsx, name: 'sc.xlsx' },
    ];
    const IMPORTS = ROUTES.filter(({ name }) => name.endsWith('.xlsx'));
    /** A multipart body (boundary B) of the given parts, ended or not. */
    const body = (parts: (string | Buffer)[], ended = true) =>
      Buffer.concat([...parts.flatMap((part) => [Buffer.from('--B\r\n'), Buffer.from(part), Buffer.from('\r\n')]), Buffer.from(ended ? '--B--\r\n' : '')]);
    const field = (name: string, value: string) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
    const filePart = (name: string, content: Buffer) =>
      Buffer.concat([
        Buffer.from(`Content-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        content,
      ]);
    const post = (route: string, payload: Buffer, type = 'multipart/form-data; boundary=B') =>
      requestAs(t, admin).post(route).set('Content-Type', type).send(payload);

    it.each(ROUTES)('$route: a form it cannot read is a 400 saying so, never a 500', async ({ route, file, name }) => {
      const content = await file();
      const refused: [Buffer, string?][] = [
        // cut off before its end
        [body([filePart(name, content)], false)],
        // a raw NUL in the part's header
        [body([filePart(`a\u0000${name}`, content)])],
        // a multipart type without its boundary
        [body([filePart(name, content)]), 'multipart/form-data'],
      ];
      // one after another: an import route runs one import per user at a time (a second at once is a 429, import-limits.spec)
      for (const [payload, type] of refused) {
        const res = await post(route, payload, type);
        expect(res.status).toBe(400);
        expect(res.body.message).toContain('上传的数据无法读取，请重新选择文件上传');
      }
      const missing = await post(route, body([field('note', 'x')])).expect(400);
      expect(missing.body.message).toContain('请选择要上传的文件');
    });

    it.each(ROUTES)('$route: text fields beside the file are few, short and flat (413/400), as in a JSON body', async ({ route, file, name }) => {
      const content = await file();
      const many = await post(route, body([...Array.from({ length: 11 }, (_, i) => field(`f${i}`, 'x')), filePart(name, content)])).expect(413);
      expect(many.body.message).toBe('请求参数过多，最多 10 个');
      const tooLong = '上传表单中的字段过长：名称最多 100 字节，内容最多 1024 字节';
      expect((await post(route, body([field('note', 'x'.repeat(1025)), filePart(name, content)])).expect(413)).body.message).toBe(tooLong);
      expect((await post(route, body([field('n'.repeat(101), 'x'), filePart(name, content)])).expect(413)).body.message).toBe(tooLong);
      const deep = await post(route, body([field('a[b][c][d]', 'x'), filePart(name, content)])).expect(400);
      expect(deep.body.message).toBe('请求内容嵌套层级过深，最多 2 层');
      // an index that would make a huge sparse array
      expect((await post(route, body([field('a[100000000]', 'x'), filePart(name, content)])).expect(400)).body.message).toContain('上传的数据无法读取');
      // a few short fields are no fault
      const fine = await post(route, body([field('note', '备注'), field('meta[a]', '1'), filePart(name, content)]));
      expect(fine.status).toBeLessThan(500);
      expect(fine.body.message).not.toMatch(/上传的数据无法读取|请求参数过多|字段过长|嵌套层级/);
    });

    it.each(IMPORTS)('$route reads only workbooks: other content named .xlsx is refused before it is read', async ({ route }) => {
      for (const { kind, content } of NOT_WORKBOOKS) {
        const res = await post(route, body([filePart('导入.xlsx', content)]));
        expect({ kind, status: res.status, errors: fieldErrors(res) }).toEqual({
          kind,
          status: 400,
          errors: { file: ['文件不是有效的 xlsx 工作簿，请使用导入模板'] },
        });
      }
    });
  });

  describe('serving', () => {
    const get = (url: string) =>
      t
        .http()
        .get(url)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });

    it('shows images and PDFs inline with their stored type, never sniffed, in a sandbox', async () => {
      const image = await upload(sales, PNG, '现场照片.png');
      let res = await get(image.url).expect(200);
      expect(res.body).toEqual(PNG);
      expect(res.headers).toMatchObject({
        'content-type': 'image/png',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'referrer-policy': 'no-referrer',
        'content-disposition': `inline; filename="____.png"; filename*=UTF-8''${encodeURIComponent('现场照片.png')}`,
      });
      const doc = await upload(sales, pdf(), 'invoice.pdf', 'document');
      res = await get(doc.url).expect(200);
      expect(res.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="invoice.pdf"; filename*=UTF-8''invoice.pdf`,
      });
      expect(res.headers['content-security-policy']).toContain('sandbox');
    });

    it('hands everything else out as a download under its Chinese name, with the extension of its content', async () => {
      const workbook = await xlsx();
      const file = await upload(sales, workbook, '运费 "11月".xlsx', 'document');
      let res = await get(file.url).expect(200);
      expect(res.body).toEqual(workbook);
      expect(res.headers).toMatchObject({
        'content-type': XLSX,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'content-disposition': `attachment; filename="__ _11__.xlsx"; filename*=UTF-8''${encodeURIComponent('运费 "11月".xlsx')}`,
      });
      const renamed = await upload(sales, workbook, 'report.html', 'document');
      res = await get(renamed.url).expect(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="report.html.xlsx"; filename*=UTF-8''report.html.xlsx`);
    });

    it('opens nothing without a valid, unexpired signature of this very file, signed in or not', async () => {
      const [mine, other] = [await upload(sales, PNG, 'a.png'), await upload(sales, JPEG, 'b.jpg')];
      const bare = `/files/${mine.filePath}`;
      const url = new URL(mine.url, 'http://x');
      const signature = url.searchParams.get('signature')!;
      const expires = url.searchParams.get('expires')!;
      const refused = [
        bare,
        `${bare}?expires=${expires}`,
        `${bare}?expires=${expires}&signature=${signature.slice(0, -2)}xx`,
        `${bare}?expires=${Number(expires) + 300}&signature=${signature}`,
        `/files/${other.filePath}?expires=${expires}&signature=${signature}`,
        t.app.get(FileLinks).url(mine.filePath, Date.now() - 2 * 60 * 60 * 1000),
      ];
      for (const link of refused) {
        const res = await requestAs(t, admin).get(link).expect(403);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.text).toBe('文件链接无效或已过期，请刷新页面后重试');
      }
      // the link is the credential: anyone it was handed to may open it, and only with GET or HEAD
      await t.http().get(mine.url).expect(200);
      await t.http().head(mine.url).expect(200);
      await t.http().post(mine.url).expect(405);
    });

    it('stops opening a file once the session its link was handed out in ends: signed out, or the account disabled', async () => {
      const invalid = '文件链接无效或已过期，请刷新页面后重试';
      const user = await t.prisma.db.user.findFirstOrThrow({ where: { account: DEMO.salesman2[0] } });
      const setEnabled = async (enabled: boolean) =>
        requestAs(t, admin)
          .post('/api/v1/user/update/status')
          .send({ id: user.id, enabled, ver: (await t.prisma.db.user.findUniqueOrThrow({ where: { id: user.id } })).ver })
          .expect(200);
      for (const end of ['logout', 'disable'] as const) {
        const session = await login(t, ...DEMO.salesman2);
        const file = await upload(session, PNG, 'c.png');
        const named = new URL(file.url, 'http://x').searchParams.get('session')!;
        expect(named).toMatch(/^[0-9a-f]{64}$/);
        await t.http().get(file.url).expect(200);
        // the session is part of what is signed: a link without it, or naming another, is not ours
        expect(
          (
            await t
              .http()
              .get(file.url.replace(`&session=${named}`, ''))
              .expect(403)
          ).text,
        ).toBe(invalid);
        expect(
          (
            await t
              .http()
              .get(file.url.replace(named, 'f'.repeat(64)))
              .expect(403)
          ).text,
        ).toBe(invalid);
        if (end === 'logout') await requestAs(t, session).post('/api/v1/login/logOut').expect(200);
        else await setEnabled(false);
        expect((await t.http().get(file.url).expect(403)).text).toBe(invalid);
      }
      await setEnabled(true);
    });

    it('serves rows from before the content check under their recorded type, never as a page', async () => {
      const links = t.app.get(FileLinks);
      mkdirSync(path.join(t.config.uploadDir, 'legacy'), { recursive: true });
      const page = '<html><script>alert(1)</script></html>';
      for (const [name, mimeType, type, disposition] of [
        ['legacy/a.png', 'image/png', 'image/png', 'inline'],
        ['legacy/b.html', 'html', 'application/octet-stream', 'attachment'],
        ['legacy/c.txt', 'text/html', 'text/html', 'attachment'],
      ]) {
        writeFileSync(path.join(t.config.uploadDir, name), page);
        await t.prisma.db.storedFile.create({ data: { fileName: path.basename(name), filePath: name, mimeType, size: page.length, uploaderId: sales.userid } });
        const res = await t.http().get(links.url(name)).expect(200);
        expect(res.headers['content-type']).toBe(type);
        expect(res.headers['content-disposition']).toMatch(new RegExp(`^${disposition};`));
        expect(res.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; sandbox" });
      }
    });

    it('serves only files of the table, and nothing outside the upload folder or as a listing', async () => {
      const links = t.app.get(FileLinks);
      mkdirSync(path.join(t.config.uploadDir, '2026', '01'), { recursive: true });
      writeFileSync(path.join(t.config.uploadDir, '2026', '01', 'planted.html'), '<script>alert(1)</script>');
      await t.http().get(links.url('2026/01/planted.html')).expect(404);
      await t.http().get(links.url('2026/01')).expect(404);
      await t.http().get(links.url('../package.json')).expect(403);
      await t.http().get('/files/').expect(403);
      await t.http().get('/files/2026/').expect(403);
      await t.http().get('/files/..%2f..%2fpackage.json').expect(403);
    });
  });

  describe('attaching files to records', () => {
    const issue = (by: Session, photoIds: number[]) =>
      requestAs(t, by).put(`/api/v1/order/bbs/add/${order.id}`).send({ processedUserId: sales.userid, detail: '请看照片', photoIds });
    const question = (by: Session, imageIds: number[]) => requestAs(t, by).put('/api/v1/question/add').send({ title: '报关', content: '见图', imageIds });
    const voucher = (by: Session, voucherIds: number[]) =>
      requestAs(t, by)
        .post('/api/v1/order/finance/add/outgoing')
        .send({ type: '办公费', amount: 10, currency: 'CNY', counterparty: '文具店', method: '银行转账', paidOn: '2026-11-20', voucherIds });

    it("refuses another user's upload on an issue, a question and a finance record", async () => {
      const theirs = await upload(op, PNG, 'theirs.png');
      const theirDoc = await upload(op, pdf(), 'theirs.pdf', 'document');
      const message = `文件不存在、不是您上传的或已用于其他记录：${theirs.id}`;
      expect(fieldErrors(await issue(sales, [theirs.id]).expect(400))).toEqual({ photoIds: [message] });
      expect(fieldErrors(await question(sales, [theirs.id]).expect(400))).toEqual({ imageIds: [message] });
      expect(fieldErrors(await voucher(admin, [theirDoc.id]).expect(400))).toEqual({
        voucherIds: [`文件不存在、不是您上传的或已用于其他记录：${theirDoc.id}`],
      });
      // an id no row can have is refused by the list's id range, not a database error
      expect(fieldErrors(await voucher(admin, [99_999_999_999]).expect(400))).toEqual({ voucherIds: ['凭证最多 10 个，且必须是已上传的文件'] });
      // refused, and so still free for its uploader
      await issue(op, [theirs.id]).expect(200);
    });

    it('attaches a file to one record only: a second record cannot take it', async () => {
      const photo = await upload(sales, PNG, 'a.png');
      await question(sales, [photo.id]).expect(200);
      expect(fieldErrors(await issue(sales, [photo.id]).expect(400))).toEqual({ photoIds: [`文件不存在、不是您上传的或已用于其他记录：${photo.id}`] });
      expect((await t.prisma.db.storedFile.findUniqueOrThrow({ where: { id: photo.id } })).attachedAt).not.toBeNull();
    });

    it('keeps the files a record has when it is saved again, also by another editor', async () => {
      const photo = await upload(sales, PNG, 'a.png');
      const posted = (await question(sales, [photo.id]).expect(200)).body.data as { id: number; ver: number };
      const again = await requestAs(t, sales)
        .post('/api/v1/question/update')
        .send({ id: posted.id, ver: posted.ver, title: '报关 2', content: '见图', imageIds: [photo.id] })
        .expect(200);
      const byAdmin = await requestAs(t, admin)
        .post('/api/v1/question/update')
        .send({ id: posted.id, ver: again.body.data.ver, title: '报关 3', content: '见图', imageIds: [photo.id] })
        .expect(200);
      expect(byAdmin.body.data.imageIds).toEqual([photo.id]);
    });

    it('leaves a file free when the write that claimed it fails', async () => {
      const photo = await upload(sales, PNG, 'a.png');
      const posted = (await question(sales, []).expect(200)).body.data as { id: number; ver: number };
      await requestAs(t, sales)
        .post('/api/v1/question/update')
        .send({ id: posted.id, ver: posted.ver + 5, title: 'x', content: 'x', imageIds: [photo.id] })
        .expect(409);
      await requestAs(t, sales)
        .post('/api/v1/question/update')
        .send({ id: posted.id, ver: posted.ver, title: 'x', content: 'x', imageIds: [photo.id] })
        .expect(200);
    });

    it('gives one of two simultaneous records a file, never both', async () => {
      const photo = await upload(sales, PNG, 'a.png');
      const results = await Promise.all([question(sales, [photo.id]), issue(sales, [photo.id]), question(sales, [photo.id])]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    });

    it('holds each record to its use: pictures on issues, documents as vouchers', async () => {
      const doc = await upload(admin, pdf(), 'a.pdf', 'document');
      expect(fieldErrors(await issue(admin, [doc.id]).expect(400))).toEqual({ photoIds: [`此处只能使用 PNG, JPEG, GIF, WebP 文件：${doc.id}`] });
      const sheet = await upload(admin, await xlsx(), '明细.xlsx', 'document');
      const record = (await voucher(admin, [doc.id, sheet.id]).expect(200)).body.data as { vouchers: { id: number; fileName: string; url: string }[] };
      expect(record.vouchers.map((v) => v.fileName)).toEqual(['a.pdf', '明细.xlsx']);
      // the record answers links that open its files
      const served = await t.http().get(record.vouchers[1].url).expect(200);
      expect(served.headers['content-disposition']).toMatch(/^attachment;/);
    });

    it('answers signed links on the issue board, which open the pictures', async () => {
      const photo = await upload(op, PNG, '货物.png');
      const posted = (await issue(op, [photo.id]).expect(200)).body.data as { id: number; files: { id: number; url: string }[] };
      expect(posted.files).toEqual([{ id: photo.id, fileName: '货物.png', filePath: photo.filePath, url: expect.stringMatching(/\?expires=\d+&signature=/) }]);
      expect((await t.http().get(posted.files[0].url).expect(200)).headers['content-type']).toBe('image/png');
    });
  });
});
