import { SHIP_LINES, shanghaiDay, type ShipType } from '@forwarder/domain';
import { Injectable, StreamableFile } from '@nestjs/common';
import type { Writable } from 'node:stream';
import type { Principal } from '../../common/access.decorators.js';
import { AppError, FieldErrors } from '../../common/app-error.js';
import { attachment, streamedDownload, XLSX_TYPE } from '../../common/download.js';
import { keysetPages } from '../../common/streams.js';
import { EXPORT_PAGE, writePages, writeWorkbook, xlsxDownload, type WorkbookWriter } from '../../common/xlsx.js';
import { t } from '../../common/messages.js';
import { updateWithVer } from '../../common/ver.js';
import { Prisma, type Order, type OrderDocument } from '../../generated/prisma/client.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import { SettingsService } from '../../settings/settings.service.js';
import { OrdersService, type OrderView } from '../order/orders.service.js';
import { StageWording } from '../order/stage-names.js';
import { DEFAULT_ORIGINALS, DOCUMENT_KIND, type DocumentKind, type FreightTerm } from './document-kinds.js';
import { documentListSheet, writePrintableDocument, type SheetDocument, type SheetOrder } from './document-sheets.js';
import type { BillUpdateDto, DocumentExcelDto, WaybillUpdateDto } from './order-documents.dto.js';
import { currentReceipt } from '../cargo/warehouse-receipts.js';
import { DOCX_TYPE, warehouseReceiptDocx } from './warehouse-receipt.js';
import { DictService } from '../../admin/dict/dict.service.js';

/** A row of the list export's page statement: the order's columns the sheet shows and its document's, if saved. */
type ListRow = SheetOrder &
  Omit<SheetDocument, 'vesselVoyage'> & { id: number; shipType: string; stage: string; documentId: number | null; documentVesselVoyage: string | null };

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
    private readonly dict: DictService,
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
   * one row each, streamed while the orders are read in keyset pages (common/xlsx.ts writePages). The first
   * page is read before anything is sent, so a failing query is still an error answer.
   */
  async excel(kind: DocumentKind, query: DocumentExcelDto, user: Principal): Promise<StreamableFile> {
    const pages = await this.pages(kind, query, user);
    const words = await StageWording.load(this.dict);
    return xlsxDownload(this.listFileName(kind), (workbook, out) => this.writeList(kind, pages, words, workbook, out).then(() => undefined));
  }

  /**
   * The same list export written into any stream (a file, a counter): what a benchmark calls to measure the
   * export without HTTP. Resolves with the number of rows once the workbook is complete.
   */
  async writeExcel(kind: DocumentKind, query: DocumentExcelDto, user: Principal, out: Writable): Promise<number> {
    const pages = await this.pages(kind, query, user);
    const words = await StageWording.load(this.dict);
    let written = 0;
    await writeWorkbook(out, async (workbook) => {
      written = await this.writeList(kind, pages, words, workbook, out);
    });
    return written;
  }

  /**
   * The matching orders with their document of the kind, EXPORT_PAGE at a time by id (keysetPages). Which
   * orders match is Prisma's where of the list (the caller's scope, the view, the filters) and of the ticked
   * ids when given, asked for the page's ids only; the page's rows are then one statement on the direct path
   * (PrismaService.readRows) with the columns the sheet shows, the customer's name and the document joined:
   * Prisma's work per row (the order's thirty-odd fields, Decimal objects) was most of the export's time.
   */
  private async pages(kind: DocumentKind, query: DocumentExcelDto, user: Principal) {
    const def = DOCUMENT_KIND[kind];
    if (!def.lines.includes(query.shipType)) {
      const lines = SHIP_LINES.filter((l) => def.lines.includes(l.value)).map((l) => l.text);
      throw new FieldErrors({ shipType: [t('documentExcelWrongLine', { kind: t(def.label), lines: lines.join('、') })] });
    }
    const listed = this.orders.listWhere(query, user);
    const where = query.ids ? { AND: [listed, { id: { in: query.ids } }] } : listed;
    const read = async (after: number | null, size: number): Promise<ListRow[]> => {
      const ids = await this.prisma.db.order.findMany({
        where: after === null ? where : { AND: [where, { id: { gt: after } }] },
        select: { id: true },
        orderBy: { id: 'asc' },
        take: size,
      });
      if (!ids.length) return [];
      return this.prisma.readRows<ListRow[]>(Prisma.sql`
        select o.id, o.ship_type as "shipType", o.stage, o.order_no as "orderNo", c.company_name as "customerName",
               o.waybill_no as "waybillNo", o.bill_of_lading_no as "billOfLadingNo", o.flight_no as "flightNo",
               o.vessel_voyage as "vesselVoyage", o.container_no as "containerNo", o.seal_no as "sealNo", o.packages,
               o.gross_weight::float8 as "grossWeight", o.volume::float8 as volume, o.chargeable_weight::float8 as "chargeableWeight",
               o.etd, o.eta, d.id as "documentId", d.shipper, d.consignee, d.notify_party as "notifyParty",
               d.place_from as "placeFrom", d.place_to as "placeTo", d.vessel_voyage as "documentVesselVoyage",
               d.goods_description as "goodsDescription", d.marks, d.freight_term as "freightTerm",
               d.number_of_originals as "numberOfOriginals", d.issued_at as "issuedAt", d.remark
          from orders o
          left join customer c on c.id = o.customer_id
          left join order_document d on d.order_id = o.id and d.kind = ${kind}
         where o.id = any(${ids.map((r) => r.id)})
         order by o.id`);
    };
    return keysetPages(read, (row) => row.id, EXPORT_PAGE);
  }

  private writeList(kind: DocumentKind, pages: AsyncIterable<ListRow[]>, words: StageWording, workbook: WorkbookWriter, out: Writable): Promise<number> {
    const { sheet, addRow } = documentListSheet(kind, workbook);
    return writePages(pages, out, (rows) => {
      for (const row of rows)
        addRow({
          order: row,
          document: row.documentId === null ? null : { ...row, vesselVoyage: row.documentVesselVoyage },
          stageName: words.stage(row.shipType, row.stage),
        });
    }).then((written) => {
      sheet.commit();
      return written;
    });
  }

  /** waybill/export, bill/export: the saved document of one order, laid out for printing. */
  async printable(kind: DocumentKind, orderId: number, user: Principal): Promise<StreamableFile> {
    const order = await this.orderFor(kind, orderId, user);
    const document = await this.prisma.db.orderDocument.findUnique({ where: { orderId_kind: { orderId, kind } } });
    const label = t(DOCUMENT_KIND[kind].label, {}, 'zh');
    if (!document) throw AppError.badRequest('documentNoneYet', { no: order.orderNo, kind: t(DOCUMENT_KIND[kind].label) });
    const words = await StageWording.load(this.dict);
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
