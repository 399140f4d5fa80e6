import { SHIP_TYPES, type ShipType, type SideState, type UpgradeStage } from '@forwarder/domain';
import type { Principal } from '../../common/access.decorators.js';
import { CargoService } from '../../orders/cargo/cargo.service.js';
import { OrderDocumentsService } from '../../orders/documents/order-documents.service.js';
import type { OrderUpgradeDto } from '../../orders/order/orders.dto.js';
import { OrdersService } from '../../orders/order/orders.service.js';
import { OrderTimelineService } from '../../orders/timeline/order-timeline.service.js';
import { WorkService } from '../../orders/work/work.service.js';
import { DAY, HOUR, type Actor, type DemoContext } from './context.js';
import { CUSTOMERS, idle, ordering, type DemoCustomer } from './customers.js';
import { airWaybillNo, CARRIERS, cargoFor, CONSIGNEES, containerNo, type Cargo } from './goods.js';
import type { Network, Route } from './reference.js';

/** Days between two consolidations of a line, and so how long a consolidation stays in each stage. */
const STEP = 3;
/** The hour the consolidations move at (orders come into the warehouse an hour before). */
const MOVE_HOUR = 11;
/** Days at sea or in the air, by line. */
const TRANSIT: Record<ShipType, number> = { smallbag: 15, dedicatedline: 21, airtransport: 3 };
/** The consolidations of each line close (sail) from this many days ago up to this many days ahead. */
const OLDEST_CLOSE = 82;
const NEWEST_CLOSE = -27;
/** Orders voided soon after they were placed, per line. */
const VOIDED_PER_LINE = 4;

export interface DemoOrder {
  serial: number;
  line: ShipType;
  customer: DemoCustomer;
  /** the customer's salesman when the order is placed */
  salesman: 'sales01' | 'sales02';
  /** who types the order in: its salesman, or an operator for them */
  creator: Actor;
  route: Route;
  cargo: Cargo;
  createdAt: number;
  /** arrivals of the goods at the warehouse (the last one completes the cargo) */
  lots: number[];
  /** whether the customer sent a packing list */
  packingList: boolean;
  warehouseAt: number;
  shipment: Shipment | null;
  hold?: { state: SideState; at: number; reason: string; revokeAt?: number };
  voidAt?: number;
  deliveredAt?: number;
  /** placed to show a stage today: never held */
  shown?: boolean;
  id?: number;
}

/** A consolidation: the orders of one line that leave together (one container, or one air waybill). */
export interface Shipment {
  line: ShipType;
  serial: number;
  /** one origin and one destination: the container or the air waybill goes from one to the other */
  route: Route;
  orders: DemoOrder[];
  /** when the consolidation moves into each stage (startDelivery and completeDelivery: per order) */
  moves: Partial<Record<UpgradeStage, number>>;
  carrier: (typeof CARRIERS)[ShipType][number];
  containerNo?: string;
  sealNo?: string;
  waybillNo?: string;
  vesselVoyage?: string;
  flightNo?: string;
  customsDeclarationNo: string;
}

export interface Business {
  orders: DemoOrder[];
  shipments: Shipment[];
}

/** Whether the order moves normally at `at`: placed, not voided, not on hold. */
export function moving(order: DemoOrder, at: number): boolean {
  if (order.id === undefined || (order.voidAt !== undefined && order.voidAt <= at)) return false;
  const hold = order.hold;
  return !hold || hold.at > at || (hold.revokeAt !== undefined && hold.revokeAt <= at);
}

/**
 * Plans the orders of the story: each line's consolidations every three days over the last ~100 days
 * (the newest not closed yet), two to five orders each, whose moments follow from when the consolidation
 * sails, so that today every stage of every line holds orders; a few orders held (abnormal, detain) or
 * voided; and the one old order of each idle customer, eight months ago.
 */
export function planOrders(ctx: DemoContext, network: Network): Business {
  const { random } = ctx;
  const orders: DemoOrder[] = [];
  const shipments: Shipment[] = [];
  const customerFor = (createdDaysAgo: number, oldest: boolean): DemoCustomer => {
    const pool = ordering().map((customer) => [customer, customer.weight] as const);
    const claimed = CUSTOMERS.find((customer) => customer.story === 'claimed')!;
    if (createdDaysAgo < 28) pool.push([claimed, 2]);
    // the customers who never pay have orders from the very start: arrears of every age
    if (oldest) return random.pick(ordering().filter((customer) => customer.payer === 'never'));
    return random.weighted(pool);
  };
  const newOrder = (line: ShipType, customer: DemoCustomer, createdAt: number, warehouseAt: number, shipment: Shipment | null): DemoOrder => {
    const salesman = customer.story === 'claimed' ? 'sales02' : customer.owner;
    const order: DemoOrder = {
      serial: orders.length + 1,
      line,
      customer,
      salesman,
      creator: random.chance(0.2) ? 'op01' : salesman,
      route: shipment?.route ?? random.pick(network[line]),
      cargo: cargoFor(line, random, orders.length + 1),
      createdAt,
      lots: [],
      packingList: random.chance(0.6),
      warehouseAt,
      shipment,
    };
    const days = Math.floor((warehouseAt - createdAt) / DAY);
    order.lots = days >= 2 && random.chance(0.25) ? [warehouseAt - DAY + 4 * HOUR, warehouseAt - HOUR] : [warehouseAt - HOUR];
    orders.push(order);
    shipment?.orders.push(order);
    return order;
  };
  const newShipment = (line: ShipType, closeDaysAgo: number): Shipment => {
    const serial = shipments.length + 1;
    const route = random.pick(network[line]);
    const carrier = random.pick(CARRIERS[line]);
    const air = line === 'airtransport';
    const transit = TRANSIT[line];
    // one hour of the day for every move: then a consolidation stays exactly STEP days in each stage, and
    // as one closes every STEP days, each stage holds one of them at any time of any day
    const moves: Shipment['moves'] = {
      prepareCabinet: ctx.moment(closeDaysAgo + 3 * STEP, MOVE_HOUR),
      completeCabinet: ctx.moment(closeDaysAgo + 2 * STEP, MOVE_HOUR),
      customs: ctx.moment(closeDaysAgo + STEP, MOVE_HOUR),
      sail: ctx.moment(closeDaysAgo, MOVE_HOUR),
      arriveCabinet: ctx.moment(closeDaysAgo - transit, MOVE_HOUR),
      dismantleCabinet: ctx.moment(closeDaysAgo - transit - STEP, MOVE_HOUR),
      startDelivery: ctx.moment(closeDaysAgo - transit - 2 * STEP, MOVE_HOUR),
    };
    const vessel = random.pick(carrier.vessels);
    const shipment: Shipment = {
      line,
      serial,
      route,
      orders: [],
      moves,
      carrier,
      customsDeclarationNo: `5316${ctx.dayOf(moves.customs!).slice(0, 4)}1${String(100_000 + serial * 7919).padStart(9, '0')}`,
      ...(air
        ? { waybillNo: airWaybillNo(carrier.owner, 1_234_500 + serial * 37), flightNo: vessel }
        : {
            containerNo: containerNo(carrier.owner, 210_000 + serial * 131),
            sealNo: `${carrier.owner.slice(0, 2)}${String(2_600_000 + serial * 17)}`,
            vesselVoyage: `${vessel} ${String(600 + serial).slice(-3)}${route.destination.country === 'DE' ? 'W' : 'E'}`,
          }),
    };
    shipments.push(shipment);
    return shipment;
  };

  for (const [lineIndex, line] of SHIP_TYPES.entries()) {
    for (let close = OLDEST_CLOSE - lineIndex; close >= NEWEST_CLOSE; close -= STEP) {
      const shipment = newShipment(line, close);
      const prepareDaysAgo = close + 3 * STEP;
      for (let n = random.int(2, 4) + (random.chance(0.15) ? 1 : 0), i = 0; i < n; i++) {
        const lead = random.int(2, 9);
        let createdDaysAgo = prepareDaysAgo + lead;
        let warehouseDaysAgo = createdDaysAgo - random.int(1, lead - 1);
        // the next two consolidations' first orders show the first stages whatever the hour: one in the
        // warehouse (the next to close), one just placed (the one after)
        const shown = i === 0 && prepareDaysAgo < 0 && prepareDaysAgo >= -2 * STEP;
        if (shown && prepareDaysAgo >= -STEP) [createdDaysAgo, warehouseDaysAgo] = [prepareDaysAgo + 7, prepareDaysAgo + 4];
        else if (shown) [createdDaysAgo, warehouseDaysAgo] = [1, prepareDaysAgo + 1];
        const createdAt = ctx.moment(createdDaysAgo, random.amount(9, 17.5));
        const warehouseAt = ctx.moment(warehouseDaysAgo, 10);
        const order = newOrder(line, customerFor(createdDaysAgo, i === 0 && close > OLDEST_CLOSE - 2 * STEP), createdAt, warehouseAt, shipment);
        order.shown = shown;
        order.deliveredAt = ctx.moment(close - TRANSIT[line] - 3 * STEP - random.int(0, 2), random.amount(11, 17));
      }
    }
    for (let i = 0; i < VOIDED_PER_LINE; i++) {
      const createdDaysAgo = random.int(5, 90);
      const order = newOrder(line, customerFor(createdDaysAgo, false), ctx.moment(createdDaysAgo, 11), ctx.moment(createdDaysAgo - 30, 10), null);
      order.voidAt = ctx.moment(createdDaysAgo - random.int(0, 2), 16.5);
    }
  }
  // the idle customers' last orders, on one consolidation eight months ago
  const old = newShipment('dedicatedline', 232);
  for (const customer of idle()) {
    const order = newOrder('dedicatedline', customer, ctx.moment(250, 10), ctx.moment(246, 10), old);
    order.creator = customer.owner;
    order.deliveredAt = ctx.moment(232 - TRANSIT.dedicatedline - 3 * STEP, 15);
  }
  planHolds(ctx, orders);
  for (const order of orders) scheduleOrder(ctx, order);
  scheduleWarehouseRuns(ctx, orders);
  for (const shipment of shipments) scheduleShipment(ctx, shipment);
  return { orders, shipments };
}

/**
 * Some orders put on hold where such things happen: goods damaged on arrival at the warehouse (abnormal,
 * some released the same day), held by customs (detain), damage found at destination (abnormal).
 */
function planHolds(ctx: DemoContext, orders: DemoOrder[]) {
  const { random } = ctx;
  const past = (at: number) => at < ctx.end - 2 * HOUR;
  const candidates = (line: ShipType, when: (order: DemoOrder) => number | undefined) =>
    orders.filter((order) => {
      const at = when(order);
      return (
        order.line === line &&
        order.shipment &&
        !order.hold &&
        !order.shown &&
        order.voidAt === undefined &&
        at !== undefined &&
        past(at) &&
        at > ctx.end - 40 * DAY
      );
    });
  const hold = (line: ShipType, count: number, state: SideState, reasons: string[], when: (order: DemoOrder) => number | undefined, revokeAfter?: number) => {
    const list = candidates(line, when);
    for (let i = 0; i < count && list.length; i++) {
      const order = list.splice(random.int(0, list.length - 1), 1)[0];
      const at = when(order)!;
      order.hold = { state, at, reason: random.pick(reasons), ...(revokeAfter ? { revokeAt: at + revokeAfter } : {}) };
    }
  };
  for (const line of SHIP_TYPES) {
    const atWarehouse = (order: DemoOrder) => order.warehouseAt + 3 * HOUR;
    hold(line, 2, 'abnormal', ['外箱破损，待客户确认', '实到件数与预报不符', '货物受潮，需客户确认处理方式'], atWarehouse);
    hold(line, 2, 'abnormal', ['唛头不清，已重新贴标', '缺少装箱单，已补齐'], atWarehouse, 3 * HOUR);
    hold(line, 2, 'detain', ['海关查验', '品名申报不符，海关要求补充资料'], (order) => (order.shipment?.moves.customs ?? 0) + 4 * HOUR);
    hold(line, 1, 'abnormal', ['目的港拆柜发现货物破损', '收货人拒收，待客户处理'], (order) => (order.shipment?.moves.arriveCabinet ?? 0) + 20 * HOUR);
  }
}

/** The steps of one order's own: placed, packing list, lots received, into the warehouse, hold or void, delivery. */
function scheduleOrder(ctx: DemoContext, order: DemoOrder) {
  const orders = ctx.get(OrdersService);
  const cargo = ctx.get(CargoService);
  const label = (what: string) => `order ${order.serial} (${order.line}): ${what}`;
  const consignee = CONSIGNEES[order.route.destination.code];
  const ver = async () => (await ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id }, select: { ver: true } })).ver;

  ctx.schedule(order.createdAt, label('add'), () =>
    ctx.as(order.creator, async (user) => {
      const added = await orders.add(
        order.line,
        {
          customerId: order.customer.id!,
          originPortId: order.route.originPortId,
          destinationPortId: order.route.destinationPortId,
          goodsName: order.cargo.goodsName,
          packages: order.cargo.packages,
          grossWeight: order.cargo.grossWeight,
          volume: order.cargo.volume,
          declaredValue: Math.round(order.cargo.grossWeight * 35),
          currency: 'USD',
          consignee: consignee.name,
          consigneePhone: consignee.phone,
          deliveryAddress: consignee.address,
          peer: order.customer.level === 'C',
        },
        user,
      );
      order.id = added.id;
    }),
  );
  if (order.voidAt !== undefined) {
    ctx.schedule(order.voidAt, label('void'), () =>
      ctx.as('admin', (admin) => orders.hold('delete', order.id!, { reason: '客户取消订单', ver: undefined }, admin)),
    );
    return;
  }
  // most customers send a packing list (the others' figures come from the receipts alone)
  if (order.packingList)
    ctx.schedule(order.createdAt + 3 * HOUR, label('packing list'), () =>
      ctx.as('op01', async (op) => cargo.savePackingList(order.line, { orderId: order.id!, ver: await ver(), boxes: order.cargo.boxes }, op)),
    );
  const location = `${order.route.origin.city}仓 ${String.fromCharCode(65 + (order.serial % 6))}-${String(order.serial % 40).padStart(2, '0')}`;
  const lots = splitLots(order.cargo, order.lots.length);
  for (const [i, at] of order.lots.entries()) {
    const last = i === order.lots.length - 1;
    ctx.schedule(at, label(`lot ${i + 1}`), () =>
      ctx.as('op01', (op) => cargo.register({ orderId: order.id!, ...lots[i], location, complete: last, remark: last && i > 0 ? '尾货到齐' : null }, op)),
    );
  }
  const hold = order.hold;
  if (hold) {
    ctx.schedule(hold.at, label(hold.state), () =>
      ctx.as('op01', async (op) => orders.hold(hold.state, order.id!, { id: order.id!, reason: hold.reason, ver: await ver() }, op)),
    );
    if (hold.revokeAt) ctx.schedule(hold.revokeAt, label('revoke'), () => ctx.as('op01', (op) => orders.revoke(hold.state, order.id!, {}, op)));
  }
  scheduleDelivery(ctx, order);
}

/** Each morning the operator moves the orders whose goods came in, one call per warehouse. */
function scheduleWarehouseRuns(ctx: DemoContext, all: DemoOrder[]) {
  const runs = new Map<string, DemoOrder[]>();
  for (const order of all) {
    if (order.voidAt !== undefined) continue;
    const key = `${order.warehouseAt}:${order.route.originPortId}`;
    runs.set(key, [...(runs.get(key) ?? []), order]);
  }
  for (const [key, orders] of runs) {
    const at = orders[0].warehouseAt;
    ctx.schedule(at, `warehouse run ${key}`, () =>
      ctx.as('op01', async (op) => {
        const ids = orders.filter((order) => moving(order, at)).map((order) => order.id!);
        if (ids.length) await ctx.get(OrdersService).upgrade('warehouse', { ids, location: `${orders[0].route.origin.city}仓` }, op);
      }),
    );
  }
}

/** The goods in `count` lots that add up exactly to the packing list (the first lot half of it). */
function splitLots(cargo: Cargo, count: number): { packages: number; grossWeight: number; volume: number }[] {
  if (count === 1) return [{ packages: cargo.packages, grossWeight: cargo.grossWeight, volume: cargo.volume }];
  const half = (total: number, decimals: number) => Math.round((total / 2) * 10 ** decimals) / 10 ** decimals;
  const first = { packages: Math.floor(cargo.packages / 2), grossWeight: half(cargo.grossWeight, 3), volume: half(cargo.volume, 4) };
  const rest = {
    packages: cargo.packages - first.packages,
    grossWeight: Math.round((cargo.grossWeight - first.grossWeight) * 1000) / 1000,
    volume: Math.round((cargo.volume - first.volume) * 10_000) / 10_000,
  };
  return [first, rest];
}

/** The last mile: for half the orders a task for customer service to book the delivery; then the delivery itself. */
function scheduleDelivery(ctx: DemoContext, order: DemoOrder) {
  const start = order.shipment?.moves.startDelivery;
  if (!start || !order.deliveredAt) return;
  const work = ctx.get(WorkService);
  const consignee = CONSIGNEES[order.route.destination.code];
  const task: { id?: number } = {};
  const booked = ctx.random.chance(0.5);
  ctx.schedule(start + HOUR, `order ${order.serial}: delivery task`, () =>
    ctx.as('op01', async (op) => {
      if (!booked || !moving(order, start + HOUR)) return;
      const added = await work.addTask(
        order.id!,
        {
          assigneeId: ctx.staff.cs01.userId,
          content: `联系收货人 ${consignee.name}（${consignee.phone}）预约派送时间`,
          dueAt: new Date(start + 2 * DAY).toISOString(),
        },
        op,
      );
      task.id = added.id;
    }),
  );
  ctx.schedule(order.deliveredAt - 2 * HOUR, `order ${order.serial}: delivery task done`, () =>
    ctx.as('cs01', async (cs) => (task.id && moving(order, order.deliveredAt!) ? work.finishTask(task.id, {}, cs) : null)),
  );
  ctx.schedule(order.deliveredAt, `order ${order.serial}: delivered`, () =>
    ctx.as('op01', async (op) =>
      moving(order, order.deliveredAt!) ? ctx.get(OrdersService).upgrade('completeDelivery', { ids: [order.id!], location: consignee.address }, op) : null,
    ),
  );
}

/** The moves a consolidation makes together, with what each needs entered, its documents and a scan at sea. */
function scheduleShipment(ctx: DemoContext, shipment: Shipment) {
  const orders = ctx.get(OrdersService);
  const air = shipment.line === 'airtransport';
  const { moves } = shipment;
  const ids = (at: number) => shipment.orders.filter((order) => moving(order, at)).map((order) => order.id!);
  const document = (order: DemoOrder, op: Principal) => issueDocument(ctx, shipment, order, op);
  const label = (what: string) => `shipment ${shipment.serial} (${shipment.line}): ${what}`;
  /** The move of the consolidation's orders moving normally, then `after` for each of them. */
  const move = (stage: UpgradeStage, data: Partial<OrderUpgradeDto> = {}, location?: string, after?: (order: DemoOrder, op: Principal) => Promise<unknown>) => {
    const at = moves[stage]!;
    ctx.schedule(at, label(stage), () =>
      ctx.as('op01', async (op) => {
        const moved = shipment.orders.filter((order) => moving(order, at));
        if (!moved.length) return;
        await orders.upgrade(stage, { ids: moved.map((order) => order.id!), location, ...data }, op);
        for (const order of moved) await after?.(order, op);
      }),
    );
  };
  const { origin, destination } = shipment.route;
  move('prepareCabinet', {}, origin.name);
  if (!air) {
    const at = moves.completeCabinet! - 20 * HOUR;
    ctx.schedule(at, label('seal'), () =>
      ctx.as('op01', async (op) => {
        const sealed = ids(at);
        if (sealed.length) await ctx.get(CargoService).seal({ ids: sealed, containerNo: shipment.containerNo!, sealNo: shipment.sealNo! }, op);
      }),
    );
  }
  // the transport document of each order: the air waybill once the goods are loaded, the bill of lading once sailed
  move('completeCabinet', air ? { waybillNo: shipment.waybillNo } : {}, origin.name, air ? document : undefined);
  move('customs', { customsDeclarationNo: shipment.customsDeclarationNo }, origin.name);
  const transit = moves.arriveCabinet! - moves.sail!;
  move(
    'sail',
    {
      ...(air ? { flightNo: shipment.flightNo } : { vesselVoyage: shipment.vesselVoyage }),
      etd: new Date(moves.sail!).toISOString(),
      eta: new Date(moves.sail! + transit).toISOString(),
    },
    origin.name,
    air ? undefined : document,
  );
  move('arriveCabinet', {}, destination.name);
  move('dismantleCabinet', {}, destination.name);
  move('startDelivery');
  for (const order of shipment.orders) {
    if (!air && ctx.random.chance(0.5)) {
      // a position report halfway across
      const scan = moves.sail! + Math.round(transit / 2 / DAY) * DAY - 12 * HOUR;
      ctx.schedule(scan, `order ${order.serial}: position report`, () =>
        ctx.as('op01', async (op) => {
          if (!moving(order, scan)) return;
          const sea = destination.country === 'DE' ? '印度洋' : '太平洋';
          await ctx
            .get(OrderTimelineService)
            .insert({ orderId: order.id!, content: `船舶 ${shipment.vesselVoyage} 航行正常，预计按期抵港`, location: sea }, op);
        }),
      );
    }
  }
}

/** The order's transport document as the operator fills it in: the air waybill, or the bill of lading. */
async function issueDocument(ctx: DemoContext, shipment: Shipment, order: DemoOrder, op: Principal) {
  const documents = ctx.get(OrderDocumentsService);
  const consignee = CONSIGNEES[order.route.destination.code];
  const common = {
    orderId: order.id!,
    shipper: order.customer.companyName,
    consignee: `${consignee.name}\n${consignee.address}`,
    marks: (await ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id }, select: { shippingMark: true } })).shippingMark,
    freightTerm: 'prepaid' as const,
    issuedAt: new Date().toISOString(),
  };
  const from = `${order.route.origin.name} (${order.route.origin.code})`;
  const to = `${order.route.destination.name} (${order.route.destination.code})`;
  if (shipment.line === 'airtransport') {
    await documents.update(
      'waybill',
      { ...common, waybillNo: shipment.waybillNo!, from, to, goodsDescription: `${order.cargo.goodsName} ${order.cargo.packages} CTNS` },
      op,
    );
    return;
  }
  const blNo = `${shipment.carrier.owner}${String(8_800_000 + order.serial * 11)}`;
  await documents.update(
    'bill',
    {
      ...common,
      blNo,
      portOfLoading: from,
      portOfDischarge: to,
      vesselVoyage: shipment.vesselVoyage,
      description: `${order.cargo.goodsName} ${order.cargo.packages} PKGS`,
      numberOfOriginals: 3,
    },
    op,
  );
}
