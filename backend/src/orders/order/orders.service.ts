import {
  chargeableWeightOf,
  normaliseContainerNo,
  type OrderStage,
  previousStage,
  type RequiredField,
  requiredFor,
  shanghaiDate,
  shippingMarkOf,
  type ShipType,
  type SideState,
  STAGE_FIELDS,
  stageBefore,
  STAMPED_ON_MOVE,
  type UpgradeStage,
  ORDER_SORTS,
  type OrderSort,
} from '@forwarder/domain';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/access.decorators.js';
import { ownedCustomers, viewerOf } from '../../customers/customer-scope.js';
import { AppError, FieldErrors } from '../../common/app-error.js';
import { t, type MessageKey } from '../../common/messages.js';
import { skipTake, toPage, type Page } from '../../common/pagination.js';
import { updateWithVer } from '../../common/ver.js';
import { SerialService } from '../../core/serial/serial.service.js';
import { Prisma, type Order } from '../../generated/prisma/client.js';
import { PriceLookupService } from '../../prices/price-lookup.service.js';
import { namesOf } from '../../prisma/name-lookups.js';
import { columnOf, columnsOf, PrismaService, type Tx } from '../../prisma/prisma.service.js';
import { sideName, StageWording } from './stage-names.js';
import { view, type OrderView } from './order-answer.js';
import { orderExportColumns } from './order-list-export.js';
import { viewTotal } from './order-counts.js';
import { viewSql, viewWhere } from './order-views.js';
import { orderScope, orderScopeSql, ordersInScope } from './order-scope.js';
import { RECEIPT_SERIAL } from '../cargo/warehouse-receipts.js';
import { queueMilestoneMails } from '../../notifications/milestone-mail.js';
import { SettingsService } from '../../settings/settings.service.js';
import { OrderStageEvents } from './order-stage-events.js';
import {
  type OrderAddDto,
  type OrderDemotionDto,
  type OrderHoldDto,
  type OrderListDto,
  type OrderRevokeDto,
  type OrderUpdateDto,
  type OrderUpgradeDto,
  type OrderVoidDto,
} from './orders.dto.js';
import { DictService } from '../../admin/dict/dict.service.js';

/** Totals of lists other than a plain stage screen are counted up to this many (see docs/orders.md). */
export const ORDER_COUNT_CAP = 10_000;

export type OrderPage = Page<OrderView> & { totalCapped: boolean };

const SERIAL_OF: Record<ShipType, string> = { smallbag: 'order.smallbag', dedicatedline: 'order.dedicatedline', airtransport: 'order.airtransport' };

const FIELD_LABEL: Record<RequiredField, MessageKey> = {
  packages: 'orderFieldPackages',
  grossWeight: 'orderFieldGrossWeight',
  volume: 'orderFieldVolume',
  containerNo: 'orderFieldContainerNo',
  sealNo: 'orderFieldSealNo',
  waybillNo: 'orderFieldWaybillNo',
  customsDeclarationNo: 'orderFieldCustomsDeclarationNo',
  vesselVoyage: 'orderFieldVesselVoyage',
  flightNo: 'orderFieldFlightNo',
  etd: 'orderFieldEtd',
  eta: 'orderFieldEta',
  billOfLadingNo: 'orderFieldBillOfLadingNo',
  arrivedAt: 'orderFieldArrivedAt',
  deliveredAt: 'orderFieldDeliveredAt',
  consignee: 'orderFieldConsignee',
  deliveryAddress: 'orderFieldDeliveryAddress',
};
// Stage names live in stage-names.ts; re-exported for the areas that read them from here.
export { moveName, sideName, stageName, StageWording } from './stage-names.js';

// The scope rule lives in order-scope.ts; re-exported for the areas that read it from here.
export { orderScope } from './order-scope.js';

export type { OrderView } from './order-answer.js';

const ORDER_COLUMNS = columnsOf(Prisma.OrderScalarFieldEnum);

type OrderListFilters = Omit<OrderListDto, 'pageIndex' | 'pageSize' | 'sortField' | 'sortOrder'>;
const FILTERS = [
  'orderNo',
  'customerId',
  'salesmanId',
  'originPortId',
  'destinationPortId',
  'containerNo',
  'createdFrom',
  'createdTo',
  'key',
  'fromPortal',
] as const satisfies (keyof OrderListFilters)[];
/** Whether the list has a filter its total cannot be read from order_count with (kept per line, view and salesman). */
const countedBySql = (query: OrderListFilters) => FILTERS.some((f) => f !== 'salesmanId' && query[f] !== undefined && query[f] !== null && query[f] !== '');
/** The list's order: the sort field (ORDER_SORTS), then the id the same way, so a page boundary never splits ties. */
const orderByOf = (query: OrderListDto): Prisma.OrderOrderByWithRelationInput[] => [{ [query.sortField]: query.sortOrder }, { id: query.sortOrder }];
/** A sort field's column (the DTO admits only ORDER_SORTS; checked again, as the name goes into the statement). */
const columnName = (field: OrderSort) => {
  if (!(ORDER_SORTS as readonly string[]).includes(field)) throw AppError.badRequest('orderSortInvalid');
  return columnOf(field);
};

/** What a new order is made of, besides its line, customer and number (OrdersService.insert). */
export interface OrderInsertFields {
  originPortId: number;
  destinationPortId: number;
  goodsName: string;
  operatorId?: number | null;
  channel?: string | null;
  packages?: number | null;
  /** kg */
  grossWeight?: number | null;
  volume?: number | null;
  /** computed from the weight and volume when left out */
  chargeableWeight?: number | null;
  declaredValue?: number | null;
  currency?: string | null;
  consignee?: string | null;
  consigneePhone?: string | null;
  deliveryAddress?: string | null;
  remark?: string | null;
}

const dateOrNull = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));

/**
 * Orders of the three lines: creating, editing, listing, the stage moves and the side states. Every
 * move is a transaction that also writes the order's work record and timeline event.
 */
@Injectable()
export class OrdersService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly dict: DictService,
    private readonly serials: SerialService,
    private readonly prices: PriceLookupService,
    private readonly settings: SettingsService,
    private readonly stageEvents: OrderStageEvents,
  ) {}

  async add(shipType: ShipType, dto: OrderAddDto, user: Principal): Promise<OrderView> {
    const customer = await this.prisma.db.customer.findFirst({
      where: { AND: [ownedCustomers(viewerOf(user)), { id: dto.customerId, reviewStatus: 'approved' }] },
      select: { id: true, salesmanId: true },
    });
    const errors: Record<string, string[]> = {};
    if (!customer) errors.customerId = [t('orderCustomerInvalid')];
    Object.assign(errors, await this.fieldProblems(shipType, dto));
    if (Object.keys(errors).length) throw new FieldErrors(errors);
    const order = await this.insert(shipType, { id: customer!.id, salesmanId: customer!.salesmanId! }, user.userId, {
      fields: {
        operatorId: dto.operatorId ?? null,
        originPortId: dto.originPortId,
        destinationPortId: dto.destinationPortId,
        channel: dto.channel ?? null,
        goodsName: dto.goodsName,
        packages: dto.packages ?? null,
        grossWeight: dto.grossWeight ?? null,
        volume: dto.volume ?? null,
        chargeableWeight: dto.chargeableWeight,
        declaredValue: dto.declaredValue ?? null,
        currency: dto.currency ?? null,
        consignee: dto.consignee ?? null,
        consigneePhone: dto.consigneePhone ?? null,
        deliveryAddress: dto.deliveryAddress ?? null,
        remark: dto.remark ?? null,
      },
      peer: dto.peer,
      track: t('orderTrackCreated', {}, 'zh'),
    });
    return this.detail(order.id, user);
  }

  /**
   * A registered order of a customer, owned by the customer's salesman, in one transaction with its number,
   * the customer's last order and its first timeline event: the staff's register form (add) and the
   * customer portal's pre-alert (`fromPortal`, docs/portal.md) both make orders here.
   */
  async insert(
    shipType: ShipType,
    customer: { id: number; salesmanId: number },
    createdBy: number,
    order: { fields: OrderInsertFields; peer?: boolean; fromPortal?: boolean; track: string },
  ): Promise<Order> {
    const salesman = await this.prisma.db.user.findUniqueOrThrow({ where: { id: customer.salesmanId }, select: { peerLabel: true, directLabel: true } });
    const { chargeableWeight, ...fields } = order.fields;
    return this.prisma.db.$transaction(async (tx) => {
      const orderNo = await this.serials.next(SERIAL_OF[shipType], tx);
      const created = await tx.order.create({
        data: {
          ...fields,
          chargeableWeight: chargeableWeight ?? chargeableWeightOf(shipType, fields.grossWeight ?? null, fields.volume ?? null),
          orderNo,
          shipType,
          stage: 'created',
          customerId: customer.id,
          salesmanId: customer.salesmanId,
          shippingMark: shippingMarkOf(order.peer ? salesman.peerLabel : salesman.directLabel, orderNo),
          fromPortal: order.fromPortal ?? false,
          createdBy,
        },
      });
      await tx.customer.update({ where: { id: customer.id }, data: { lastOrderAt: created.createdAt } });
      await this.record(tx, created, { kind: 'created', action: 'create', from: 'created', to: 'created', content: order.track }, { userId: createdBy });
      return created;
    });
  }

  /** Ports of the line, currency and operator: the checks the DTO cannot make. */
  private async fieldProblems(shipType: string, dto: Partial<OrderAddDto>): Promise<Record<string, string[]>> {
    const errors: Record<string, string[]> = {};
    const port = (id: number, kind: 'start' | 'end') => this.prisma.db.port.count({ where: { id, shipType, kind, enabled: true } });
    if (dto.originPortId !== undefined && !(await port(dto.originPortId, 'start'))) errors.originPortId = [t('priceOriginInvalid')];
    if (dto.destinationPortId !== undefined && !(await port(dto.destinationPortId, 'end'))) errors.destinationPortId = [t('priceDestinationInvalid')];
    if (dto.currency) {
      const currencies = await this.dict.currencies();
      if (!currencies.includes(dto.currency)) errors.currency = [t('priceCurrencyInvalid', { list: currencies.join(', ') })];
    }
    if (dto.operatorId && !(await this.prisma.db.user.count({ where: { id: dto.operatorId, enabled: true, deletedAt: null } })))
      errors.operatorId = [t('orderOperatorInvalid')];
    return errors;
  }

  /** Read by key with findUnique, which Prisma plans once and batches (findFirst is planned on every call, ≈ 0.27 ms of CPU). */
  async detail(id: number, user: Principal): Promise<OrderView> {
    const order = await this.prisma.db.order.findUnique({ where: { id, ...orderScope(user) } });
    if (order?.fromPortal && !order.portalCheckedAt && order.salesmanId === user.userId) order.portalCheckedAt = await this.portalChecked(order.id);
    return this.namedOne(order);
  }

  /**
   * A pre-alert from the portal is checked once its salesman opens it (the detail) or changes it: it leaves
   * the workbench's "pre-alerts waiting". The stamp is written once (the first time wins).
   */
  private async portalChecked(id: number): Promise<Date> {
    const now = new Date();
    await this.prisma.db.order.updateMany({ where: { id, fromPortal: true, portalCheckedAt: null }, data: { portalCheckedAt: now } });
    return now;
  }

  /** The top-bar search's lookup, the hottest read of the area: on the direct path (PrismaService.readRows). */
  async detailByNo(orderNo: string, user: Principal): Promise<OrderView> {
    const [order] = await this.prisma.readRows<Order[]>(
      Prisma.sql`select ${ORDER_COLUMNS} from orders where order_no = ${orderNo} and ${orderScopeSql(user, Prisma.sql`salesman_id`)} limit 1`,
    );
    return this.namedOne(order ?? null);
  }

  /** One order with its names; 404 when absent. */
  private async namedOne(order: Order | null): Promise<OrderView> {
    if (!order) throw AppError.notFound();
    return (await this.named([order]))[0];
  }

  /**
   * Adds the customer's, salesman's and ports' names, read in one statement for the whole page (namesOf): they
   * follow every order answer. The rows become their views (view): pass rows just read, and use only the answer.
   */
  async named(orders: Order[]): Promise<OrderView[]> {
    const names = await namesOf(this.prisma, {
      customers: orders.map((o) => o.customerId),
      users: orders.map((o) => o.salesmanId),
      ports: orders.flatMap((o) => [o.originPortId, o.destinationPortId]),
    });
    return orders.map((o) =>
      view(o, {
        customer: names.customers.get(o.customerId),
        salesmanName: names.users.get(o.salesmanId),
        originPort: names.ports.get(o.originPortId),
        destinationPort: names.ports.get(o.destinationPortId),
      }),
    );
  }

  async list(query: OrderListDto, user: Principal): Promise<OrderPage> {
    // A view with no filter but the salesman's is exactly a sum of rows of order_count (kept by triggers in
    // the same transaction as every write): its total is exact and costs no counting, and its page is read
    // on the direct path (viewPage). Any other filter is counted with SQL, up to ORDER_COUNT_CAP.
    const kept = !countedBySql(query);
    const { skip, take } = skipTake(query);
    if (!kept && skip >= ORDER_COUNT_CAP) throw new FieldErrors({ pageIndex: [t('orderPageBeyondCap', { cap: ORDER_COUNT_CAP })] });
    const where = kept ? null : this.listWhere(query, user);
    const [rows, counted] = await Promise.all([
      where ? this.prisma.db.order.findMany({ where, orderBy: orderByOf(query), skip, take }) : this.viewPage(query, user, skip, take),
      where
        ? this.prisma.db.order.findMany({ where, select: { id: true }, take: ORDER_COUNT_CAP + 1 }).then((ids) => ids.length)
        : viewTotal(this.prisma, user, query.shipType, query.view, query.salesmanId),
    ]);
    const totalCapped = !kept && counted > ORDER_COUNT_CAP;
    return { ...toPage(await this.named(rows), totalCapped ? ORDER_COUNT_CAP : counted, query), totalCapped };
  }

  /**
   * The columns 导出当前列表 of an order screen may take (order-list-export.ts whitelists them), the stages in
   * the lines' current words; the rows are the pages `list` answers for the same filters, sort and caller.
   */
  async exportColumns() {
    return orderExportColumns(await StageWording.load(this.dict));
  }

  /**
   * A page of a view with at most the salesman's filter (a stage screen as it opens, the busiest read of the
   * area): the rows findMany would answer for listWhere, in one statement on the direct path
   * (PrismaService.readRows) without Prisma's planning and row mapping per call.
   */
  private viewPage(query: OrderListDto, user: Principal, skip: number, take: number): Promise<Order[]> {
    const salesman = query.salesmanId ? Prisma.sql`salesman_id = ${query.salesmanId}` : Prisma.sql`true`;
    const column = Prisma.raw(columnName(query.sortField));
    const direction = Prisma.raw(query.sortOrder === 'asc' ? 'asc' : 'desc');
    return this.prisma.readRows<Order[]>(
      Prisma.sql`select ${ORDER_COLUMNS} from orders
                  where ship_type = ${query.shipType} and ${viewSql(query.view)} and ${salesman} and ${orderScopeSql(user, Prisma.sql`salesman_id`)}
                  order by ${column} ${direction}, id ${direction} limit ${take} offset ${skip}`,
    );
  }

  /**
   * The caller's scope AND the view AND the list's filters (also what the document exports select): a
   * filter naming another salesman, customer or order can only narrow the scope, never replace it.
   */
  listWhere(query: OrderListFilters, user: Principal): Prisma.OrderWhereInput {
    const where: Prisma.OrderWhereInput = { shipType: query.shipType, ...viewWhere(query.view) };
    if (query.orderNo) where.orderNo = { startsWith: query.orderNo.toUpperCase() };
    if (query.customerId) where.customerId = query.customerId;
    if (query.salesmanId) where.salesmanId = query.salesmanId;
    if (query.originPortId) where.originPortId = query.originPortId;
    if (query.destinationPortId) where.destinationPortId = query.destinationPortId;
    if (query.containerNo) where.containerNo = normaliseContainerNo(query.containerNo);
    if (query.fromPortal !== undefined) where.fromPortal = query.fromPortal;
    if (query.createdFrom || query.createdTo)
      where.createdAt = { gte: dateOrNull(query.createdFrom) ?? undefined, lte: dateOrNull(query.createdTo) ?? undefined };
    if (query.key) {
      const contains = { contains: query.key, mode: 'insensitive' as const };
      where.AND = [
        {
          OR: [
            { orderNo: contains },
            { shippingMark: contains },
            { goodsName: contains },
            { containerNo: contains },
            { waybillNo: contains },
            { billOfLadingNo: contains },
          ],
        },
      ];
    }
    return ordersInScope(user, where);
  }

  /** Edits the order's fields (a voided order cannot change); fields left out keep their value; the moves' stamps are not its to write. */
  async update(dto: OrderUpdateDto, user: Principal): Promise<OrderView> {
    const order = await this.prisma.db.order.findFirst({ where: ordersInScope(user, { id: dto.id }) });
    if (!order) throw AppError.notFound();
    if (order.sideState === 'delete') throw AppError.badRequest('orderVoided');
    if (dto.customerId !== undefined && dto.customerId !== order.customerId) throw new FieldErrors({ customerId: [t('orderCustomerFixed')] });
    const errors = await this.fieldProblems(order.shipType, dto);
    if (Object.keys(errors).length) throw new FieldErrors(errors);
    // the times the moves stamp (arrivedAt, deliveredAt) the DTO refuses: only the moves write them
    const { id, ver, customerId: _customer, etd, eta, arrivedAt: _arrived, deliveredAt: _delivered, ...fields } = dto;
    const data: Prisma.OrderUpdateInput = { ...fields, etd: dateOrNull(etd), eta: dateOrNull(eta) };
    if (dto.chargeableWeight === undefined && (dto.grossWeight !== undefined || dto.volume !== undefined)) {
      const gross = dto.grossWeight !== undefined ? dto.grossWeight : (order.grossWeight?.toNumber() ?? null);
      const volume = dto.volume !== undefined ? dto.volume : (order.volume?.toNumber() ?? null);
      data.chargeableWeight = chargeableWeightOf(order.shipType as ShipType, gross, volume);
    }
    if (order.fromPortal && !order.portalCheckedAt) data.portalCheckedAt = new Date();
    await updateWithVer(this.prisma.db.order, id, ver, data);
    return this.detail(id, user);
  }

  /**
   * Moves every order of `ids` from the previous stage to `stage`, all or none: each must be in scope,
   * at the previous stage, not held or voided, and have the stage's data (the call's own data counts).
   */
  async upgrade(stage: UpgradeStage, dto: OrderUpgradeDto, user: Principal, within?: Tx): Promise<{ count: number; message: string }> {
    const ids = [...new Set(dto.ids)];
    const entered = Object.fromEntries(STAGE_FIELDS.filter((f) => dto[f] !== undefined && dto[f] !== null).map((f) => [f, dto[f]]));
    const stamp = STAMPED_ON_MOVE[stage];
    const now = new Date();
    if (stamp && entered[stamp] === undefined) entered[stamp] = now.toISOString();
    const from = previousStage(stage);
    // `within`: a caller's transaction the move joins (finance pays the commission and moves to brokerage in one).
    const inTransaction = <T>(work: (tx: Tx) => Promise<T>) => (within ? work(within) : this.prisma.db.$transaction(work));
    const words = await StageWording.load(this.dict);
    // the line the batch is on (a list screen moves one line's orders) words the answer
    let line = '';
    await inTransaction(async (tx) => {
      const orders = await this.lockOrders(tx, ids, user);
      line = orders[0]?.shipType ?? '';
      const problems: string[] = [];
      for (const order of orders) {
        if (order.sideState) problems.push(t('orderHeld', { no: order.orderNo, state: sideName(order.sideState) }));
        else if (order.stage !== from)
          problems.push(
            t('orderStageWrong', {
              no: order.orderNo,
              stage: words.stage(order.shipType, order.stage),
              from: words.stage(order.shipType, from),
              to: words.move(order.shipType, stage),
            }),
          );
        else {
          const missing = requiredFor(stage, order.shipType as ShipType).filter(
            (f) => entered[f] === undefined && (order[f] === null || order[f] === undefined),
          );
          if (missing.length)
            problems.push(
              t('orderMissingData', { no: order.orderNo, to: words.move(order.shipType, stage), fields: missing.map((f) => t(FIELD_LABEL[f])).join('、') }),
            );
        }
      }
      if (problems.length) throw new FieldErrors({ ids: problems });
      const data = Object.fromEntries(
        Object.entries(entered).map(([f, v]) => [f, ['etd', 'eta', 'arrivedAt', 'deliveredAt'].includes(f) ? new Date(v as string) : v]),
      );
      const movedOrders: Order[] = [];
      for (const order of orders) {
        const moved = await tx.order.update({ where: { id: order.id }, data: { ...data, stage, ver: { increment: 1 } } });
        movedOrders.push(moved);
        await this.record(
          tx,
          moved,
          {
            kind: 'upgrade',
            action: 'upgrade',
            from,
            to: stage,
            content: t('orderTrackUpgrade', { stage: words.stage(order.shipType, stage, 'zh') }, 'zh'),
            location: dto.location,
            data: entered,
          },
          user,
          now,
        );
        if (stage === 'warehouse') {
          const receiptNo = await this.serials.next(RECEIPT_SERIAL, tx);
          await tx.goodsReceipt.create({
            data: {
              orderId: order.id,
              orderNo: order.orderNo,
              receiptNo,
              packages: moved.packages!,
              grossWeight: moved.grossWeight!,
              volume: moved.volume!,
              operatorId: user.userId,
            },
          });
        }
      }
      // the customers' milestone e-mails (docs/notifications.md), queued with the move
      await queueMilestoneMails(tx, this.settings, this.dict, movedOrders, stage, now);
    });
    // committed (or, within a caller's transaction, finance's brokerage: not a move the customer sees)
    if (!within) this.stageEvents.emitMoved({ orderIds: ids });
    return { count: ids.length, message: t('orderUpgraded', { count: ids.length, to: words.move(line, stage) }) };
  }

  /** Locks the orders (by id, so two batches cannot deadlock) and reads them; any missing or out of scope is a 404 listing them. */
  async lockOrders(tx: Tx, ids: number[], user: Principal): Promise<Order[]> {
    await tx.$queryRaw`select id from orders where id = any(${ids}::int[]) order by id for update`;
    const orders = await tx.order.findMany({ where: ordersInScope(user, { id: { in: ids } }), orderBy: { id: 'asc' } });
    const found = new Set(orders.map((o) => o.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw new AppError(404, 'orderNotFoundIds', { ids: missing.join(', ') });
    return orders;
  }

  /** One step back, with a reason; the stage data stays so the order can move on again. */
  async demote(id: number, dto: OrderDemotionDto, user: Principal): Promise<OrderView> {
    await this.prisma.db.$transaction((tx) => this.stepBack(tx, id, dto, user, false));
    this.stageEvents.emitMoved({ orderIds: [id] });
    return this.detail(id, user);
  }

  /** Finance's brokerage demotion (the settled commission is reversed by the caller, in `tx`): brokerage back to completeDelivery. */
  async demoteBrokerage(tx: Tx, id: number, dto: OrderDemotionDto, user: Principal): Promise<void> {
    await this.stepBack(tx, id, dto, user, true);
  }

  private async stepBack(tx: Tx, id: number, dto: OrderDemotionDto, user: Principal, brokerage: boolean): Promise<void> {
    const [order] = await this.lockOrders(tx, [id], user);
    if (order.sideState) throw AppError.badRequest('orderHeld', { no: order.orderNo, state: sideName(order.sideState) });
    if ((order.stage === 'brokerage') !== brokerage)
      throw AppError.badRequest(brokerage ? 'financeNotBrokerage' : 'orderDemotionBrokerage', { no: order.orderNo });
    const to = stageBefore(order.stage as OrderStage);
    if (!to) throw AppError.badRequest('orderDemotionFirst', { no: order.orderNo });
    const moved = await updateWithVer(tx.order, id, dto.ver, { stage: to });
    const words = await StageWording.load(this.dict);
    await this.record(
      tx,
      moved,
      {
        kind: 'demotion',
        action: 'demotion',
        from: order.stage,
        to,
        reason: dto.reason,
        content: t('orderTrackDemotion', { stage: words.stage(order.shipType, to, 'zh'), reason: dto.reason }, 'zh'),
      },
      user,
    );
  }

  /** Puts an order moving normally on hold (abnormal, detain) or voids it (delete). */
  async hold(state: SideState, id: number, dto: OrderHoldDto | OrderVoidDto, user: Principal): Promise<OrderView> {
    await this.prisma.db.$transaction(async (tx) => {
      const [order] = await this.lockOrders(tx, [id], user);
      if (order.sideState) throw AppError.badRequest('orderHeld', { no: order.orderNo, state: sideName(order.sideState) });
      if (dto.ver !== undefined && dto.ver !== order.ver) throw AppError.staleVersion();
      const reason = dto.reason ?? null;
      const held = await updateWithVer(tx.order, id, order.ver, { sideState: state, sideReason: reason });
      await this.record(
        tx,
        held,
        {
          kind: state,
          action: state,
          from: order.stage,
          to: order.stage,
          reason,
          content: t('orderTrackSide', { state: sideName(state, 'zh'), reason: reason ?? '' }, 'zh'),
        },
        user,
      );
    });
    return this.detail(id, user);
  }

  async revoke(state: SideState, id: number, dto: OrderRevokeDto, user: Principal): Promise<OrderView> {
    await this.prisma.db.$transaction(async (tx) => {
      const [order] = await this.lockOrders(tx, [id], user);
      if (order.sideState !== state) throw AppError.badRequest('orderSideNotIn', { no: order.orderNo, state: sideName(state) });
      if (dto.ver !== undefined && dto.ver !== order.ver) throw AppError.staleVersion();
      const released = await updateWithVer(tx.order, id, order.ver, { sideState: null, sideReason: null });
      await this.record(
        tx,
        released,
        {
          kind: 'revoke',
          action: `${state}Revoke`,
          from: order.stage,
          to: order.stage,
          content: t('orderTrackRevoke', { state: sideName(state, 'zh') }, 'zh'),
        },
        user,
      );
    });
    return this.detail(id, user);
  }

  /** The order's quotation at its date (Shanghai day of creation) for its chargeable weight in kg. */
  async price(id: number, user: Principal) {
    const order = await this.prisma.db.order.findFirst({ where: ordersInScope(user, { id }) });
    if (!order) throw AppError.notFound();
    if (!order.chargeableWeight) return { quote: null, reason: t('orderPriceNoWeight') };
    const day = shanghaiDate(order.createdAt);
    return this.prices.quote({
      shipType: order.shipType,
      originPortId: order.originPortId,
      destinationPortId: order.destinationPortId,
      channel: order.channel,
      date: `${day.yyyy}-${day.MM}-${day.dd}`,
      quantity: order.chargeableWeight.toNumber(),
      unit: 'kg',
    });
  }

  /** The work record and the timeline event of a change, in the change's transaction. */
  async record(
    tx: Tx,
    order: Order,
    event: {
      kind: string;
      action: string;
      from: string;
      to: string;
      content: string;
      reason?: string | null;
      location?: string | null;
      data?: Record<string, unknown>;
    },
    user: Pick<Principal, 'userId'>,
    at = new Date(),
  ) {
    await tx.orderWorkRecord.create({
      data: {
        orderId: order.id,
        action: event.action,
        fromStage: event.from,
        toStage: event.to,
        reason: event.reason ?? null,
        data: (event.data as Prisma.InputJsonValue) ?? Prisma.JsonNull,
        userId: user.userId,
        createdAt: at,
      },
    });
    await tx.orderTrack.create({
      data: {
        orderId: order.id,
        kind: event.kind,
        stage: order.stage,
        content: event.content,
        location: event.location ?? null,
        occurredAt: at,
        createdBy: user.userId,
      },
    });
  }
}
