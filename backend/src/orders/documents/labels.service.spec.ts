// Package labels against a real database (the medium tier, test/medium.ts): one label per package of the
// orders in the caller's scope, unknown numbers named rather than stopping the batch, the limits, the text
// export a label designer merges, and the templates administrators upload (docs/orders.md, Labels).
import { randomBytes } from 'node:crypto';
import type { Response } from 'express';
import { useMedium } from '../../../test/medium.js';
import { downloaded, headerResponse, uploadRequest } from '../../../test/request-objects.js';
import { t } from '../../common/messages.js';
import { LABEL_TEMPLATE_HEADER, LABEL_UNKNOWN_HEADER, LabelsService } from './labels.service.js';

describe('LabelsService: package labels (medium)', () => {
  const { m, admin, sales, sales2, labels } = useMedium({ admin: 'admin', sales: 'sales01', sales2: 'sales02' }, { labels: LabelsService });

  it('makes a label per package, numbered of the total, once per order however it is asked for', async () => {
    const order = await m.seed.order(sales, { packages: 3 });
    const { labels: made, unknown } = await labels.labels({ orderNos: [order.orderNo], orderIds: [order.id] }, sales, 100);
    expect(unknown).toEqual([]);
    expect(made.map((l) => [l.orderNo, l.index, l.total])).toEqual([
      [order.orderNo, 1, 3],
      [order.orderNo, 2, 3],
      [order.orderNo, 3, 3],
    ]);
    expect(made[0]).toMatchObject({ destinationCode: 'DEHAM', shippingMark: order.shippingMark, goodsName: order.goodsName });
  });

  it('names the numbers that are no order of the caller’s, printing the others; refuses when none is', async () => {
    const mine = await m.seed.order(sales, { packages: 1 });
    const theirs = await m.seed.order(sales2, { packages: 1 });
    const { labels: made, unknown } = await labels.labels({ orderNos: [mine.orderNo, theirs.orderNo, 'DL0000000000'] }, sales, 100);
    expect(made.map((l) => l.orderNo)).toEqual([mine.orderNo]);
    expect(unknown).toEqual([theirs.orderNo, 'DL0000000000']);
    await expect(labels.labels({ orderNos: [theirs.orderNo] }, sales, 100)).rejects.toMatchObject({
      fields: { orderNos: [t('labelOrdersUnknown', { list: theirs.orderNo })] },
    });
    await expect(labels.labels({}, sales, 100)).rejects.toMatchObject({ fields: { orderNos: [t('labelOrdersRequired')] } });
  });

  it('refuses orders without a package count, and more labels than the format holds', async () => {
    const counted = await m.seed.order(sales, { packages: 4 });
    const uncounted = await m.seed.order(sales);
    await m.prisma.db.order.update({ where: { id: uncounted.id }, data: { packages: null } });
    await expect(labels.labels({ orderIds: [counted.id, uncounted.id] }, sales, 100)).rejects.toMatchObject({
      fields: { orderIds: [t('labelOrdersNoPackages', { list: uncounted.orderNo })] },
    });
    await expect(labels.labels({ orderNos: [counted.orderNo] }, sales, 3)).rejects.toMatchObject({
      fields: { orderNos: [t('labelTooManyLabels', { max: 3, count: 4 })] },
    });
  });

  it('exports the labels as tab-separated text with a BOM and CRLF, naming the unknown numbers in a header', async () => {
    const order = await m.seed.order(sales, { packages: 2 });
    const res = headerResponse();
    const text = (await downloaded(await labels.text({ orderNos: [order.orderNo, 'NOPE1'] }, sales, res))).toString('utf8');
    expect(text.startsWith('\uFEFF订单号\t件号\t唛头')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1].split('\t').slice(0, 2)).toEqual([order.orderNo, '1/2']);
    expect(lines[3]).toBe('');
    expect(res.headers[LABEL_UNKNOWN_HEADER]).toBe('NOPE1');
  });

  describe('templates', () => {
    it('hands out the built-in layout until an administrator uploads one, then the upload', async () => {
      expect((await labels.templates()).map((tpl) => [tpl.name, tpl.uploaded])).toEqual([
        ['qrCode', false],
        ['barCode', false],
      ]);
      const builtIn = headerResponse();
      const pdf = await downloaded(await labels.templateFile('qrCode', builtIn));
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(builtIn.headers[LABEL_TEMPLATE_HEADER]).toBe('built-in');

      const content = Buffer.concat([Buffer.from([0, 1, 2, 0]), randomBytes(64)]);
      const saved = await labels.uploadTemplate('qrCode', uploadRequest(content, '二维码.btw'), {} as Response, admin);
      expect(saved).toMatchObject({ name: 'qrCode', uploaded: true, fileName: '二维码.btw', size: content.length, uploadedBy: admin.userId, ver: 1 });
      const uploaded = headerResponse();
      expect(await downloaded(await labels.templateFile('qrCode', uploaded))).toEqual(content);
      expect(uploaded.headers[LABEL_TEMPLATE_HEADER]).toBeUndefined();
      // a new upload replaces it
      expect((await labels.uploadTemplate('qrCode', uploadRequest(content, 'v2.btw'), {} as Response, admin)).ver).toBe(2);
    });

    it('takes only a binary .btw: no other name, no text, no markup', async () => {
      await expect(labels.uploadTemplate('barCode', uploadRequest(Buffer.from([0, 1, 2]), 'label.txt'), {} as Response, admin)).rejects.toMatchObject({
        fields: { file: [t('labelTemplateNotBtw')] },
      });
      await expect(
        labels.uploadTemplate('barCode', uploadRequest(Buffer.from('a note, not a template'), 'label.btw'), {} as Response, admin),
      ).rejects.toMatchObject({
        fields: { file: [t('labelTemplateNotBtw')] },
      });
      await expect(
        labels.uploadTemplate('barCode', uploadRequest(Buffer.from('<html><body>x</body></html>'), 'label.btw'), {} as Response, admin),
      ).rejects.toMatchObject({ fields: { file: [t('fileContentHasMarkup')] } });
      expect((await labels.templates()).find((tpl) => tpl.name === 'barCode')!.uploaded).toBe(false);
    });
  });
});
