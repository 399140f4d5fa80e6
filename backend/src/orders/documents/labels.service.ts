import { shanghaiDay, LABEL_TEMPLATES, type LabelTemplate } from '@forwarder/domain';
import { Injectable, StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Principal } from '../../common/access.decorators.js';
import { FieldErrors } from '../../common/app-error.js';
import { attachment } from '../../common/download.js';
import { t } from '../../common/messages.js';
import { receiveOneFile } from '../../files/upload-form.js';
import { portNames } from '../../prisma/name-lookups.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import { SettingsService } from '../../settings/settings.service.js';
import { ordersInScope } from '../order/order-scope.js';
import { PublicTrackingService } from '../public-tracking/public-tracking.service.js';
import type { LabelExportDto } from './order-documents.dto.js';
import { labelCode, labelQrText, type PackageLabel } from './package-label.js';

/** Labels one text export may hold (a line each). */
export const MAX_TEXT_LABELS = 20_000;
/** Pages one PDF may hold: the PDF is built in memory (pdf-lib cannot stream), so it is bounded. */
export const MAX_PDF_LABELS = 1_000;

const TEXT_HEADER = ['订单号', '件号', '唛头', '目的港代码', '目的港', '条码内容', '收货人', '品名', '跟踪链接', '二维码内容'];
/** A cell of the text export: tabs and line breaks would split it. */
const cell = (value: string) => value.replace(/[\t\r\n]+/g, ' ');

/** Set on a label file made without some of the orders asked for: their numbers (or ids), comma-separated, URI-encoded. */
export const LABEL_UNKNOWN_HEADER = 'X-Label-Unknown';
function nameUnknown(res: Response, unknown: string[]) {
  if (unknown.length) res.setHeader(LABEL_UNKNOWN_HEADER, encodeURIComponent(unknown.join(',')));
}

/** Set on a template download that is the built-in layout (no administrator uploaded one): 'built-in'. */
export const LABEL_TEMPLATE_HEADER = 'X-Label-Template';
/** The built-in template: the layout of the built-in PDF labels, each field named in braces where it prints. */
const TEMPLATE_LABEL: PackageLabel = {
  orderNo: 'DL0000000000',
  index: 1,
  total: 1,
  shippingMark: '{唛头 shipping mark}',
  destinationCode: '{目的港代码}',
  destinationName: '{目的港}',
  destinationNameEn: '{destination}',
  consignee: '{收货人 consignee}',
  goodsName: '{品名 goods}',
  trackingUrl: null,
};

/**
 * Package labels: the data file a label designer (BarTender) merges into the administrators' templates,
 * the templates themselves, and print-ready PDF labels drawn by the server.
 */
@Injectable()
export class LabelsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly settings: SettingsService,
    private readonly tracking: PublicTrackingService,
  ) {}

  /** Whether labels carry tracking links: PUBLIC_BASE_URL is configured (else exports say so, X-Label-Notice). */
  get printsTrackingLinks(): boolean {
    return this.tracking.linksConfigured;
  }

  /**
   * One label per package of each order, in the order asked, and the numbers (or ids) asked for that are
   * no order in the caller's scope (another salesman's order reads as unknown): those are left out and
   * named, so one mistyped number does not stop the batch; when none is known the request is refused.
   * Every order printed must have its package count.
   */
  async labels(dto: LabelExportDto, user: Principal, max: number): Promise<{ labels: PackageLabel[]; unknown: string[] }> {
    const orderNos = dto.orderNos ?? [];
    const orderIds = dto.orderIds ?? [];
    if (!orderNos.length && !orderIds.length) throw new FieldErrors({ orderNos: [t('labelOrdersRequired')] });
    const orders = await this.prisma.db.order.findMany({
      where: ordersInScope(user, { OR: [{ orderNo: { in: orderNos } }, { id: { in: orderIds } }] }),
      select: {
        id: true,
        orderNo: true,
        packages: true,
        shippingMark: true,
        destinationPortId: true,
        consignee: true,
        goodsName: true,
        trackingLink: { select: { orderId: true, nonce: true, tokenHash: true, revokedAt: true } },
      },
    });
    const byNo = new Map(orders.map((o) => [o.orderNo, o]));
    const byId = new Map(orders.map((o) => [o.id, o]));
    const unknownNos = orderNos.filter((no) => !byNo.has(no));
    const unknownIds = orderIds.filter((id) => !byId.has(id));
    if (!orders.length) {
      const errors: Record<string, string[]> = {};
      if (unknownNos.length) errors.orderNos = [t('labelOrdersUnknown', { list: unknownNos.join(', ') })];
      if (unknownIds.length) errors.orderIds = [t('labelOrdersUnknown', { list: unknownIds.join(', ') })];
      throw new FieldErrors(errors);
    }
    const unknown = [...new Set([...unknownNos, ...unknownIds.map(String)])];
    const found = [...orderNos.map((no) => byNo.get(no)), ...orderIds.map((id) => byId.get(id))].filter((o) => o !== undefined);
    const asked = [...new Map(found.map((o) => [o.id, o])).values()];
    const withoutPackages = asked.filter((o) => !o.packages);
    if (withoutPackages.length)
      throw new FieldErrors({
        [orderNos.length ? 'orderNos' : 'orderIds']: [t('labelOrdersNoPackages', { list: withoutPackages.map((o) => o.orderNo).join(', ') })],
      });
    const count = asked.reduce((sum, o) => sum + o.packages!, 0);
    if (count > max) throw new FieldErrors({ [orderNos.length ? 'orderNos' : 'orderIds']: [t('labelTooManyLabels', { max, count })] });
    const port = await portNames(
      this.prisma,
      asked.map((o) => o.destinationPortId),
    );
    const live = asked.flatMap((o) => (o.trackingLink && !o.trackingLink.revokedAt ? [o.trackingLink] : []));
    const tokens = this.tracking.linksConfigured ? await this.tracking.tokens(live) : new Map<number, string>();
    const labels = asked.flatMap((o) =>
      Array.from({ length: o.packages! }, (_, i) => ({
        orderNo: o.orderNo,
        index: i + 1,
        total: o.packages!,
        shippingMark: o.shippingMark,
        destinationCode: port.get(o.destinationPortId)?.code ?? '',
        destinationName: port.get(o.destinationPortId)?.nameZh ?? '',
        destinationNameEn: port.get(o.destinationPortId)?.nameEn ?? '',
        consignee: o.consignee,
        goodsName: o.goodsName,
        trackingUrl: tokens.has(o.id) ? this.tracking.publicUrl(tokens.get(o.id)!) : null,
      })),
    );
    return { labels, unknown };
  }

  /** label/export: '{date} 标签导出.txt', UTF-8 with a BOM, tab-separated, a header line, CRLF (Windows designers). */
  async text(dto: LabelExportDto, user: Principal, res: Response): Promise<StreamableFile> {
    const { labels, unknown } = await this.labels(dto, user, MAX_TEXT_LABELS);
    nameUnknown(res, unknown);
    const lines = [
      TEXT_HEADER,
      ...labels.map((l) => [
        l.orderNo,
        `${l.index}/${l.total}`,
        l.shippingMark,
        l.destinationCode,
        l.destinationName,
        labelCode(l),
        l.consignee ?? '',
        l.goodsName,
        l.trackingUrl ?? '',
        labelQrText(l),
      ]),
    ];
    const body = `\uFEFF${lines.map((line) => line.map(cell).join('\t')).join('\r\n')}\r\n`;
    return new StreamableFile(Buffer.from(body, 'utf8'), {
      type: 'text/plain; charset=utf-8',
      disposition: attachment(`${shanghaiDay(new Date())} 标签导出.txt`),
    });
  }

  /** label/pdf: '{date} 标签.pdf', one 100 × 100 mm page per label. */
  async pdf(dto: LabelExportDto, template: LabelTemplate, user: Principal, res: Response): Promise<StreamableFile> {
    const { labels, unknown } = await this.labels(dto, user, MAX_PDF_LABELS);
    nameUnknown(res, unknown);
    // loaded on first use: pdf-lib, fontkit, subset-font (a wasm), bwip-js and qrcode cost the server ~40 MB
    // of RSS from its start, for a document most days never ask for
    const { labelPdf } = await import('./label-pdf.js');
    const pdf = await labelPdf(labels, template);
    return new StreamableFile(Buffer.from(pdf), { type: 'application/pdf', disposition: attachment(`${shanghaiDay(new Date())} 标签.pdf`) });
  }

  /** The templates and whether an administrator uploaded each. */
  async templates() {
    const stored = await this.prisma.db.labelTemplate.findMany({
      select: { name: true, fileName: true, size: true, uploadedBy: true, ver: true, updatedAt: true },
    });
    return LABEL_TEMPLATES.map((name) => {
      const found = stored.find((s) => s.name === name);
      return {
        name,
        uploaded: !!found,
        fileName: found?.fileName ?? null,
        size: found?.size ?? null,
        uploadedBy: found?.uploadedBy ?? null,
        ver: found?.ver ?? null,
        updatedAt: found?.updatedAt ?? null,
      };
    });
  }

  /**
   * label/template/export/{name}: the uploaded template as '{date} {name}.btw'; before an administrator
   * uploaded one, the built-in layout as '{date} {name}.pdf' (X-Label-Template: built-in), so the download
   * works on a fresh install.
   */
  async templateFile(name: LabelTemplate, res: Response): Promise<StreamableFile> {
    const template = await this.prisma.db.labelTemplate.findUnique({ where: { name } });
    if (!template) {
      res.setHeader(LABEL_TEMPLATE_HEADER, 'built-in');
      const { labelPdf } = await import('./label-pdf.js');
      const pdf = await labelPdf([TEMPLATE_LABEL], name);
      return new StreamableFile(Buffer.from(pdf), { type: 'application/pdf', disposition: attachment(`${shanghaiDay(new Date())} ${name}.pdf`) });
    }
    return new StreamableFile(Buffer.from(template.content), {
      type: 'application/octet-stream',
      length: template.size,
      disposition: attachment(`${shanghaiDay(new Date())} ${name}.btw`),
    });
  }

  /** label/template/upload/{name}: multipart `file`, a .btw up to the upload size limit; replaces the previous one. */
  async uploadTemplate(name: LabelTemplate, req: Request, res: Response, user: Principal) {
    const file = await receiveOneFile(req, res, { use: 'labelTemplate', maxMb: await this.settings.get('upload.maxSizeMb'), wrongType: 'labelTemplateNotBtw' });
    const data = { fileName: file.fileName, content: new Uint8Array(file.buffer), size: file.buffer.length, uploadedBy: user.userId };
    // Through the base client: the operation log would copy the file's bytes (before and after) into
    // JSON; the request log still records who uploaded which template.
    await this.prisma.base.labelTemplate.upsert({
      where: { name },
      create: { name, ...data },
      update: { ...data, ver: { increment: 1 } },
      select: { id: true },
    });
    return (await this.templates()).find((template) => template.name === name)!;
  }
}
