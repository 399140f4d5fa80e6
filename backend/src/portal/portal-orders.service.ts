import { BOOK_CURRENCY, customerStage, SIDE_STATE_NAMES, storedStagesOf, todayShanghai, type ShipType } from '@forwarder/domain';
import { Injectable } from '@nestjs/common';
import type { PortalPrincipal } from '../common/access.decorators.js';
import { AppError, FieldErrors } from '../common/app-error.js';
import { t } from '../common/messages.js';
import { requestContext, type Lang } from '../common/request-context.js';
import { Prisma, type Order } from '../generated/prisma/client.js';
import { DOCUMENT_KIND, type DocumentKind } from '../orders/documents/document-kinds.js';
import { OrdersService } from '../orders/order/orders.service.js';
import { StageWording } from '../orders/order/stage-names.js';
import { eventText } from '../orders/public-tracking/public-tracking-page.js';
import { PublicTrackingService } from '../orders/public-tracking/public-tracking.service.js';
import { portNames, type PortName } from '../prisma/name-lookups.js';
import { PrismaService } from '../prisma/prisma.service.js';
import type {
  PortalAmounts,
  PortalDocumentRow,
  PortalOrderDetail,
  PortalOrderPage,
  PortalOrderRow,
  PortalOrdersQueryDto,
  PortalPackageRow,
  PortalPort,
  PrealertAnswer,
  PrealertDto,
} from './portal.dto.js';
import { DictService } from '../admin/dict/dict.service.js';

const portText = (port: PortName | undefined, lang: Lang) => {
  if (!port) return '—';
  const name = lang === 'en' ? port.nameEn : port.nameZh;
  return name && name !== port.code ? `${name} (${port.code})` : port.code;
};
const num = (value: Prisma.Decimal | null) => (value === null ? null : value.toNumber());

/** The stage a customer reads: the line's word for it, or the hold (on hold, voided) the order is in. */
function stageNameOf(order: Pick<Order, 'shipType' | 'stage' | 'sideState'>, words: StageWording, lang: Lang): string {
  if (order.sideState === 'delete') return SIDE_STATE_NAMES.delete[lang === 'en' ? 1 : 0];
  if (order.sideState) return t('trackingOnHold', {}, lang);
  return words.stage(order.shipType, customerStage(order.stage), lang);
}

/**
 * What a customer sees of their own company in the portal (docs/portal.md): orders of every line with the
 * public timeline, packages and the documents released to them, open amounts, and pre-alerts. Every read
 * and write names the caller's customer in its condition: another customer's order is 404.
 */
@Injectable()
export class PortalOrdersService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly dict: DictService,
    private readonly orders: OrdersService,
    private readonly tracking: PublicTrackingService,
  ) {}

  async list(query: PortalOrdersQueryDto, p: PortalPrincipal): Promise<PortalOrderPage> {
    const where: Prisma.OrderWhereInput = { customerId: p.customerId };
    if (query.line) where.shipType = query.line;
    // brokerage (commission settled) is internal: such orders read, and are found, as delivered
    if (query.stage) where.stage = { in: storedStagesOf(query.stage) };
    if (query.keyword) {
      const contains = { contains: query.keyword, mode: 'insensitive' as const };
      where.OR = [{ orderNo: contains }, { waybillNo: contains }, { billOfLadingNo: contains }, { containerNo: contains }];
    }
    const { page = 1, size = 20 } = query;
    const [rows, total] = await Promise.all([
      this.prisma.db.order.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (page - 1) * size, take: size }),
      this.prisma.db.order.count({ where }),
    ]);
    return { list: await this.rows(rows), total, page, size };
  }

  private async rows(orders: Order[], lang: Lang = requestContext.lang()): Promise<PortalOrderRow[]> {
    const [ports, words] = await Promise.all([
      portNames(
        this.prisma,
        orders.flatMap((o) => [o.originPortId, o.destinationPortId]),
      ),
      StageWording.load(this.dict),
    ]);
    return orders.map((o) => ({
      line: o.shipType,
      id: o.id,
      orderNo: o.orderNo,
      stage: customerStage(o.stage),
      stageName: stageNameOf(o, words, lang),
      sideState: o.sideState,
      createdAt: o.createdAt,
      updatedAt: o.updatedAt,
      pol: portText(ports.get(o.originPortId), lang),
      pod: portText(ports.get(o.destinationPortId), lang),
      packages: o.packages,
      weight: num(o.grossWeight),
      volume: num(o.volume),
      etd: o.etd,
      eta: o.eta,
      fromPortal: o.fromPortal,
    }));
  }

  /** One of the customer's orders, else 404 (another customer's order included). */
  private async own(line: ShipType, id: number, p: PortalPrincipal): Promise<Order> {
    const order = await this.prisma.db.order.findFirst({ where: { id, shipType: line, customerId: p.customerId } });
    if (!order) throw AppError.notFound();
    return order;
  }

  async detail(line: ShipType, id: number, p: PortalPrincipal): Promise<PortalOrderDetail> {
    const order = await this.own(line, id, p);
    const lang = requestContext.lang();
    const [[row], view, boxes, documents, trackingUrl] = await Promise.all([
      this.rows([order], lang),
      this.tracking.publicViewOf(order.id),
      this.prisma.db.orderPackingBox.findMany({ where: { orderId: order.id }, orderBy: { lineNo: 'asc' } }),
      this.documents(order),
      this.tracking.customerUrl(order.id),
    ]);
    const timeline = (view?.events ?? [])
      // finance's commission settlement is nobody's business but the forwarder's
      .filter((e) => e.stage !== 'brokerage')
      .map((e) => ({ at: e.occurredAt, stage: customerStage(e.stage), ...eventTextOf(e, view!, lang) }));
    const packageList: PortalPackageRow[] = boxes.length
      ? boxes.map((b) => ({
          marks: b.boxNo ?? order.shippingMark,
          count: b.quantity,
          weight: Number(b.grossWeight.times(b.quantity).toFixed(3)),
          volume: Number(b.length.times(b.width).times(b.height).times(b.quantity).dividedBy(1_000_000).toFixed(4)),
          trackingNo: b.trackingNo,
        }))
      : order.packages
        ? [{ marks: order.shippingMark, count: order.packages, weight: num(order.grossWeight), volume: num(order.volume), trackingNo: null }]
        : [];
    return { ...row, timeline, packageList, documents: documents.map(({ pdf: _, ...d }) => d), trackingUrl };
  }

  /**
   * The documents released to the customer: a waybill or bill of lading once staff issued it (its issue date
   * is set on the document screen, docs/portal.md), each as the PDF the customer downloads.
   */
  private async documents(order: Order): Promise<(PortalDocumentRow & { pdf: Uint8Array })[]> {
    const saved = await this.prisma.db.orderDocument.findMany({ where: { orderId: order.id, issuedAt: { not: null } }, orderBy: { id: 'asc' } });
    if (!saved.length) return [];
    // named() turns the rows it is given into their views: a copy, as the caller reads the row on
    const [view] = await this.orders.named([{ ...order }]);
    // loaded on first use, as the labels' PDF is (labels.service.ts): pdf-lib, fontkit and subset-font cost every
    // process that loads the server (each server, each test suite) about a second of CPU and tens of MB of RSS
    const { documentPdf } = await import('../orders/documents/document-pdf.js');
    return Promise.all(
      saved.map(async (d) => {
        const kind = d.kind as DocumentKind;
        const pdf = await documentPdf(kind, view, d);
        const number = order[DOCUMENT_KIND[kind].orderColumn] ?? order.orderNo;
        return { id: d.id, kind, name: `${t(DOCUMENT_KIND[kind].label)} ${number}.pdf`, size: pdf.byteLength, pdf };
      }),
    );
  }

  /** A released document of the customer's order as its PDF; 404 for anything else. */
  async document(line: ShipType, id: number, docId: number, p: PortalPrincipal): Promise<{ name: string; pdf: Uint8Array }> {
    const order = await this.own(line, id, p);
    const found = (await this.documents(order)).find((d) => d.id === docId);
    if (!found) throw AppError.notFound();
    return found;
  }

  /**
   * The customer's open amounts as the arrears screen shows them for that customer (order_finance: money
   * outstanding in book currency, aged from the billing day), and nothing else: no cost, profit or commission.
   */
  async amounts(p: PortalPrincipal): Promise<PortalAmounts> {
    const rows = await this.prisma.readRows<{ ship_type: string; order_no: string; outstanding: Prisma.Decimal; billed_on: Date | null; age: number | null }[]>(
      Prisma.sql`select f.ship_type, o.order_no, f.outstanding, f.billed_on, (${todayShanghai()}::date - f.billed_on)::int as age
                   from order_finance f join orders o on o.id = f.order_id
                  where f.customer_id = ${p.customerId} and f.outstanding > 0
                  order by f.billed_on nulls last, f.order_id`,
    );
    const list = rows.map((r) => ({
      line: r.ship_type,
      orderNo: r.order_no,
      amount: Number(r.outstanding),
      currency: BOOK_CURRENCY,
      dueDate: r.billed_on ? r.billed_on.toISOString().slice(0, 10) : null,
      ageDays: Math.max(0, r.age ?? 0),
    }));
    const total = rows.reduce((sum, r) => sum.plus(r.outstanding), new Prisma.Decimal(0));
    return { totals: list.length ? [{ currency: BOOK_CURRENCY, amount: total.toNumber() }] : [], list };
  }

  /** The enabled ports of a line a pre-alert picks from: start ports (loading) and end ports (discharge). */
  async ports(line: ShipType): Promise<PortalPort[]> {
    const lang = requestContext.lang();
    const ports = await this.prisma.db.port.findMany({ where: { shipType: line, enabled: true }, orderBy: [{ kind: 'asc' }, { code: 'asc' }] });
    return ports.map((port) => ({ id: port.id, code: port.code, name: portText(port, lang), kind: port.kind }));
  }

  /**
   * A pre-alert: a registered order of the customer on the line, marked `fromPortal`, owned by the customer's
   * salesman (who finds it in the 已登记 list and the workbench's "pre-alerts waiting").
   */
  async prealert(dto: PrealertDto, p: PortalPrincipal): Promise<PrealertAnswer> {
    const customer = await this.prisma.db.customer.findUniqueOrThrow({ where: { id: p.customerId }, select: { id: true, salesmanId: true } });
    const errors: Record<string, string[]> = {};
    const port = (id: number, kind: 'start' | 'end') => this.prisma.db.port.count({ where: { id, shipType: dto.line, kind, enabled: true } });
    if (!(await port(dto.pol, 'start'))) errors.pol = [t('portalPortInvalid')];
    if (!(await port(dto.pod, 'end'))) errors.pod = [t('portalPortInvalid')];
    if (Object.keys(errors).length) throw new FieldErrors(errors);
    if (customer.salesmanId === null) throw AppError.badRequest('portalPrealertNoSalesman');
    const order = await this.orders.insert(dto.line, { id: customer.id, salesmanId: customer.salesmanId }, customer.salesmanId, {
      fields: {
        originPortId: dto.pol,
        destinationPortId: dto.pod,
        goodsName: dto.goods,
        consignee: dto.consignee,
        packages: dto.packages,
        grossWeight: dto.weight ?? null,
        remark: dto.remark ?? null,
      },
      fromPortal: true,
      track: t('portalPrealertTrack', {}, 'zh'),
    });
    return { line: order.shipType, id: order.id, orderNo: order.orderNo };
  }
}

function eventTextOf(
  event: { kind: string; stage: string; content: string; location: string | null; occurredAt: Date },
  view: { stageWords: (stage: string, lang: Lang) => string },
  lang: Lang,
) {
  return eventText(event, { stageWords: (stage, l) => view.stageWords(customerStage(stage), l) }, lang);
}
