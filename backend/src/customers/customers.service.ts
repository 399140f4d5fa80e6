import { shanghaiMinute } from '@forwarder/domain';
import type { CustomerLogAction } from '@forwarder/domain';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../common/access.decorators.js';
import { AppError, FieldErrors } from '../common/app-error.js';
import { WithMessage } from '../common/envelope.js';
import { t } from '../common/messages.js';
import { readPage, type Page } from '../common/pagination.js';
import { updateWithVer } from '../common/ver.js';
import { SerialService } from '../core/serial/serial.service.js';
import type { Customer, CustomerWechat, Prisma } from '../generated/prisma/client.js';
import { userNames } from '../prisma/name-lookups.js';
import { PrismaService, type Tx } from '../prisma/prisma.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { daysAfter, idleCutoff, idleSince, isProtected, listOrder, listWhere, protectedAt, type ReviewStatus } from './customer-rules.js';
import { recordCustomerEvent } from './customer-log.js';
import { ownScope, readScope, viewerOf, type Viewer } from './customer-scope.js';
import type {
  AcceptEmailDto,
  AddCustomerDto,
  CheckCustomerDto,
  CustomerDetail,
  CustomerFields,
  CustomerHistoryEntry,
  CustomerListQueryDto,
  CustomerPick,
  CustomerRow,
  ProtectCustomerDto,
  UpdateCustomerDto,
  PortalAccountView,
  WechatAccount,
} from './customers.dto.js';
import { orNull } from '../common/form-data.js';

const PICKER_LIMIT = 20;
/** pg_advisory_xact_lock keys: customer name writes (one lock), protections (one lock per salesman). */
const NAME_LOCK = 7301101;
const PROTECT_LOCK = 7301102;

type CustomerWithCount = Customer & { _count: { wechats: number } };

/**
 * Customers and their life cycle: add, edit, review, protect, delete, and the list screens. Every
 * read and write carries the caller's data scope in its SQL (customer-rules.ts): a customer outside
 * it is answered 404, as if it did not exist.
 */
@Injectable()
export class CustomersService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly settings: SettingsService,
    private readonly serial: SerialService,
  ) {}

  /** A new customer awaits review; it belongs to the caller, or to the salesman a manager names. */
  async add(dto: AddCustomerDto, user: Principal): Promise<CustomerDetail> {
    const viewer = viewerOf(user);
    const salesmanId = dto.salesmanId ?? user.userId;
    if (salesmanId !== user.userId && !viewer.seesAll) throw new FieldErrors({ salesmanId: [t('customerSalesmanNotAllowed')] });
    const id = await this.prisma.db.$transaction(async (tx) => {
      await lockNames(tx);
      await refuseInvalidFields(tx, dto, { salesmanId: salesmanId === user.userId ? undefined : salesmanId });
      const code = await this.serial.next('customer', tx);
      const created = await tx.customer.create({
        data: { ...formData(dto), acceptEmail: dto.acceptEmail ?? true, code, salesmanId, reviewStatus: 'pending', createdBy: user.userId },
      });
      return created.id;
    });
    return this.detail(id, user);
  }

  /** Saves the form. A rejected customer goes back to review; pending and approved ones keep their state. */
  async update(dto: UpdateCustomerDto, user: Principal): Promise<CustomerDetail> {
    const viewer = viewerOf(user);
    await this.prisma.db.$transaction(async (tx) => {
      await lockNames(tx);
      const current = await writable(tx, dto.id, viewer, dto.ver);
      await refuseInvalidFields(tx, dto, { exceptId: dto.id, stored: current });
      const reviewStatus: ReviewStatus = current.reviewStatus === 'rejected' ? 'pending' : (current.reviewStatus as ReviewStatus);
      await updateWithVer(scoped(tx, ownScope(viewer)), dto.id, dto.ver, {
        ...formData(dto),
        ...(dto.acceptEmail === undefined ? {} : { acceptEmail: dto.acceptEmail }),
        reviewStatus,
      });
    });
    return this.detail(dto.id, user);
  }

  /**
   * Approves a pending customer (its idle clock starts) or rejects it back to its salesman. A reviewer
   * (customers:check) reviews the customers of their scope: every salesman's with customers:all.
   */
  async check(dto: CheckCustomerDto, user: Principal): Promise<WithMessage<CustomerDetail>> {
    const viewer = viewerOf(user);
    await this.prisma.db.$transaction(async (tx) => {
      const current = await writable(tx, dto.id, viewer, dto.ver);
      if (current.reviewStatus !== 'pending') throw AppError.badRequest('customerNotPending');
      await updateWithVer(scoped(tx, { ...ownScope(viewer), reviewStatus: 'pending' }), dto.id, dto.ver, {
        reviewStatus: dto.approved ? 'approved' : 'rejected',
        reviewerId: user.userId,
        reviewedAt: new Date(),
        reviewRemark: dto.remark ?? null,
      });
      await recordCustomerEvent(tx, {
        customerId: dto.id,
        action: dto.approved ? 'approve' : 'reject',
        salesmanId: current.salesmanId,
        reason: dto.remark,
        userId: user.userId,
      });
    });
    return new WithMessage(await this.detail(dto.id, user), t(dto.approved ? 'customerApproved' : 'customerRejected'));
  }

  /**
   * Protects an approved, owned customer from the public pool for `customer.protectDays`, within the
   * owner's `customer.maxProtected`; or lifts the protection. Protections of one salesman are
   * serialised so that two at once cannot both take the last free place.
   */
  async protect(dto: ProtectCustomerDto, user: Principal): Promise<WithMessage<CustomerDetail>> {
    const viewer = viewerOf(user);
    const now = new Date();
    const until = await this.prisma.db.$transaction(async (tx) => {
      const current = await writable(tx, dto.id, viewer, dto.ver);
      if (current.salesmanId === null) throw AppError.badRequest('customerInPool');
      if (current.reviewStatus !== 'approved') throw AppError.badRequest('customerNotApproved');
      await tx.$executeRaw`select pg_advisory_xact_lock(${PROTECT_LOCK}::int, ${current.salesmanId}::int)`;
      if (!dto.protect) {
        if (!isProtected(current, now)) throw AppError.badRequest('customerNotProtected');
        await updateWithVer(scoped(tx, ownScope(viewer)), dto.id, dto.ver, { protectedUntil: null });
        return null;
      }
      const days = await this.settings.get('customer.protectDays');
      if (!(days > 0)) throw AppError.badRequest('customerProtectOff');
      if (isProtected(current, now)) throw AppError.badRequest('customerAlreadyProtected', { until: shanghaiMinute(current.protectedUntil) });
      const max = await this.settings.get('customer.maxProtected');
      const held = await tx.customer.count({ where: { salesmanId: current.salesmanId, id: { not: current.id }, ...protectedAt(now) } });
      if (held >= max) throw AppError.badRequest('customerProtectLimit', { max });
      const protectedUntil = daysAfter(now, days);
      await updateWithVer(scoped(tx, ownScope(viewer)), dto.id, dto.ver, { protectedUntil });
      return protectedUntil;
    });
    const message = until ? t('customerProtected', { until: shanghaiMinute(until) }) : t('customerUnprotected');
    return new WithMessage(await this.detail(dto.id, user), message);
  }

  async setAcceptEmail(dto: AcceptEmailDto, user: Principal): Promise<CustomerDetail> {
    const viewer = viewerOf(user);
    await writable(this.prisma.db, dto.id, viewer, dto.ver);
    await updateWithVer(scoped(this.prisma.db, ownScope(viewer)), dto.id, dto.ver, { acceptEmail: dto.acceptEmail });
    return this.detail(dto.id, user);
  }

  /**
   * Deletes a customer that never placed an order (lastOrderAt unset: every order stamps it, and so
   * does a claim from the pool). Its mini-program accounts and binding codes go with it.
   */
  async remove(id: number, user: Principal): Promise<void> {
    const viewer = viewerOf(user);
    const current = await writable(this.prisma.db, id, viewer);
    if (current.lastOrderAt) throw AppError.badRequest('customerHasOrders');
    await this.prisma.db.customer.delete({ where: { id, AND: [{ lastOrderAt: null }, ownScope(viewer)] } });
  }

  async list(query: CustomerListQueryDto, user: Principal): Promise<Page<CustomerRow>> {
    const viewer = viewerOf(user);
    const now = new Date();
    const cutoff = idleCutoff(now, await this.settings.get('customer.publicPoolMonths'));
    const filters: Prisma.CustomerWhereInput[] = [listWhere(query.list, viewer, now, cutoff)];
    if (query.key) filters.push(matching(query.key));
    if (query.source) filters.push({ source: query.source });
    if (query.level) filters.push({ level: query.level });
    if (query.salesmanId !== undefined) filters.push({ salesmanId: query.salesmanId });
    const where: Prisma.CustomerWhereInput = { AND: filters };
    return readPage(
      query,
      (page) => this.prisma.db.customer.findMany({ where, orderBy: listOrder(query.list), include: { _count: { select: { wechats: true } } }, ...page }),
      () => this.prisma.db.customer.count({ where }),
      (rows) => this.rows(rows, now),
    );
  }

  async detail(id: number, user: Principal): Promise<CustomerDetail> {
    const customer = await this.prisma.db.customer.findFirst({
      where: { AND: [readScope(viewerOf(user)), { id }] },
      include: {
        _count: { select: { wechats: true } },
        wechats: { orderBy: { boundAt: 'asc' }, include: PORTAL_OF_WECHAT },
        logs: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] },
      },
    });
    if (!customer) throw AppError.notFound();
    const [row] = await this.rows([customer], new Date());
    return { ...row, wechats: customer.wechats.map((w) => wechatView(w, customer)), history: await this.history(customer.logs) };
  }

  private async history(
    logs: { id: number; action: string; salesmanId: number | null; reason: string | null; userId: number | null; createdAt: Date }[],
  ): Promise<CustomerHistoryEntry[]> {
    const names = await userNames(
      this.prisma,
      logs.flatMap((l) => [l.salesmanId, l.userId]),
    );
    const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
    return logs.map((l) => ({
      id: l.id,
      action: l.action as CustomerLogAction,
      salesmanId: l.salesmanId,
      salesmanName: nameOf(l.salesmanId),
      reason: l.reason,
      userId: l.userId,
      userName: nameOf(l.userId),
      createdAt: l.createdAt,
    }));
  }

  /** The binding dialog's remote select: the first few customers the caller may work on, by name. */
  async take(key: string | null | undefined, user: Principal): Promise<CustomerPick[]> {
    const rows = await this.prisma.db.customer.findMany({
      where: { AND: [ownScope(viewerOf(user)), key ? matching(key) : {}] },
      select: { id: true, companyName: true },
      orderBy: [{ companyName: 'asc' }, { id: 'asc' }],
      take: PICKER_LIMIT,
    });
    return rows.map((row) => ({ id: row.id, name: row.companyName }));
  }

  private async rows(customers: CustomerWithCount[], now: Date): Promise<CustomerRow[]> {
    const names = await userNames(
      this.prisma,
      customers.flatMap((c) => [c.salesmanId, c.reviewerId, c.createdBy]),
    );
    const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
    return customers.map((c) => ({
      id: c.id,
      code: c.code,
      companyName: c.companyName,
      contactName: c.contactName,
      phone: c.phone,
      mobile: c.mobile,
      email: c.email,
      address: c.address,
      country: c.country,
      source: c.source,
      level: c.level,
      salesmanId: c.salesmanId,
      salesmanName: nameOf(c.salesmanId),
      reviewStatus: c.reviewStatus as ReviewStatus,
      reviewerId: c.reviewerId,
      reviewerName: nameOf(c.reviewerId),
      reviewedAt: c.reviewedAt,
      reviewRemark: c.reviewRemark,
      protectedUntil: c.protectedUntil,
      protected: isProtected(c, now),
      lastOrderAt: c.lastOrderAt,
      idleSince: idleSince(c),
      publicSince: c.publicSince,
      acceptEmail: c.acceptEmail,
      remark: c.remark,
      wechatCount: c._count.wechats,
      createdBy: c.createdBy,
      createdByName: nameOf(c.createdBy),
      createdAt: c.createdAt,
      updatedAt: c.updatedAt,
      ver: c.ver,
    }));
  }
}

/** What a bound row's listing reads of the portal account it may stand for. */
export const PORTAL_OF_WECHAT = {
  portal: { select: { id: true, name: true, account: true, lastSeenAt: true, createdAt: true, permissionCodes: true } },
} as const satisfies Prisma.CustomerWechatInclude;

export function wechatView(w: CustomerWechat & { portal?: PortalAccountView | null }, customer: Pick<Customer, 'code' | 'companyName'>): WechatAccount {
  const portal = w.portal ?? null;
  return {
    portal,
    id: w.id,
    customerId: w.customerId,
    customerCode: customer.code,
    companyName: customer.companyName,
    openId: w.openId,
    nickname: w.nickname,
    avatarUrl: w.avatarUrl,
    boundAt: w.boundAt,
    lastSeenAt: w.lastSeenAt,
  };
}

/**
 * The customer the viewer may change, read within their scope: 404 outside it; a pool customer, which
 * a salesman can see but not change, is a 400 telling them to claim it. With `ver`, a stale copy is
 * 409 before any rule is judged on it.
 */
export async function writable(db: Pick<Tx, 'customer'>, id: number, viewer: Viewer, ver?: number): Promise<Customer> {
  const customer = await db.customer.findFirst({ where: { AND: [readScope(viewer), { id }] } });
  if (!customer) throw AppError.notFound();
  if (!viewer.seesAll && customer.salesmanId !== viewer.userId) throw AppError.badRequest('customerInPool');
  if (ver !== undefined && customer.ver !== ver) throw AppError.staleVersion();
  return customer;
}

/** The customer delegate with extra conditions on every versioned write, so the scope is part of the UPDATE itself. */
export function scoped(db: Pick<Tx, 'customer'>, scope: Prisma.CustomerWhereInput) {
  return {
    update: (args: { where: { id: number; ver: number }; data: Record<string, unknown> }) =>
      db.customer.update({ where: { ...args.where, AND: [scope] }, data: args.data }),
    count: (args: { where: { id: number } }) => db.customer.count({ where: { ...args.where, AND: [scope] } }),
  };
}

export function matching(key: string): Prisma.CustomerWhereInput {
  const contains = { contains: key, mode: 'insensitive' } as const;
  return { OR: [{ code: contains }, { companyName: contains }, { contactName: contains }, { phone: contains }, { mobile: contains }] };
}

function formData(dto: CustomerFields) {
  return {
    companyName: dto.companyName,
    contactName: dto.contactName,
    ...orNull(dto, 'phone', 'mobile', 'email', 'address', 'country', 'source', 'level', 'remark'),
  };
}

/** Serialises customer writes that check company names, so two salesmen cannot add one company twice. */
async function lockNames(tx: Tx) {
  await tx.$executeRaw`select pg_advisory_xact_lock(${NAME_LOCK}::int)`;
}

/**
 * The rules beyond the form's own fields, all reported at once: a company is a customer once (names
 * compared trimmed and case-insensitively, across every salesman and the pool); source and level are
 * enabled values of their dictionaries (or the value already stored, should it have been disabled
 * since); a named salesman is an active colleague.
 */
async function refuseInvalidFields(
  tx: Tx,
  dto: CustomerFields,
  scope: { exceptId?: number; stored?: Pick<Customer, 'source' | 'level'>; salesmanId?: number },
) {
  const errors: Record<string, string[]> = {};
  const taken = await tx.$queryRaw<{ id: number }[]>`
    select id from customer where lower(company_name) = lower(${dto.companyName}) and id <> ${scope.exceptId ?? 0} limit 1`;
  if (taken.length) errors.companyName = [t('customerCompanyTaken')];
  for (const [field, dictCode, message] of [
    ['source', 'customerSource', 'customerSourceInvalid'],
    ['level', 'customerLevel', 'customerLevelInvalid'],
  ] as const) {
    const value = dto[field];
    if (!value || value === scope.stored?.[field]) continue;
    if (!(await tx.dictItem.count({ where: { dictCode, value, enabled: true } }))) errors[field] = [t(message)];
  }
  if (scope.salesmanId !== undefined && !(await tx.user.count({ where: { id: scope.salesmanId, deletedAt: null, enabled: true } }))) {
    errors.salesmanId = [t('customerSalesmanInvalid')];
  }
  if (Object.keys(errors).length) throw new FieldErrors(errors);
}
