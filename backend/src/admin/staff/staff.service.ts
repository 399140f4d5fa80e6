import { Injectable } from '@nestjs/common';
import bcrypt from 'bcryptjs';
import { AppError, FieldErrors } from '../../common/app-error.js';
import type { Principal } from '../../common/access.decorators.js';
import { t } from '../../common/messages.js';
import { containing, skipTake, toPage, type Page } from '../../common/pagination.js';
import { updateWithVer } from '../../common/ver.js';
import { AuthService, PASSWORD_ROUNDS } from '../../auth/auth.service.js';
import { GrantsService } from '../../auth/grants.service.js';
import { LoginAttemptsService } from '../../auth/login-attempts.service.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { HubService } from '../../hub/hub.service.js';
import { PrismaService, type Tx } from '../../prisma/prisma.service.js';
import { RoutePushService } from '../menu/route-push.service.js';
import { OrgService } from '../org/org.service.js';
import type {
  AddStaffDto,
  OnlineStaff,
  ResetPasswordDto,
  StaffDetail,
  StaffListQueryDto,
  StaffPick,
  StaffRow,
  StaffStatusDto,
  UpdateStaffDto,
} from './staff.dto.js';
import { orNull } from '../../common/form-data.js';

/** Staff who can be picked as the operator or assistant of an order. */
const ASSIGNABLE_ROLE_CODES = ['operator', 'customerService'];
const PICKER_LIMIT = 20;
/** Staff who may work today: not deleted, not disabled. */
const ACTIVE = { deletedAt: null, enabled: true } satisfies Prisma.UserWhereInput;

const rowFields = {
  id: true,
  jobNo: true,
  account: true,
  fullName: true,
  email: true,
  phone: true,
  peerLabel: true,
  directLabel: true,
  duty: true,
  orgId: true,
  enabled: true,
  createdAt: true,
  ver: true,
  org: { select: { name: true } },
  roles: { select: { role: { select: { id: true, code: true, name: true, nameEn: true } } }, orderBy: { roleId: 'asc' } },
} as const satisfies Prisma.UserSelect;

type EditableFields = Omit<UpdateStaffDto, 'id' | 'ver'>;

@Injectable()
export class StaffService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly auth: AuthService,
    private readonly grants: GrantsService,
    private readonly hub: HubService,
    private readonly attempts: LoginAttemptsService,
    private readonly orgs: OrgService,
    private readonly routePush: RoutePushService,
  ) {}

  async detail(id: number): Promise<StaffDetail> {
    const user = await this.prisma.db.user.findFirst({
      where: { id, deletedAt: null },
      include: { roles: { select: { roleId: true } } },
    });
    if (!user) throw AppError.notFound();
    return {
      id: user.id,
      jobNo: user.jobNo,
      account: user.account,
      fullName: user.fullName,
      email: user.email,
      phone: user.phone,
      contactUs: user.contactUs,
      peerLabel: user.peerLabel,
      directLabel: user.directLabel,
      duty: user.duty,
      orgId: user.orgId,
      roleIds: user.roles.map((r) => r.roleId),
      ver: user.ver,
    };
  }

  /** Adds a colleague with the password the administrator chose, to be changed at the first sign-in. */
  async add(dto: AddStaffDto): Promise<number> {
    await this.auth.refusePublished(dto.password, 'password');
    const passwordHash = await bcrypt.hash(dto.password, PASSWORD_ROUNDS);
    return this.prisma.db.$transaction(async (tx) => {
      await lockStaffWrites(tx);
      await refuseInvalidFields(tx, dto, { account: dto.account });
      const user = await tx.user.create({
        data: {
          account: dto.account,
          passwordHash,
          mustChangePassword: true,
          ...editableData(dto),
          roles: { create: dto.roleIds.map((roleId) => ({ roleId })) },
        },
      });
      return user.id;
    });
  }

  /**
   * Saves an administrator's edit; the roles are replaced with the given ones in the same write. When
   * the roles changed and the user is online, their new route tree is pushed to them.
   */
  async update(dto: UpdateStaffDto, actor: Principal): Promise<void> {
    const rolesChanged = await this.prisma.db.$transaction(async (tx) => {
      await lockStaffWrites(tx);
      refuseOnSuperAdmin(await activeUser(tx, dto.id), actor);
      await refuseInvalidFields(tx, dto, { exceptUserId: dto.id });
      const held = await tx.userRole.findMany({ where: { userId: dto.id }, select: { roleId: true } });
      await updateWithVer(tx.user, dto.id, dto.ver, {
        ...editableData(dto),
        roles: { deleteMany: {}, create: dto.roleIds.map((roleId) => ({ roleId })) },
      });
      return held.length !== dto.roleIds.length || held.some((r) => !dto.roleIds.includes(r.roleId));
    });
    this.grants.invalidate(dto.id);
    if (rolesChanged) await this.routePush.pushRoutesTo([dto.id]);
  }

  /** Soft delete: the row and its history stay, the user disappears from lists and is signed out. */
  async remove(id: number, actor: Principal): Promise<void> {
    if (id === actor.userId) throw AppError.badRequest('staffCannotDeleteSelf');
    const user = await activeUser(this.prisma.db, id);
    if (user.isSuperAdmin) throw AppError.badRequest('staffCannotDeleteSuperAdmin');
    await this.prisma.db.user.update({ where: { id }, data: { deletedAt: new Date(), enabled: false, ver: { increment: 1 } } });
    this.grants.invalidate(id);
    await this.auth.endSessions(id, user.fullName, 'deleted');
  }

  async setStatus(dto: StaffStatusDto, actor: Principal): Promise<void> {
    if (!dto.enabled && dto.id === actor.userId) throw AppError.badRequest('staffCannotDisableSelf');
    const user = refuseOnSuperAdmin(await activeUser(this.prisma.db, dto.id), actor);
    await updateWithVer(this.prisma.db.user, dto.id, dto.ver, { enabled: dto.enabled });
    this.grants.invalidate(dto.id);
    if (!dto.enabled) await this.auth.endSessions(dto.id, user.fullName, 'disabled');
  }

  /**
   * Sets a password an administrator chose, to be changed at the next sign-in; lifts a sign-in lock and
   * signs the user out everywhere.
   */
  async resetPassword(dto: ResetPasswordDto, actor: Principal): Promise<void> {
    const user = refuseOnSuperAdmin(await activeUser(this.prisma.db, dto.id), actor);
    await this.auth.refusePublished(dto.newPassword, 'newPassword');
    const passwordHash = await bcrypt.hash(dto.newPassword, PASSWORD_ROUNDS);
    await this.prisma.db.user.update({
      where: { id: user.id },
      data: { passwordHash, passwordChangedAt: new Date(), mustChangePassword: true, ver: { increment: 1 } },
    });
    this.grants.invalidate(user.id);
    await this.attempts.clear(user.account);
    await this.auth.endSessions(user.id, user.fullName, 'password');
  }

  /** Lifts a colleague's sign-in locks; only a super administrator lifts another super administrator's. */
  async unlock(id: number, actor: Principal): Promise<void> {
    const user = refuseOnSuperAdmin(await activeUser(this.prisma.db, id), actor);
    await this.attempts.clear(user.account);
  }

  async unbindWechat(userId: number): Promise<void> {
    await activeUser(this.prisma.db, userId);
    await this.prisma.db.user.update({ where: { id: userId }, data: { wechatOpenId: null, ver: { increment: 1 } } });
  }

  async list(query: StaffListQueryDto): Promise<Page<StaffRow>> {
    const where: Prisma.UserWhereInput = { deletedAt: null };
    if (query.fullName) where.fullName = containing(query.fullName);
    if (query.account) where.account = containing(query.account);
    if (query.orgId != null) where.orgId = { in: await this.orgs.subtreeIds(query.orgId) };
    if (query.roleId != null) where.roles = { some: { roleId: query.roleId } };
    if (query.enabled != null) where.enabled = query.enabled;
    const [users, total, online] = await Promise.all([
      this.prisma.db.user.findMany({ where, select: rowFields, orderBy: { id: 'desc' }, ...skipTake(query) }),
      this.prisma.db.user.count({ where }),
      this.hub.online(),
    ]);
    const onlineIds = new Set(online.map((c) => c.userId));
    const locks = await this.attempts.lockedUntil(users.map((u) => u.account));
    const items = users.map(({ org, roles, ...user }) => ({
      ...user,
      orgName: org?.name ?? null,
      roles: roles.map((r) => r.role),
      online: onlineIds.has(user.id),
      signInLockedUntil: locks.get(user.account) ?? null,
    }));
    return toPage(items, total, query);
  }

  /** The first few active colleagues matching a search, for handler pickers. */
  take(key: string | null | undefined): Promise<StaffPick[]> {
    return this.prisma.db.user.findMany({
      where: { ...ACTIVE, ...matching(key) },
      select: { id: true, fullName: true },
      orderBy: { id: 'asc' },
      take: PICKER_LIMIT,
    });
  }

  /** Active staff who may be assigned to orders as operator or assistant. */
  assignable(key: string | null | undefined): Promise<StaffPick[]> {
    return this.prisma.db.user.findMany({
      where: { ...ACTIVE, ...matching(key), roles: { some: { role: { code: { in: ASSIGNABLE_ROLE_CODES } } } } },
      select: { id: true, fullName: true },
      orderBy: { id: 'asc' },
    });
  }

  withRole(roleCode: string): Promise<StaffPick[]> {
    return this.prisma.db.user.findMany({
      where: { ...ACTIVE, roles: { some: { role: { code: roleCode } } } },
      select: { id: true, fullName: true },
      orderBy: { id: 'asc' },
    });
  }

  /** Who is connected right now, one entry per user, longest connected first. */
  async online(): Promise<OnlineStaff[]> {
    const byUser = new Map<number, OnlineStaff>();
    for (const c of await this.hub.online()) {
      const entry = byUser.get(c.userId);
      if (!entry) byUser.set(c.userId, { id: c.userId, fullName: c.fullName, account: c.account, connections: 1, since: c.connectedAt });
      else {
        entry.connections += 1;
        if (c.connectedAt < entry.since) entry.since = c.connectedAt;
      }
    }
    return [...byUser.values()].sort((a, b) => a.since.localeCompare(b.since) || a.id - b.id);
  }
}

function editableData(dto: EditableFields) {
  return {
    jobNo: dto.jobNo,
    fullName: dto.fullName,
    ...orNull(dto, 'email', 'phone', 'contactUs', 'peerLabel', 'directLabel', 'duty'),
    orgId: dto.orgId,
  };
}

function matching(key: string | null | undefined): Prisma.UserWhereInput {
  if (!key) return {};
  const contains = { contains: key, mode: 'insensitive' } as const;
  return { OR: [{ fullName: contains }, { account: contains }, { jobNo: contains }] };
}

/** Only a super administrator may edit, disable or reset the password of a super administrator. */
function refuseOnSuperAdmin<U extends { isSuperAdmin: boolean }>(user: U, actor: Principal): U {
  if (user.isSuperAdmin && !actor.isSuperAdmin) throw AppError.forbidden();
  return user;
}

async function activeUser(db: Pick<Tx, 'user'>, id: number) {
  const user = await db.user.findFirst({ where: { id, deletedAt: null }, select: { id: true, account: true, fullName: true, isSuperAdmin: true } });
  if (!user) throw AppError.notFound();
  return user;
}

/**
 * The rules a staff record must keep beyond its own fields, all reported at once: a unique account (also
 * against deleted staff, whose rows remain), shipping marks no other active colleague uses (as either
 * mark, since a mark on an order must name one salesman), an existing unit and existing roles.
 */
async function refuseInvalidFields(tx: Tx, dto: EditableFields, scope: { account?: string; exceptUserId?: number }) {
  const errors: Record<string, string[]> = {};
  if (scope.account !== undefined && (await tx.user.count({ where: { account: { equals: scope.account, mode: 'insensitive' } } }))) {
    errors.account = [t('accountTaken')];
  }
  for (const field of ['peerLabel', 'directLabel'] as const) {
    const label = dto[field];
    if (!label) continue;
    const mark = { equals: label, mode: 'insensitive' } as const;
    const holder = await tx.user.findFirst({
      where: {
        deletedAt: null,
        id: scope.exceptUserId === undefined ? undefined : { not: scope.exceptUserId },
        OR: [{ peerLabel: mark }, { directLabel: mark }],
      },
      select: { fullName: true },
    });
    if (holder) errors[field] = [t('labelTaken', { name: holder.fullName })];
  }
  if (!(await tx.org.count({ where: { id: dto.orgId } }))) errors.orgId = [t('orgNotFound')];
  const roles = await tx.role.findMany({ where: { id: { in: dto.roleIds } }, select: { id: true } });
  const missing = dto.roleIds.filter((id) => !roles.some((r) => r.id === id));
  if (missing.length) errors.roleIds = [t('roleNotFound', { ids: missing.join(', ') })];
  if (Object.keys(errors).length) throw new FieldErrors(errors);
}

/** Serialises staff writes until the transaction ends, so the uniqueness checks above cannot race. */
async function lockStaffWrites(tx: Tx) {
  await tx.$executeRaw`select pg_advisory_xact_lock(7301002)`;
}
