import { type OrgType } from '@forwarder/domain';
import { Injectable } from '@nestjs/common';
import { AppError, FieldErrors } from '../../common/app-error.js';
import { t } from '../../common/messages.js';
import { updateWithVer } from '../../common/ver.js';
import { PrismaService, type Tx } from '../../prisma/prisma.service.js';
import { buildOrgTree } from './org-tree.js';
import type { AddOrgDto, MoveOrgDto, OrgDetail, OrgNode, UpdateOrgDto } from './org.dto.js';

const detailFields = { id: true, parentId: true, name: true, nameEn: true, type: true, sort: true, ver: true } as const;
/** The type column holds one of ORG_TYPES (the DTOs admit no other). */
const typed = (unit: Omit<OrgDetail, 'type'> & { type: string }): OrgDetail => ({ ...unit, type: unit.type as OrgType });

/**
 * The organisation tree: companies, branches and departments staff belong to. Writes that depend on
 * the shape of the tree (sibling names, cycles, children) are serialised by a transaction lock, so two
 * concurrent moves cannot together form a cycle.
 */
@Injectable()
export class OrgService {
  constructor(private readonly prisma: PrismaService) {}

  async tree(): Promise<OrgNode[]> {
    const [units, counts] = await Promise.all([
      this.prisma.db.org.findMany({ select: detailFields, orderBy: [{ sort: 'asc' }, { id: 'asc' }] }),
      this.prisma.db.user.groupBy({ by: ['orgId'], where: { deletedAt: null, orgId: { not: null } }, _count: { _all: true } }),
    ]);
    return buildOrgTree(units.map(typed), new Map(counts.map((c) => [c.orgId!, c._count._all])));
  }

  async detail(id: number): Promise<OrgDetail> {
    const unit = await this.prisma.db.org.findUnique({ where: { id }, select: detailFields });
    if (!unit) throw AppError.notFound();
    return typed(unit);
  }

  async add(dto: AddOrgDto): Promise<number> {
    const parentId = dto.parentId ?? null;
    return this.prisma.db.$transaction(async (tx) => {
      await lockTree(tx);
      if (parentId !== null && !(await tx.org.count({ where: { id: parentId } }))) throw new FieldErrors({ parentId: [t('orgParentNotFound')] });
      await refuseSiblingName(tx, parentId, dto.name);
      const unit = await tx.org.create({ data: { parentId, name: dto.name, nameEn: dto.nameEn ?? null, type: dto.type, sort: dto.sort ?? 0 } });
      return unit.id;
    });
  }

  async update(dto: UpdateOrgDto): Promise<void> {
    await this.prisma.db.$transaction(async (tx) => {
      await lockTree(tx);
      const unit = await tx.org.findUnique({ where: { id: dto.id }, select: { parentId: true } });
      if (!unit) throw AppError.notFound();
      await refuseSiblingName(tx, unit.parentId, dto.name, dto.id);
      await updateWithVer(tx.org, dto.id, dto.ver, { name: dto.name, nameEn: dto.nameEn, type: dto.type, sort: dto.sort });
    });
  }

  /** Puts a unit (with its whole subtree) under another parent, never under itself or its own descendants. */
  async move(dto: MoveOrgDto): Promise<void> {
    await this.prisma.db.$transaction(async (tx) => {
      await lockTree(tx);
      const unit = await tx.org.findUnique({ where: { id: dto.id }, select: { name: true } });
      if (!unit) throw AppError.notFound();
      if (dto.parentId !== null) {
        if (!(await tx.org.count({ where: { id: dto.parentId } }))) throw new FieldErrors({ parentId: [t('orgParentNotFound')] });
        if ((await subtreeIds(tx, dto.id)).includes(dto.parentId)) throw new FieldErrors({ parentId: [t('orgMoveCycle')] });
      }
      await refuseSiblingName(tx, dto.parentId, unit.name, dto.id);
      await updateWithVer(tx.org, dto.id, dto.ver, { parentId: dto.parentId, sort: dto.sort });
    });
  }

  /** Deletes an empty unit: one without sub-units and without active staff. */
  async remove(id: number): Promise<void> {
    await this.prisma.db.$transaction(async (tx) => {
      await lockTree(tx);
      if (!(await tx.org.count({ where: { id } }))) throw AppError.notFound();
      if (await tx.org.count({ where: { parentId: id } })) throw AppError.badRequest('orgHasChildren');
      const staff = await tx.user.count({ where: { orgId: id, deletedAt: null } });
      if (staff) throw AppError.badRequest('orgHasUsers', { count: staff });
      // Deleted staff keep their rows; the database clears their org reference (ON DELETE SET NULL).
      await tx.org.delete({ where: { id } });
    });
  }

  /** The unit and all its descendants (empty when the unit does not exist). */
  subtreeIds(id: number): Promise<number[]> {
    return subtreeIds(this.prisma.db, id);
  }
}

async function subtreeIds(db: Pick<Tx, '$queryRaw'>, id: number): Promise<number[]> {
  const rows = await db.$queryRaw<{ id: number }[]>`
    with recursive subtree as (
      select id from org where id = ${id}
      union
      select o.id from org o join subtree s on o.parent_id = s.id
    )
    select id from subtree`;
  return rows.map((r) => r.id);
}

async function refuseSiblingName(tx: Tx, parentId: number | null, name: string, exceptId?: number) {
  const clash = await tx.org.count({
    where: { parentId, name: { equals: name, mode: 'insensitive' }, ...(exceptId === undefined ? {} : { id: { not: exceptId } }) },
  });
  if (clash) throw new FieldErrors({ name: [t('orgNameTaken')] });
}

/** Serialises the tree's writes until the transaction ends (a fixed key, private to this module). */
async function lockTree(tx: Tx) {
  await tx.$executeRaw`select pg_advisory_xact_lock(7301001)`;
}
