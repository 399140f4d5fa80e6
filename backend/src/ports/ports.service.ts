import { Injectable } from '@nestjs/common';
import { ClusterBus } from '../cluster/cluster-bus.js';
import { AppError, FieldErrors } from '../common/app-error.js';
import { t } from '../common/messages.js';
import { anyContaining, readPage, type Page } from '../common/pagination.js';
import { ReadCache } from '../common/read-cache.js';
import { updateWithVer } from '../common/ver.js';
import { Prisma } from '../generated/prisma/client.js';
import { PrismaService } from '../prisma/prisma.service.js';
import type { AddPortDto, ListPortsDto, PortOption, PortOptionsDto, PortView, UpdatePortDto } from './ports.dto.js';

const PORT_VIEW = {
  id: true,
  shipType: true,
  kind: true,
  code: true,
  nameZh: true,
  nameEn: true,
  country: true,
  city: true,
  enabled: true,
  sort: true,
  ver: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.PortSelect;

const ORDER: Prisma.PortOrderByWithRelationInput[] = [{ sort: 'asc' }, { code: 'asc' }];

/** Origin and destination ports of each line: the ends of every price. */
@Injectable()
export class PortsService {
  /**
   * The ports each price and order form offers (by line and kind), from memory (5 s at most): forgotten by
   * every process as soon as one of them commits a write to the ports.
   */
  private readonly enabled = new ReadCache<`${string}:${string}`, PortOption[]>(5_000);

  constructor(
    private readonly prisma: PrismaService,
    bus: ClusterBus,
  ) {
    bus.forgetOnWrites(prisma, ['Port'], 'ports', () => this.enabled.clear());
  }

  async list(query: ListPortsDto): Promise<Page<PortView>> {
    const where: Prisma.PortWhereInput = {
      shipType: query.shipType,
      kind: query.kind,
      enabled: query.enabled ?? undefined,
      OR: anyContaining(query.key, 'code', 'nameZh', 'nameEn'),
    };
    return readPage(
      query,
      (page) => this.prisma.db.port.findMany({ where, select: PORT_VIEW, orderBy: ORDER, ...page }),
      () => this.prisma.db.port.count({ where }),
    );
  }

  async detail(id: number): Promise<PortView> {
    const port = await this.prisma.db.port.findUnique({ where: { id }, select: PORT_VIEW });
    if (!port) throw AppError.notFound();
    return port;
  }

  /** The enabled ports of one line and kind, for the selects of the price and order forms. */
  options({ shipType, kind }: PortOptionsDto): Promise<PortOption[]> {
    return this.enabled.get(`${shipType}:${kind}`, () =>
      this.prisma.db.port.findMany({
        where: { shipType, kind, enabled: true },
        select: { id: true, code: true, nameZh: true, nameEn: true },
        orderBy: ORDER,
      }),
    );
  }

  async add(dto: AddPortDto): Promise<PortView> {
    await this.ensureCodeFree(dto);
    return this.uniqueCode(dto.code, () =>
      this.prisma.db.port.create({
        data: {
          shipType: dto.shipType,
          kind: dto.kind,
          code: dto.code,
          nameZh: dto.nameZh,
          nameEn: dto.nameEn,
          country: dto.country,
          city: dto.city ?? null,
          enabled: dto.enabled ?? true,
          sort: dto.sort ?? 0,
        },
        select: PORT_VIEW,
      }),
    );
  }

  async update(dto: UpdatePortDto): Promise<PortView> {
    const port = await this.detail(dto.id);
    if (port.ver !== dto.ver) throw AppError.staleVersion();
    if (port.shipType !== dto.shipType || port.kind !== dto.kind) throw AppError.badRequest('portLineFixed');
    if (port.code !== dto.code) await this.ensureCodeFree(dto);
    await this.uniqueCode(dto.code, () =>
      updateWithVer(this.prisma.db.port, dto.id, dto.ver, {
        code: dto.code,
        nameZh: dto.nameZh,
        nameEn: dto.nameEn,
        country: dto.country,
        city: dto.city,
        enabled: dto.enabled,
        sort: dto.sort,
      }),
    );
    return this.detail(dto.id);
  }

  /**
   * Deletes a port no price names. The port row stays locked until the delete commits, and price writes
   * lock the ports they name (for share), so a price saved meanwhile cannot end up pointing nowhere.
   */
  async remove(id: number): Promise<void> {
    await this.prisma.db.$transaction(async (tx) => {
      const locked = await tx.$queryRaw<{ id: number }[]>`select id from port where id = ${id} for update`;
      if (!locked.length) throw AppError.notFound();
      const count = await tx.price.count({ where: { OR: [{ originPortId: id }, { destinationPortId: id }] } });
      if (count) throw AppError.badRequest('portInUse', { count });
      await tx.port.delete({ where: { id } });
    });
  }

  private async ensureCodeFree(dto: { shipType: string; kind: string; code: string }): Promise<void> {
    const taken = await this.prisma.db.port.count({ where: { shipType: dto.shipType, kind: dto.kind, code: dto.code } });
    if (taken) throw new FieldErrors({ code: [t('portCodeTaken', { code: dto.code })] });
  }

  /** The unique index decides when two people save the same code at once. */
  private async uniqueCode<T>(code: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw new FieldErrors({ code: [t('portCodeTaken', { code })] });
      throw error;
    }
  }
}
