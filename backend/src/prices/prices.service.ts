import type { PriceKind } from '@forwarder/domain';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../common/access.decorators.js';
import { AppError, FieldErrors } from '../common/app-error.js';
import { t } from '../common/messages.js';
import { containing, readPage, type Page } from '../common/pagination.js';
import { updateWithVer } from '../common/ver.js';
import { Prisma } from '../generated/prisma/client.js';
import { portNames } from '../prisma/name-lookups.js';
import { PrismaService, type Tx } from '../prisma/prisma.service.js';
import { formatDay, kindsVisibleTo, parseDay } from './price-rules.js';
import type { AddPriceDto, ListPricesDto, PortRef, PriceView, UpdatePriceDto } from './prices.dto.js';
import { DictService } from '../admin/dict/dict.service.js';

export const WITH_BREAKS = { breaks: { orderBy: { minQuantity: 'asc' } } } as const satisfies Prisma.PriceInclude;
export type PriceRow = Prisma.PriceGetPayload<{ include: typeof WITH_BREAKS }>;

/** What the overlap rule compares: one route, channel and unit of one kind on one line. */
export interface PriceRoute {
  shipType: string;
  kind: string;
  originPortId: number;
  destinationPortId: number;
  channel: string;
  unit: string;
}

/** Cost and quotation tables of each line: a price per route, channel and unit for a validity period, priced by breaks. */
@Injectable()
export class PricesService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly dict: DictService,
  ) {}

  /** The filter of the list and the export; asking for a kind the caller may not see is refused. */
  where(query: ListPricesDto, user: Principal): Prisma.PriceWhereInput {
    const visible = kindsVisibleTo(user);
    if (query.kind) this.assertKind(user, query.kind);
    const day = query.validOn ? parseDay(query.validOn)! : undefined;
    return {
      shipType: query.shipType,
      kind: query.kind ?? { in: visible },
      originPortId: query.originPortId,
      destinationPortId: query.destinationPortId,
      channel: containing(query.channel),
      validFrom: day ? { lte: day } : undefined,
      validTo: day ? { gte: day } : undefined,
    };
  }

  async list(query: ListPricesDto, user: Principal): Promise<Page<PriceView>> {
    const where = this.where(query, user);
    return readPage(
      query,
      (page) => this.prisma.db.price.findMany({ where, include: WITH_BREAKS, orderBy: [{ validFrom: 'desc' }, { id: 'desc' }], ...page }),
      () => this.prisma.db.price.count({ where }),
      (rows) => this.views(rows),
    );
  }

  async detail(id: number, user: Principal): Promise<PriceView> {
    const row = await this.find(id, user);
    return (await this.views([row]))[0];
  }

  async add(dto: AddPriceDto, user: Principal): Promise<PriceView> {
    this.assertKind(user, dto.kind);
    const id = await this.prisma.db.$transaction(async (tx) => {
      await this.lockRoutes(tx, [dto]);
      await this.checkReferences(tx, dto);
      await this.refuseOverlap(tx, dto);
      const created = await tx.price.create({ data: { ...priceData(dto), createdBy: user.userId, breaks: { create: dto.breaks } }, select: { id: true } });
      return created.id;
    });
    return this.detail(id, user);
  }

  /** Saves the fields and replaces the breaks in one transaction. */
  async update(dto: UpdatePriceDto, user: Principal): Promise<PriceView> {
    const current = await this.find(dto.id, user);
    if (current.ver !== dto.ver) throw AppError.staleVersion();
    if (current.shipType !== dto.shipType || current.kind !== dto.kind) throw AppError.badRequest('priceLineFixed');
    await this.prisma.db.$transaction(async (tx) => {
      await this.lockRoutes(tx, [dto]);
      await this.checkReferences(tx, dto, current);
      await this.refuseOverlap(tx, dto, dto.id);
      await updateWithVer(tx.price, dto.id, dto.ver, priceData(dto));
      await tx.priceBreak.deleteMany({ where: { priceId: dto.id } });
      await tx.priceBreak.createMany({ data: dto.breaks.map((b) => ({ ...b, priceId: dto.id })) });
    });
    return this.detail(dto.id, user);
  }

  async remove(id: number, user: Principal): Promise<void> {
    await this.find(id, user);
    await this.prisma.db.price.delete({ where: { id } });
  }

  /** Cost rows need price:cost in every call; the guard has already let the caller into the area. */
  assertKind(user: Principal, kind: string): void {
    if (!kindsVisibleTo(user).includes(kind as PriceKind)) throw AppError.forbidden();
  }

  /** Price rows as the screens show them: with their ports' codes and names and their breaks. */
  async views(rows: PriceRow[]): Promise<PriceView[]> {
    const ports = await this.portsOf(rows);
    return rows.map((row) => ({
      id: row.id,
      shipType: row.shipType,
      kind: row.kind,
      originPortId: row.originPortId,
      originPort: ports.get(row.originPortId) ?? null,
      destinationPortId: row.destinationPortId,
      destinationPort: ports.get(row.destinationPortId) ?? null,
      channel: row.channel,
      unit: row.unit,
      currency: row.currency,
      minCharge: row.minCharge.toNumber(),
      validFrom: formatDay(row.validFrom),
      validTo: formatDay(row.validTo),
      remark: row.remark,
      breaks: row.breaks.map((b) => ({ minQuantity: b.minQuantity.toNumber(), unitPrice: b.unitPrice.toNumber() })),
      createdBy: row.createdBy,
      ver: row.ver,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    }));
  }

  portsOf(rows: readonly { originPortId: number; destinationPortId: number }[]): Promise<Map<number, PortRef>> {
    return portNames(
      this.prisma,
      rows.flatMap((row) => [row.originPortId, row.destinationPortId]),
    );
  }

  /**
   * Serialises writes on the same routes until the transaction ends (overlap checks would otherwise race),
   * and holds the ports the prices name against deletion (the port delete locks its row for update).
   * The locks are taken in the order of their numbers so that two imports cannot deadlock.
   */
  async lockRoutes(tx: Tx, routes: readonly PriceRoute[]): Promise<void> {
    const keys = [...new Set(routes.map((r) => `price:${r.shipType}|${r.kind}|${r.originPortId}|${r.destinationPortId}`))];
    await tx.$executeRaw`select pg_advisory_xact_lock(h) from (select distinct hashtext(k) as h from unnest(${keys}::text[]) as k order by h) as locks`;
    const portIds = [...new Set(routes.flatMap((r) => [r.originPortId, r.destinationPortId]))].sort((a, b) => a - b);
    if (portIds.length) await tx.$executeRaw`select id from port where id = any(${portIds}::int[]) for share`;
  }

  /** The other prices of these routes whose validity touches [from, to]: one query for a whole import. */
  existingOverlapCandidates(tx: Tx, shipType: string, routes: readonly PriceRoute[], from: Date, to: Date) {
    return tx.price.findMany({
      where: {
        shipType,
        kind: { in: [...new Set(routes.map((r) => r.kind))] },
        originPortId: { in: [...new Set(routes.map((r) => r.originPortId))] },
        destinationPortId: { in: [...new Set(routes.map((r) => r.destinationPortId))] },
        validFrom: { lte: to },
        validTo: { gte: from },
      },
      select: { id: true, kind: true, originPortId: true, destinationPortId: true, channel: true, unit: true, validFrom: true, validTo: true },
      orderBy: { validFrom: 'asc' },
    });
  }

  private async find(id: number, user: Principal): Promise<PriceRow> {
    const row = await this.prisma.db.price.findUnique({ where: { id }, include: WITH_BREAKS });
    if (!row) throw AppError.notFound();
    this.assertKind(user, row.kind);
    return row;
  }

  /**
   * The origin must be an enabled start port of the line, the destination an enabled end port, the
   * currency an enabled dictionary value. A price keeps a port that was disabled after it was saved.
   */
  private async checkReferences(tx: Tx, dto: AddPriceDto, current?: PriceRow): Promise<void> {
    const ports = await tx.port.findMany({ where: { id: { in: [dto.originPortId, dto.destinationPortId] } } });
    const fits = (id: number, kind: string, kept: number | undefined) => {
      const port = ports.find((p) => p.id === id);
      return !!port && port.shipType === dto.shipType && port.kind === kind && (port.enabled || id === kept);
    };
    const errors: Record<string, string[]> = {};
    if (!fits(dto.originPortId, 'start', current?.originPortId)) errors.originPortId = [t('priceOriginInvalid')];
    if (!fits(dto.destinationPortId, 'end', current?.destinationPortId)) errors.destinationPortId = [t('priceDestinationInvalid')];
    const currencies = await this.dict.currencies();
    if (!currencies.includes(dto.currency)) errors.currency = [t('priceCurrencyInvalid', { list: currencies.join(', ') })];
    if (Object.keys(errors).length) throw new FieldErrors(errors);
  }

  /** Two prices of one route, channel and unit may not be valid on the same day: the message names the other one. */
  private async refuseOverlap(tx: Tx, dto: AddPriceDto, selfId?: number): Promise<void> {
    const validFrom = parseDay(dto.validFrom)!;
    const validTo = parseDay(dto.validTo)!;
    const other = await tx.price.findFirst({
      where: {
        ...slotOf(dto),
        validFrom: { lte: validTo },
        validTo: { gte: validFrom },
        id: selfId ? { not: selfId } : undefined,
      },
      orderBy: { validFrom: 'asc' },
    });
    if (other) throw AppError.badRequest('priceOverlap', overlapParams(other));
  }
}

export function overlapParams(other: { id: number; channel: string; unit: string; validFrom: Date; validTo: Date }) {
  return { id: other.id, channel: other.channel, unit: other.unit, from: formatDay(other.validFrom), to: formatDay(other.validTo) };
}

/** What two prices valid on the same day may not share: route, kind, channel and unit. */
const slotOf = (dto: AddPriceDto) => ({
  shipType: dto.shipType,
  kind: dto.kind,
  originPortId: dto.originPortId,
  destinationPortId: dto.destinationPortId,
  channel: dto.channel,
  unit: dto.unit,
});

function priceData(dto: AddPriceDto) {
  return {
    ...slotOf(dto),
    currency: dto.currency,
    minCharge: dto.minCharge,
    validFrom: parseDay(dto.validFrom)!,
    validTo: parseDay(dto.validTo)!,
    remark: dto.remark ?? null,
  };
}
