import { SHIP_LINES, shanghaiDay, type ShipType } from '@forwarder/domain';
import { Injectable, StreamableFile } from '@nestjs/common';
import type { Writable } from 'node:stream';
import type { Principal } from '../../common/access.decorators.js';
import { AppError, FieldErrors } from '../../common/app-error.js';
import { attachment, streamedDownload, XLSX_TYPE } from '../../common/download.js';
import { drained } from '../../common/streams.js';
import { t } from '../../common/messages.js';
import { updateWithVer } from '../../common/ver.js';
import type { Order, OrderDocument, Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import { SettingsService } from '../../settings/settings.service.js';
import type { OrderListDto } from '../order/orders.dto.js';
import { OrdersService, type OrderView } from '../order/orders.service.js';
import { StageWording } from '../order/stage-names.js';
import { DEFAULT_ORIGINALS, DOCUMENT_KIND, type DocumentKind, type FreightTerm } from './document-kinds.js';
import { documentListWorkbook, writePrintableDocument } from './document-sheets.js';
import type { BillUpdateDto, WaybillUpdateDto } from './order-documents.dto.js';
import { currentReceipt } from '../cargo/warehouse-receipts.js';
import { DOCX_TYPE, warehouseReceiptDocx } from './warehouse-receipt.js';

/** Orders read per query while a list export is written (keyset by id: memory stays flat however many). */
export const EXCEL_BATCH = 1000;

type DocumentColumns = Omit<Prisma.OrderDocumentUncheckedCreateInput, 'id' | 'orderId' | 'kind' | 'createdBy' | 'ver' | 'createdAt' | 'updatedAt'>;

/**
 * `waybill/detail` or `bill/detail`: the shared columns under the kind's names (DOCUMENT_KIND), so the
 * fields of one kind only are optional here.
 */
export interface DocumentView {
  id: number | null;
  orderId: number;
  orderNo: string;
  shipType: ShipType;
  kind: DocumentKind;
  shipper: string;
  consignee: string;
  notifyParty: string | null;
  /** waybill */
  waybillNo?: string | null;
  from?: string;
  to?: string;
  goodsDescription?: string;
  /** bill of lading */
  blNo?: string | null;
  portOfLoading?: string;
  portOfDischarge?: string;
  vesselVoyage?: string | null;
  description?: string;
  numberOfOriginals?: number | null;
  marks: string | null;
  freightTerm: FreightTerm;
  issuedAt: Date | null;
  remark: string | null;
  ver: number | null;
  updatedBy: number | null;
  createdAt: Date | null;
  updatedAt: Date | null;
}

/**
 * The document as its call names it: the shared columns under the kind's names (waybillNo / blNo, from /
 * portOfLoading, …), the number read from the order. Without a saved document: a draft from the order
 * (id and ver null) for the form to start from.
 */
function documentView(kind: DocumentKind, order: OrderView, saved: OrderDocument | null): DocumentView {
  const def = DOCUMENT_KIND[kind];
  const port = (p: OrderView['originPort']) => (p ? `${p.nameEn} (${p.code})` : '');
  const d = saved ?? {
    shipper: order.customerName ?? '',
    consignee: [order.consignee, order.deliveryAddress].filter(Boolean).join('\n'),
    notifyParty: null,
    placeFrom: port(order.originPort),
    placeTo: port(order.destinationPort),
    vesselVoyage: order.vesselVoyage,
    goodsDescription: order.goodsName,
    marks: order.shippingMark,
    freightTerm: 'prepaid',
    issuedAt: null,
    numberOfOriginals: DEFAULT_ORIGINALS,
    remark: null,
  };
  return {
    id: saved?.id ?? null,
    orderId: order.id,
    orderNo: order.orderNo,
    shipType: order.shipType,
    kind,
    [def.names.number]: order[def.orderColumn],
    shipper: d.shipper,
    consignee: d.consignee,
    notifyParty: d.notifyParty,
    [def.names.placeFrom]: d.placeFrom,
    [def.names.placeTo]: d.placeTo,
    ...(def.own.includes('vesselVoyage') ? { vesselVoyage: d.vesselVoyage } : {}),
    [def.names.goodsDescription]: d.goodsDescription,
    marks: d.marks,
    freightTerm: d.freightTerm as FreightTerm,
    issuedAt: d.issuedAt,
    ...(def.own.includes('numberOfOriginals') ? { numberOfOriginals: d.numberOfOriginals } : {}),
    remark: d.remark,
    ver: saved?.ver ?? null,
    updatedBy: saved?.updatedBy ?? null,
    createdAt: saved?.createdAt ?? null,
    updatedAt: saved?.updatedAt ?? null,
  };
}

/**
 * Waybills (air orders) and bills of lading (sea lines): the details, kept in one table for both kinds,
 * and their exports (the list of a line's orders, and one document laid out for printing).
 */
@Injectable()
export class OrderDocumentsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly orders: OrdersService,
    private readonly settings: SettingsService,
  ) {}

  /** Refuses an order of a line without this kind of document. */
  private assertLine(kind: DocumentKind, order: Pick<Order, 'shipType' | 'orderNo'>) {
    const def = DOCUMENT_KIND[kind];
    if (!def.lines.includes(order.shipType as never)) throw AppError.badRequest(def.wrongLine, { no: order.orderNo });
  }

  /** The order in the caller's scope (else 404) and of a line with this kind of document (else 400), named. */
  private async orderFor(kind: DocumentKind, orderId: number, user: Principal): Promise<OrderView> {
    const order = await this.orders.detail(orderId, user);
    this.assertLine(kind, order);
    return order;
  }

  async detail(kind: DocumentKind, orderId: number, user: Principal): Promise<DocumentView> {
    const order = await this.orderFor(kind, orderId, user);
    const saved = await this.prisma.db.orderDocument.findUnique({ where: { orderId_kind: { orderId, kind } } });
    return documentView(kind, order, saved);
  }

  /**
   * Saves the document: created the first time (no ver), then updated with the ver read (409 when stale).
   * The number goes to the order's own column in the same transaction (the order's ver moves with it).
   */
  async update(kind: DocumentKind, dto: WaybillUpdateDto | BillUpdateDto, user: Principal): Promise<DocumentView> {
    const def = DOCUMENT_KIND[kind];
    const named = dto as unknown as Record<string, string | number | null | undefined>;
    const number = named[def.names.number] as string;
    const columns: DocumentColumns = {
      shipper: dto.shipper,
      consignee: dto.consignee,
      notifyParty: dto.notifyParty ?? null,
      placeFrom: named[def.names.placeFrom] as string,
      placeTo: named[def.names.placeTo] as string,
      vesselVoyage: def.own.includes('vesselVoyage') ? ((named.vesselVoyage as string | null | undefined) ?? null) : null,
      goodsDescription: named[def.names.goodsDescription] as string,
      marks: dto.marks ?? null,
      freightTerm: dto.freightTerm,
      issuedAt: dto.issuedAt ? new Date(dto.issuedAt) : null,
      numberOfOriginals: def.own.includes('numberOfOriginals') ? ((named.numberOfOriginals as number | null | undefined) ?? DEFAULT_ORIGINALS) : null,
      remark: dto.remark ?? null,
      updatedBy: user.userId,
    };
    await this.prisma.db.$transaction(async (tx) => {
      // the order's row lock serialises two first saves of the same document
      const [order] = await this.orders.lockOrders(tx, [dto.orderId], user);
      this.assertLine(kind, order);
      if (order.sideState === 'delete') throw AppError.badRequest('orderVoided');
      const saved = await tx.orderDocument.findUnique({ where: { orderId_kind: { orderId: order.id, kind } }, select: { id: true } });
      if (saved) {
        if (dto.ver === undefined || dto.ver === null) throw AppError.staleVersion();
        await updateWithVer(tx.orderDocument, saved.id, dto.ver, columns);
      } else {
        // a ver for a document nobody saved: the client read something else
        if (dto.ver !== undefined && dto.ver !== null) throw AppError.staleVersion();
        await tx.orderDocument.create({ data: { ...columns, orderId: order.id, kind, createdBy: user.userId } });
      }
      if (order[def.orderColumn] !== number) await tx.order.update({ where: { id: order.id }, data: { [def.orderColumn]: number, ver: { increment: 1 } } });
    });
    return this.detail(kind, dto.orderId, user);
  }

  /** The file name of a list export, e.g. '2026-11-22 运单.xlsx'. */
  private listFileName(kind: DocumentKind) {
    return `${shanghaiDay(new Date())} ${t(DOCUMENT_KIND[kind].label, {}, 'zh')}.xlsx`;
  }

  /**
   * waybill/excel, bill/excel: the orders the list's filters select (paging ignored, every matching order),
   * one row each, streamed while the orders are read in batches. The first batch is read before anything
   * is sent, so a failing query is still an error answer.
   */
  async excel(kind: DocumentKind, query: OrderListDto, user: Principal): Promise<StreamableFile> {
    const read = this.batches(kind, query, user);
    const first = await read(0);
    return streamedDownload(this.listFileName(kind), XLSX_TYPE, async (out) => {
      await this.writeList(kind, first, read, out);
    });
  }

  /**
   * The same list export written into any stream (a file, a counter): what a benchmark calls to measure the
   * export without HTTP. Resolves with the number of rows once the workbook is complete.
   */
  async writeExcel(kind: DocumentKind, query: OrderListDto, user: Principal, out: Writable): Promise<number> {
    const read = this.batches(kind, query, user);
    return this.writeList(kind, await read(0), read, out);
  }

  /** Reads the matching orders with their document of the kind, EXCEL_BATCH at a time after an id. */
  private batches(kind: DocumentKind, query: OrderListDto, user: Principal) {
    const def = DOCUMENT_KIND[kind];
    if (!def.lines.includes(query.shipType)) {
      const lines = SHIP_LINES.filter((l) => def.lines.includes(l.value)).map((l) => l.text);
      throw new FieldErrors({ shipType: [t('documentExcelWrongLine', { kind: t(def.label), lines: lines.join('、') })] });
    }
    const where = this.orders.listWhere(query, user);
    return (afterId: number) =>
      this.prisma.db.order.findMany({
        where: { AND: [where, { id: { gt: afterId } }] },
        include: { documents: { where: { kind } } },
        orderBy: { id: 'asc' },
        take: EXCEL_BATCH,
      });
  }

  private async writeList(
    kind: DocumentKind,
    first: (Order & { documents: OrderDocument[] })[],
    read: ReturnType<OrderDocumentsService['batches']>,
    out: Writable,
  ): Promise<number> {
    const { workbook, sheet, addRow } = documentListWorkbook(kind, out);
    const words = await StageWording.load(this.prisma.db);
    let rows = first;
    let written = 0;
    while (rows.length) {
      const views = await this.orders.named(rows.map(({ documents: _documents, ...order }) => order));
      views.forEach((order, i) => addRow({ order, document: rows[i].documents[0] ?? null, stageName: words.stage(order.shipType, order.stage) }));
      written += rows.length;
      if (rows.length < EXCEL_BATCH) break;
      await drained(out);
      rows = await read(rows[rows.length - 1].id);
    }
    sheet.commit();
    await workbook.commit();
    return written;
  }

  /** waybill/export, bill/export: the saved document of one order, laid out for printing. */
  async printable(kind: DocumentKind, orderId: number, user: Principal): Promise<StreamableFile> {
    const order = await this.orderFor(kind, orderId, user);
    const document = await this.prisma.db.orderDocument.findUnique({ where: { orderId_kind: { orderId, kind } } });
    const label = t(DOCUMENT_KIND[kind].label, {}, 'zh');
    if (!document) throw AppError.badRequest('documentNoneYet', { no: order.orderNo, kind: t(DOCUMENT_KIND[kind].label) });
    const words = await StageWording.load(this.prisma.db);
    return streamedDownload(`${order.orderNo} ${label}.xlsx`, XLSX_TYPE, (out) =>
      writePrintableDocument(kind, { order, document, stageName: words.stage(order.shipType, order.stage) }, out),
    );
  }

  /**
   * warehouse/word: the order's current warehouse receipt (the newest cargo registration or stage-move
   * receipt: warehouse-receipts.ts, the model /log/goods lists too), as a Word document.
   */
  async warehouseReceipt(orderId: number, user: Principal): Promise<StreamableFile> {
    const order = await this.orders.detail(orderId, user);
    const receipt = await currentReceipt(this.prisma, orderId);
    if (!receipt) throw AppError.badRequest('warehouseReceiptNone', { no: order.orderNo });
    const docx = await warehouseReceiptDocx(await this.settings.get('site.title'), order, receipt);
    return new StreamableFile(docx, { type: DOCX_TYPE, disposition: attachment(`${order.orderNo} 入仓单.docx`) });
  }
}
