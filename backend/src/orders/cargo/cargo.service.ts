import {
  CARGO_STAGES,
  chargeableWeightOf,
  type OrderStage,
  packingTotals,
  type PermissionCode,
  SAIL_STAGES,
  SEAL_STAGES,
  type ShipType,
} from '@forwarder/domain';
import { HttpStatus, Injectable } from '@nestjs/common';
import { holdsAny, type Principal } from '../../common/access.decorators.js';
import { AppError, FieldErrors } from '../../common/app-error.js';
import { t, type MessageKey } from '../../common/messages.js';
import { updateWithVer } from '../../common/ver.js';
import { SerialService } from '../../core/serial/serial.service.js';
import { Prisma, type Order, type OrderCargoReceipt, type OrderPackingBox } from '../../generated/prisma/client.js';
import { PrismaService, type Tx } from '../../prisma/prisma.service.js';
import { lineWord } from '../../common/list-export.js';
import { userNames } from '../../prisma/name-lookups.js';
import { OrdersService, sideName, stageName, StageWording, type OrderView } from '../order/orders.service.js';
import { ordersInScope } from '../order/order-scope.js';
import { RECEIPT_SERIAL } from './warehouse-receipts.js';
import type { CargoDeputyDto, CargoPackageDto, CargoRegisterDto, CargoSailUpdateDto, CargoSealDto, CargoWarehouseUpdateDto } from './cargo.dto.js';
import { orNull } from '../../common/form-data.js';
import { DictService } from '../../admin/dict/dict.service.js';

/** The order-related sequences `serial/{x}` hands numbers from, and who may draw them (docs/orders.md). */
export const ORDER_SERIALS: Record<string, { code: string; permission: PermissionCode }> = {
  receipt: { code: RECEIPT_SERIAL, permission: 'order:register' },
};

/** What may change an order: its stage window, and whether holds (abnormal, detain) stop it too. Voided orders never change. */
interface ChangeRule {
  action?: MessageKey;
  stages?: readonly OrderStage[];
  refuseHeld?: boolean;
}
type Problem = { key: MessageKey; params: Record<string, string | number> };

/** One lot received at the warehouse, with who registered it. */
export type CargoReceiptView = ReturnType<CargoService['receiptView']>;
/** A registered lot and the order its figures changed. */
export interface CargoRegistered {
  receipt: CargoReceiptView;
  order: OrderView;
}
/** The order's lots (oldest arrival first), their totals and whether its cargo is complete. */
export interface CargoReceipts {
  items: CargoReceiptView[];
  totals: { packages: number; grossWeight: number; volume: number };
  cargoComplete: boolean;
  cargoCompletedAt: Date | null;
}
export type PackingBoxView = Omit<OrderPackingBox, 'length' | 'width' | 'height' | 'grossWeight'> & {
  length: number;
  width: number;
  height: number;
  grossWeight: number;
};
/** The packing list (rows in order), its totals, and the order's ver and chargeable weight. */
export interface PackingListView {
  orderId: number;
  orderNo: string;
  shipType: ShipType;
  ver: number;
  boxes: PackingBoxView[];
  totals: { packages: number; grossWeight: number; volume: number; chargeableWeight: number | null };
}

const num = (d: Prisma.Decimal | null) => (d === null ? null : d.toNumber());
const dateOrNull = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));

/**
 * The warehouse and loading work on an order: receipts of arriving lots, the packing list, container and
 * seal, the destination agent, corrections of warehouse and sailing data. Each change locks the order,
 * writes a work record (the log of moves) and bumps the order's ver.
 */
@Injectable()
export class CargoService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly dict: DictService,
    private readonly orders: OrdersService,
    private readonly serials: SerialService,
  ) {}

  async register(dto: CargoRegisterDto, user: Principal): Promise<CargoRegistered> {
    if (dto.complete && !holdsAny(user, ['order:cargoComplete'])) throw new AppError(HttpStatus.FORBIDDEN, 'cargoCompleteForbidden');
    const receipt = await this.prisma.db.$transaction(async (tx) => {
      const order = await this.lockForChange(tx, dto.orderId, user, { action: 'cargoActionRegister', stages: CARGO_STAGES });
      const receiptNo = dto.receiptNo?.toUpperCase() ?? (await this.serials.next(ORDER_SERIALS.receipt.code, tx));
      const created = await tx.orderCargoReceipt
        .create({
          data: {
            orderId: order.id,
            receiptNo,
            packages: dto.packages,
            grossWeight: dto.grossWeight,
            volume: dto.volume,
            location: dto.location ?? null,
            receivedAt: dto.receivedAt ? new Date(dto.receivedAt) : new Date(),
            remark: dto.remark ?? null,
            createdBy: user.userId,
          },
        })
        .catch((error: unknown) => {
          // a number already booked (typed twice, or drawn once and used on two lots)
          const taken = error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
          throw taken ? new FieldErrors({ receiptNo: [t('cargoReceiptNoTaken', { no: receiptNo })] }) : error;
        });
      // The order's figures are the sum of its lots; it was received when the first lot came, and its
      // goods are where the latest lot that named a location was put.
      const sum = await tx.orderCargoReceipt.aggregate({
        where: { orderId: order.id },
        _sum: { packages: true, grossWeight: true, volume: true },
        _min: { receivedAt: true },
      });
      const located = await tx.orderCargoReceipt.findFirst({
        where: { orderId: order.id, location: { not: null } },
        orderBy: [{ receivedAt: 'desc' }, { id: 'desc' }],
        select: { location: true },
      });
      const grossWeight = sum._sum.grossWeight!.toNumber();
      const volume = sum._sum.volume!.toNumber();
      const completing = dto.complete === true && !order.cargoComplete;
      const changed = await tx.order.update({
        where: { id: order.id },
        data: {
          packages: sum._sum.packages,
          grossWeight,
          volume,
          chargeableWeight: chargeableWeightOf(order.shipType as ShipType, grossWeight, volume),
          receivedAt: sum._min.receivedAt,
          warehouseLocation: located?.location ?? order.warehouseLocation,
          ...(completing ? { cargoComplete: true, cargoCompletedAt: new Date() } : {}),
          ver: { increment: 1 },
        },
      });
      await this.log(tx, changed, 'register', user, {
        receiptNo,
        packages: dto.packages,
        grossWeight: dto.grossWeight,
        volume: dto.volume,
        location: dto.location ?? null,
      });
      if (completing) await this.log(tx, changed, 'cargoComplete', user);
      return created;
    });
    return { receipt: (await this.receiptViews([receipt]))[0], order: await this.orders.detail(dto.orderId, user) };
  }

  /** The order's receipts (oldest arrival first), their totals and whether the cargo is complete. */
  async receipts(orderId: number, user: Principal): Promise<CargoReceipts> {
    const order = await this.findInScope(orderId, user);
    const rows = await this.prisma.db.orderCargoReceipt.findMany({ where: { orderId }, orderBy: [{ receivedAt: 'asc' }, { id: 'asc' }] });
    const items = await this.receiptViews(rows);
    const totals = {
      packages: rows.reduce((n, r) => n + r.packages, 0),
      grossWeight: rows.reduce((n, r) => n.plus(r.grossWeight), new Prisma.Decimal(0)).toNumber(),
      volume: rows.reduce((n, r) => n.plus(r.volume), new Prisma.Decimal(0)).toNumber(),
    };
    return { items, totals, cargoComplete: order.cargoComplete, cargoCompletedAt: order.cargoCompletedAt };
  }

  private async receiptViews(rows: OrderCargoReceipt[]) {
    const names = await userNames(
      this.prisma,
      rows.map((r) => r.createdBy),
    );
    return rows.map((r) => this.receiptView(r, names.get(r.createdBy)));
  }
  private receiptView(r: OrderCargoReceipt, createdByName?: string) {
    return { ...r, grossWeight: r.grossWeight.toNumber(), volume: r.volume.toNumber(), createdByName: createdByName ?? null };
  }

  /** Replaces the order's packing list and sets its figures from it; the path's line must be the order's. */
  async savePackingList(shipType: ShipType, dto: CargoPackageDto, user: Principal): Promise<PackingListView> {
    await this.prisma.db.$transaction(async (tx) => {
      const order = await this.lockForChange(tx, dto.orderId, user, { action: 'cargoActionPackage', stages: CARGO_STAGES });
      if (order.shipType !== shipType) throw AppError.badRequest('cargoLineMismatch', { no: order.orderNo, line: lineWord(order.shipType) });
      this.checkTrackingNumbers(shipType, dto);
      const totals = packingTotals(dto.boxes);
      await tx.orderPackingBox.deleteMany({ where: { orderId: order.id } });
      await tx.orderPackingBox.createMany({
        data: dto.boxes.map((box, i) => ({
          orderId: order.id,
          lineNo: i + 1,
          boxNo: box.boxNo ?? null,
          length: box.length,
          width: box.width,
          height: box.height,
          grossWeight: box.grossWeight,
          quantity: box.quantity,
          goodsName: box.goodsName ?? null,
          trackingNo: box.trackingNo?.toUpperCase() ?? null,
          createdBy: user.userId,
        })),
      });
      const changed = await updateWithVer(tx.order, order.id, dto.ver, {
        ...totals,
        chargeableWeight: chargeableWeightOf(shipType, totals.grossWeight, totals.volume),
      });
      await this.log(tx, changed, 'package', user, { rows: dto.boxes.length, ...totals });
    });
    return this.packingList(dto.orderId, user);
  }

  /** A tracking number names one small parcel: smallbag rows only, quantity 1, once in the list. */
  private checkTrackingNumbers(shipType: ShipType, dto: CargoPackageDto) {
    const errors: Record<string, string[]> = {};
    const seen = new Set<string>();
    dto.boxes.forEach((box, i) => {
      if (!box.trackingNo) return;
      const no = box.trackingNo.toUpperCase();
      const field = `boxes.${i}.trackingNo`;
      if (shipType !== 'smallbag') errors[field] = [t('cargoTrackingNotSmallbag')];
      else if (box.quantity !== 1) errors[field] = [t('cargoTrackingQuantity')];
      else if (seen.has(no)) errors[field] = [t('cargoTrackingDuplicate', { no })];
      seen.add(no);
    });
    if (Object.keys(errors).length) throw new FieldErrors(errors);
  }

  /** The packing list (rows in order), its totals, and the order's ver and chargeable weight. */
  async packingList(orderId: number, user: Principal): Promise<PackingListView> {
    const order = await this.findInScope(orderId, user);
    const rows = await this.prisma.db.orderPackingBox.findMany({ where: { orderId }, orderBy: { lineNo: 'asc' } });
    const boxes = rows.map((b: OrderPackingBox) => ({
      ...b,
      length: b.length.toNumber(),
      width: b.width.toNumber(),
      height: b.height.toNumber(),
      grossWeight: b.grossWeight.toNumber(),
    }));
    const totals = packingTotals(boxes);
    return {
      orderId,
      orderNo: order.orderNo,
      shipType: order.shipType as ShipType,
      ver: order.ver,
      boxes,
      totals: { ...totals, chargeableWeight: rows.length ? chargeableWeightOf(order.shipType as ShipType, totals.grossWeight, totals.volume) : null },
    };
  }

  /** One container and seal for several sea orders, all or none. */
  async seal(dto: CargoSealDto, user: Principal): Promise<{ count: number; message: string }> {
    const { containerNo } = dto;
    const ids = [...new Set(dto.ids)];
    await this.prisma.db.$transaction(async (tx) => {
      const orders = await this.orders.lockOrders(tx, ids, user);
      const problems = orders.map((order) =>
        order.shipType === 'airtransport'
          ? t('cargoSealAir', { no: order.orderNo })
          : this.problemText(order, { action: 'cargoActionSeal', stages: SEAL_STAGES, refuseHeld: true }),
      );
      if (problems.some(Boolean)) throw new FieldErrors({ ids: problems.filter((p): p is string => !!p) });
      for (const order of orders) {
        const changed = await tx.order.update({ where: { id: order.id }, data: { containerNo, sealNo: dto.sealNo, ver: { increment: 1 } } });
        await this.log(tx, changed, 'seal', user, { containerNo, sealNo: dto.sealNo });
      }
    });
    return { count: ids.length, message: t('cargoSealed', { count: ids.length, containerNo }) };
  }

  /** Sets the destination agent (the fields replace the saved ones). */
  async deputy(dto: CargoDeputyDto, user: Principal): Promise<OrderView> {
    await this.prisma.db.$transaction(async (tx) => {
      const order = await this.lockForChange(tx, dto.orderId, user, {});
      const agent = {
        agentName: dto.agentName,
        ...orNull(dto, 'agentContact', 'agentPhone', 'agentEmail', 'agentAddress'),
        agentRemark: dto.remark ?? null,
      };
      const changed = await updateWithVer(tx.order, order.id, dto.ver, agent);
      await this.log(tx, changed, 'deputy', user, agent);
    });
    return this.orders.detail(dto.orderId, user);
  }

  /** Corrects the warehouse figures, location and time of receipt; the work record keeps before and after. */
  async updateWarehouse(dto: CargoWarehouseUpdateDto, user: Principal): Promise<OrderView> {
    await this.prisma.db.$transaction(async (tx) => {
      const order = await this.lockForChange(tx, dto.orderId, user, { action: 'cargoActionWarehouse', stages: CARGO_STAGES });
      const after: Record<string, unknown> = {};
      if (dto.packages !== undefined) after.packages = dto.packages;
      if (dto.grossWeight !== undefined) after.grossWeight = dto.grossWeight;
      if (dto.volume !== undefined) after.volume = dto.volume;
      if (dto.warehouseLocation !== undefined) after.warehouseLocation = dto.warehouseLocation;
      if (dto.receivedAt !== undefined) after.receivedAt = dateOrNull(dto.receivedAt);
      const data: Prisma.OrderUpdateInput = { ...after };
      if (dto.grossWeight !== undefined || dto.volume !== undefined) {
        data.chargeableWeight = chargeableWeightOf(order.shipType as ShipType, dto.grossWeight ?? num(order.grossWeight), dto.volume ?? num(order.volume));
      }
      const before = Object.fromEntries(Object.keys(after).map((f) => [f, plain(order[f as keyof Order])]));
      const changed = await updateWithVer(tx.order, order.id, dto.ver, data);
      await this.log(tx, changed, 'warehouseUpdate', user, { before, after });
    });
    return this.orders.detail(dto.orderId, user);
  }

  /** Vessel and voyage (sea) or flight (air), ETD, ETA (not before the ETD) and the bill of lading number. */
  async updateSail(dto: CargoSailUpdateDto, user: Principal): Promise<OrderView> {
    await this.prisma.db.$transaction(async (tx) => {
      const order = await this.lockForChange(tx, dto.orderId, user, { action: 'cargoActionSail', stages: SAIL_STAGES });
      const air = order.shipType === 'airtransport';
      const errors: Record<string, string[]> = {};
      if (air && dto.vesselVoyage) errors.vesselVoyage = [t('cargoVesselOnlySea')];
      if (!air && dto.flightNo) errors.flightNo = [t('cargoFlightOnlyAir')];
      const etd = dto.etd === undefined ? order.etd : dateOrNull(dto.etd);
      const eta = dto.eta === undefined ? order.eta : dateOrNull(dto.eta);
      if (etd && eta && etd > eta) errors.eta = [t('cargoEtdAfterEta')];
      if (Object.keys(errors).length) throw new FieldErrors(errors);
      const after = Object.fromEntries(
        (['vesselVoyage', 'flightNo', 'billOfLadingNo'] as const).filter((f) => dto[f] !== undefined).map((f) => [f, dto[f]] as [string, unknown]),
      );
      if (dto.etd !== undefined) after.etd = etd;
      if (dto.eta !== undefined) after.eta = eta;
      const changed = await updateWithVer(tx.order, order.id, dto.ver, after);
      await this.log(tx, changed, 'sailUpdate', user, after);
    });
    return this.orders.detail(dto.orderId, user);
  }

  /** The next number of an allowed order sequence (the number is used up even if nothing is saved with it). */
  async nextSerial(x: string, user: Principal): Promise<string> {
    const serial = Object.hasOwn(ORDER_SERIALS, x) ? ORDER_SERIALS[x] : undefined;
    if (!serial) throw new AppError(HttpStatus.NOT_FOUND, 'cargoSerialUnknown', { x });
    if (!holdsAny(user, [serial.permission])) throw AppError.forbidden();
    return this.serials.next(serial.code);
  }

  private async findInScope(id: number, user: Principal): Promise<Order> {
    const order = await this.prisma.db.order.findFirst({ where: ordersInScope(user, { id }) });
    if (!order) throw AppError.notFound();
    return order;
  }

  /** Locks one order in the caller's scope (404 otherwise) and refuses it when the rule does. */
  private async lockForChange(tx: Tx, id: number, user: Principal, rule: ChangeRule): Promise<Order> {
    const [order] = await this.orders.lockOrders(tx, [id], user);
    const problem = this.problem(order, rule, rule.stages ? await StageWording.load(this.dict) : null);
    if (problem) throw AppError.badRequest(problem.key, problem.params);
    return order;
  }

  /** What stops the change, if anything; stages named as the order's line words them when `words` is given. */
  private problem(order: Order, rule: ChangeRule, words: StageWording | null = null): Problem | null {
    const no = order.orderNo;
    const name = (stage: string) => (words ? words.stage(order.shipType, stage) : stageName(stage));
    if (order.sideState === 'delete') return { key: 'cargoOrderVoided', params: { no } };
    if (rule.refuseHeld && order.sideState) return { key: 'orderHeld', params: { no, state: sideName(order.sideState) } };
    if (rule.stages && rule.action && !rule.stages.includes(order.stage as OrderStage)) {
      return { key: 'cargoStageWrong', params: { no, stage: name(order.stage), action: t(rule.action), stages: rule.stages.map(name).join('、') } };
    }
    return null;
  }
  private problemText(order: Order, rule: ChangeRule): string | null {
    const problem = this.problem(order, rule);
    return problem && t(problem.key, problem.params);
  }

  /** A work record of a cargo operation: the order stays at its stage. */
  private log(tx: Tx, order: Order, action: string, user: Principal, data?: Record<string, unknown>) {
    return tx.orderWorkRecord.create({
      data: {
        orderId: order.id,
        action,
        fromStage: order.stage,
        toStage: order.stage,
        data: (data as Prisma.InputJsonValue) ?? Prisma.JsonNull,
        userId: user.userId,
      },
    });
  }
}

/** A value as the work record's JSON keeps it: decimals as numbers. */
const plain = (value: unknown) => (value instanceof Prisma.Decimal ? value.toNumber() : value);
