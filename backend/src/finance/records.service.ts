import {
  canMove,
  METHOD_DICT,
  type PermissionCode,
  RECORD_MOVES,
  RECORD_VIEWS,
  type RecordKind,
  type RecordMove,
  type RecordStatus,
  TYPE_DICT,
  dayOf,
  dayText,
  selfAuditBarred,
} from '@forwarder/domain';
import { Injectable } from '@nestjs/common';
import { holdsAny, type Principal } from '../common/access.decorators.js';
import { AppError, FieldErrors } from '../common/app-error.js';
import { t, type MessageKey } from '../common/messages.js';
import { skipTake, toPage, type Page } from '../common/pagination.js';
import { SerialService } from '../core/serial/serial.service.js';
import { FilesService } from '../files/files.service.js';
import { Prisma, type FinanceRecord } from '../generated/prisma/client.js';
import { PrismaService, type Tx } from '../prisma/prisma.service.js';
import { namesOf } from '../prisma/name-lookups.js';
import { FinanceLookups, num } from './finance-lookups.service.js';
import type { BatchVerifyDto, RecordAddDto, RecordChangeDto, RecordListDto, SingleVerifyDto, UnlockDto } from './finance.dto.js';
import { OrderFiguresService } from './order-figures.service.js';
import { recordOrders, recordsWith, seesAllRecords } from './finance-scope.js';
import { orderScope } from '../orders/order/order-scope.js';
import { SettingsService } from '../settings/settings.service.js';

const KIND_CODE: Record<RecordKind, PermissionCode> = { outgoing: 'finance:outgoing', entry: 'finance:entry' };
const STATUS_LABEL: Record<RecordStatus, MessageKey> = {
  registered: 'financeStatusRegistered',
  pending: 'financeStatusPending',
  locked: 'financeStatusLocked',
  refused: 'financeStatusRefused',
  unlocked: 'financeStatusUnlocked',
};
const MOVE_LABEL: Record<RecordMove, MessageKey> = {
  update: 'financeMoveUpdate',
  submit: 'financeMoveSubmit',
  pass: 'financeMovePass',
  refuse: 'financeMoveRefuse',
  amendRefused: 'financeMoveAmend',
  unlock: 'financeMoveUnlock',
  amendUnlocked: 'financeMoveAmend',
  lock: 'financeMoveLock',
  delete: 'financeMoveDelete',
};
/** The action each move writes into the record's trail. */
const LOG_ACTION: Record<RecordMove, string> = {
  update: 'update',
  submit: 'submit',
  pass: 'pass',
  refuse: 'refuse',
  amendRefused: 'amend',
  unlock: 'unlock',
  amendUnlocked: 'amend',
  lock: 'lock',
  delete: 'delete',
};

export type RecordView = Awaited<ReturnType<RecordsService['shown']>>[number];
export type CurrencyTotal = { currency: string; amount: number; bookAmount: number; count: number };

/**
 * Expense reimbursements (outgoing) and payment hand-ins (entry): registration, audit, lock and unlock
 * (docs/finance.md). Every move locks the record, checks the state table, writes the record's trail and,
 * when a verified amount comes or goes, recomputes its order's figures, all in one transaction.
 */
@Injectable()
export class RecordsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly serials: SerialService,
    private readonly lookups: FinanceLookups,
    private readonly figures: OrderFiguresService,
    private readonly files: FilesService,
    private readonly settings: SettingsService,
  ) {}

  /** Whether the system parameter lets a user take the auditor's steps on records they registered (off: segregation of duties). */
  private allowSelfApproval(): Promise<boolean> {
    return this.settings.get('finance.allowSelfApproval');
  }

  async add(kind: RecordKind, dto: RecordAddDto, user: Principal): Promise<RecordView> {
    if (!holdsAny(user, [KIND_CODE[kind]])) throw AppError.forbidden();
    const { submit, ...fields } = dto;
    const data = await this.checked(
      kind,
      { ...fields, orderId: fields.orderId ?? null, voucherIds: fields.voucherIds ?? [], remark: fields.remark ?? null, rate: fields.rate ?? null },
      user,
    );
    const status: RecordStatus = submit ? 'pending' : 'registered';
    const record = await this.prisma.db.$transaction(async (tx) => {
      const recordNo = await this.serials.next(`finance.${kind}`, tx);
      await this.vouchers(tx, data.voucherIds, user);
      const created = await tx.financeRecord.create({
        data: { ...data, recordNo, kind, status, createdBy: user.userId, submittedAt: submit ? new Date() : null },
      });
      await this.log(tx, created.id, 'register', null, 'registered', null, user);
      if (submit) await this.log(tx, created.id, 'submit', 'registered', 'pending', null, user);
      return created;
    });
    return this.detail(record.id, user);
  }

  /** Every field checked against the dictionaries, the order and the vouchers; answers the columns to store. */
  private async checked(
    kind: RecordKind,
    f: {
      orderId: number | null;
      type: string;
      amount: number;
      currency: string;
      rate: number | null;
      counterparty: string;
      method: string;
      paidOn: string;
      voucherIds: number[];
      remark: string | null;
    },
    user: Principal,
  ) {
    const errors: Record<string, string[]> = {};
    let customerId: number | null = null;
    if (f.orderId === null) {
      if (kind === 'entry') errors.orderId = [t('financeOrderRequired')];
    } else {
      customerId = (await this.lookups.usableOrder(f.orderId, orderScope(user), errors))?.customerId ?? null;
    }
    const methods = await this.lookups.dictValues(METHOD_DICT);
    if (!methods.includes(f.method)) errors.method = [t('financeMethodInvalid', { list: methods.join(', ') })];
    const money = await this.lookups.checkMoney({ type: f.type, amount: f.amount, currency: f.currency, rate: f.rate }, TYPE_DICT[kind], errors);
    if (!money || Object.keys(errors).length) throw new FieldErrors(errors);
    return {
      orderId: f.orderId,
      customerId,
      type: f.type,
      amount: f.amount,
      currency: f.currency,
      rate: money.rate,
      bookAmount: money.bookAmount,
      counterparty: f.counterparty,
      method: f.method,
      paidOn: dayOf(f.paidOn),
      voucherIds: [...new Set(f.voucherIds)],
      remark: f.remark,
    };
  }

  /** Claims the vouchers for the record: those it has, or the writer's own new uploads (FilesService.claim). */
  private async vouchers(tx: Tx, ids: number[], user: Principal, kept: number[] = []) {
    await this.files.claim(tx, ids, { userId: user.userId, use: 'document', field: 'voucherIds', kept });
  }

  /** Edits a registered record, or amends a refused or unlocked one (which goes back to audit). */
  async change(move: 'update' | 'amendRefused' | 'amendUnlocked', dto: RecordChangeDto, user: Principal): Promise<RecordView> {
    const allowSelf = await this.allowSelfApproval();
    await this.prisma.db.$transaction(async (tx) => {
      const [record] = await this.lockRecords(tx, [dto.id], user);
      this.assertMay(move, record, user, allowSelf);
      if (record.ver !== dto.ver) throw AppError.staleVersion();
      const kind = record.kind as RecordKind;
      const { id, ver, ...sent } = dto;
      const data = await this.checked(
        kind,
        {
          orderId: sent.orderId !== undefined ? sent.orderId : record.orderId,
          type: sent.type ?? record.type,
          amount: sent.amount ?? record.amount.toNumber(),
          currency: sent.currency ?? record.currency,
          // a new currency needs its own rate; the stored one only stands while the currency stays
          rate: sent.rate !== undefined ? sent.rate : sent.currency !== undefined && sent.currency !== record.currency ? null : record.rate.toNumber(),
          counterparty: sent.counterparty ?? record.counterparty,
          method: sent.method ?? record.method,
          paidOn: sent.paidOn ?? dayText(record.paidOn)!,
          voucherIds: sent.voucherIds ?? record.voucherIds,
          remark: sent.remark !== undefined ? sent.remark : record.remark,
        },
        user,
      );
      await this.vouchers(tx, data.voucherIds, user, record.voucherIds);
      const to = RECORD_MOVES[move].to;
      await this.write(tx, record, { ...data, status: to, ...(to === 'pending' ? { submittedAt: new Date() } : {}) });
      await this.log(tx, record.id, LOG_ACTION[move], record.status, to, null, user);
    });
    return this.detail(dto.id, user);
  }

  /** Sends registered records to audit, all or none. */
  async submit(ids: number[], user: Principal): Promise<{ count: number }> {
    return this.batch(ids, 'submit', user, async (tx, record) => {
      await this.write(tx, record, { status: 'pending', submittedAt: new Date() });
      await this.log(tx, record.id, 'submit', record.status, 'pending', null, user);
    });
  }

  async verifyOne(dto: SingleVerifyDto, user: Principal): Promise<RecordView> {
    await this.verify([dto.id], dto.pass, dto.reason ?? null, user, dto.ver);
    return this.detail(dto.id, user);
  }

  async verifyMany(dto: BatchVerifyDto, user: Principal): Promise<{ count: number }> {
    return this.verify(dto.ids, dto.pass, dto.reason ?? null, user);
  }

  /** Pending records pass (locked: their amounts count on their orders) or are refused with a reason. */
  private async verify(ids: number[], pass: boolean, reason: string | null, user: Principal, ver?: number): Promise<{ count: number }> {
    const move = pass ? 'pass' : 'refuse';
    const to = RECORD_MOVES[move].to;
    const orders: (number | null)[] = [];
    const result = await this.batch(
      ids,
      move,
      user,
      async (tx, record) => {
        await this.write(tx, record, { status: to, auditedBy: user.userId, auditedAt: new Date(), ...(pass ? {} : { refuseReason: reason }) });
        await this.log(tx, record.id, move, record.status, to, reason, user);
        orders.push(record.orderId);
      },
      ver,
      async (tx) => {
        if (pass) await this.figures.refresh(tx, orders);
      },
    );
    return result;
  }

  /** A locked record opened for amendment: its amount leaves its order's figures until it is locked again. */
  async unlock(id: number, dto: UnlockDto, user: Principal): Promise<RecordView> {
    await this.single(id, dto.ver, 'unlock', user, async (tx, record) => {
      await this.write(tx, record, { status: 'unlocked', unlockReason: dto.reason });
      await this.log(tx, record.id, 'unlock', record.status, 'unlocked', dto.reason, user);
      await this.figures.refresh(tx, [record.orderId]);
    });
    return this.detail(id, user);
  }

  /** An unlocked record locked again unchanged (pay/lock for outgoing, entry/lock for entry). */
  async relock(kind: RecordKind, id: number, ver: number, user: Principal): Promise<RecordView> {
    await this.single(id, ver, 'lock', user, async (tx, record) => {
      if (record.kind !== kind) throw AppError.notFound();
      await this.write(tx, record, { status: 'locked' });
      await this.log(tx, record.id, 'lock', record.status, 'locked', null, user);
      await this.figures.refresh(tx, [record.orderId]);
    });
    return this.detail(id, user);
  }

  /** Deletes a record not yet verified; its trail stays. */
  async remove(id: number, user: Principal): Promise<void> {
    await this.prisma.db.$transaction(async (tx) => {
      const [record] = await this.lockRecords(tx, [id], user);
      this.assertMay('delete', record, user, false);
      await tx.financeRecord.delete({ where: { id } });
      await this.log(tx, id, 'delete', record.status, null, null, user);
    });
  }

  private async single(id: number, ver: number, move: RecordMove, user: Principal, work: (tx: Tx, record: FinanceRecord) => Promise<void>) {
    const allowSelf = await this.allowSelfApproval();
    await this.prisma.db.$transaction(async (tx) => {
      const [record] = await this.lockRecords(tx, [id], user);
      this.assertMay(move, record, user, allowSelf);
      if (record.ver !== ver) throw AppError.staleVersion();
      await work(tx, record);
    });
  }

  /** A move of several records, all or none: every refusal is listed on `ids`. */
  private async batch(
    ids: number[],
    move: RecordMove,
    user: Principal,
    work: (tx: Tx, record: FinanceRecord) => Promise<void>,
    ver?: number,
    after?: (tx: Tx) => Promise<void>,
  ): Promise<{ count: number }> {
    const unique = [...new Set(ids)];
    const allowSelf = await this.allowSelfApproval();
    await this.prisma.db.$transaction(async (tx) => {
      const records = await this.lockRecords(tx, unique, user);
      if (ver !== undefined && records[0].ver !== ver) throw AppError.staleVersion();
      const problems = records.map((r) => this.problem(move, r, user, allowSelf)).filter((p): p is string => p !== null);
      if (problems.length) {
        if (unique.length === 1) throw new AppError(400, 'financeRefusedPlain', { text: problems[0] });
        throw new FieldErrors({ ids: problems });
      }
      for (const record of records) await work(tx, record);
      await after?.(tx);
    });
    return { count: unique.length };
  }

  /**
   * Why `user` may not make `move` on the record, or null when they may: the state table, their codes, and
   * segregation of duties (no auditor's step on a record they registered unless `allowSelf`).
   */
  private problem(move: RecordMove, record: FinanceRecord, user: Principal, allowSelf: boolean): string | null {
    if (!canMove(move, record.status)) {
      return t('financeMoveRefused', { no: record.recordNo, state: t(STATUS_LABEL[record.status as RecordStatus]), move: t(MOVE_LABEL[move]) });
    }
    const kindCode = KIND_CODE[record.kind as RecordKind];
    const own = record.createdBy === user.userId && holdsAny(user, [kindCode]);
    const allowed: Record<RecordMove, boolean> = {
      update: own || holdsAny(user, ['finance:edit']),
      submit: own || holdsAny(user, ['finance:edit']),
      amendRefused: own || holdsAny(user, ['finance:edit']),
      amendUnlocked: holdsAny(user, ['finance:edit']),
      pass: holdsAny(user, ['finance:audit']),
      refuse: holdsAny(user, ['finance:audit']),
      unlock: holdsAny(user, ['finance:unlock']),
      lock: holdsAny(user, ['finance:unlock']),
      delete: own || holdsAny(user, ['finance:delete']),
    };
    if (!allowed[move]) return t('financeMoveForbidden', { no: record.recordNo, move: t(MOVE_LABEL[move]) });
    if (selfAuditBarred(move, record.createdBy, user.userId, allowSelf))
      return t('financeOwnRecordRefused', { no: record.recordNo, move: t(MOVE_LABEL[move]) });
    return null;
  }

  private assertMay(move: RecordMove, record: FinanceRecord, user: Principal, allowSelf: boolean) {
    const problem = this.problem(move, record, user, allowSelf);
    if (problem) throw new AppError(canMove(move, record.status) ? 403 : 400, 'financeRefusedPlain', { text: problem });
  }

  /**
   * Locks the records (by id, so concurrent batches cannot deadlock) and reads them; any missing or out
   * of the caller's scope is a 404 naming them.
   */
  private async lockRecords(tx: Tx, ids: number[], user: Principal): Promise<FinanceRecord[]> {
    await tx.$queryRaw`select id from finance_record where id = any(${ids}::int[]) order by id for update`;
    const records = await tx.financeRecord.findMany({ where: recordsWith(user, { id: { in: ids } }), orderBy: { id: 'asc' } });
    const found = new Set(records.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) {
      if (ids.length === 1) throw AppError.notFound();
      throw new AppError(404, 'financeRecordNotFoundIds', { ids: missing.join(', ') });
    }
    return records;
  }

  /** Writes a record under its current ver (the row is locked, so it matches) and bumps it. */
  private async write(tx: Tx, record: FinanceRecord, data: Prisma.FinanceRecordUncheckedUpdateInput) {
    await tx.financeRecord.update({ where: { id: record.id }, data: { ...data, ver: { increment: 1 } } });
  }

  private async log(tx: Tx, recordId: number, action: string, fromStatus: string | null, toStatus: string | null, reason: string | null, user: Principal) {
    await tx.financeRecordLog.create({ data: { recordId, action, fromStatus, toStatus, reason, userId: user.userId } });
  }

  async detail(id: number, user: Principal) {
    const record = await this.prisma.db.financeRecord.findFirst({ where: recordsWith(user, { id }) });
    if (!record) throw AppError.notFound();
    return (await this.shown([record], user))[0];
  }

  /**
   * The records as `user`'s screens show them: named, each saying whether segregation of duties keeps the
   * user from its auditor's steps (`selfAuditBarred`: they registered it; the screens disable those actions).
   */
  async shown(records: FinanceRecord[], user: Principal) {
    const [named, allowSelf] = await Promise.all([this.named(records), this.allowSelfApproval()]);
    return named.map((r) => ({ ...r, selfAuditBarred: selfAuditBarred('pass', r.createdBy, user.userId, allowSelf) }));
  }

  /** The record with its trail, oldest first. */
  async detailWithLogs(id: number, user: Principal) {
    const record = await this.detail(id, user);
    const logs = await this.prisma.db.financeRecordLog.findMany({ where: { recordId: id }, orderBy: { id: 'asc' } });
    const names = await this.lookups.userNames(logs.map((l) => l.userId));
    return { ...record, logs: logs.map(({ recordId: _r, ...l }) => ({ ...l, userName: names.get(l.userId) ?? null })) };
  }

  /** The records as the screens show them: numbers, the order's number, the customer's, registrant's and auditor's names, the vouchers. */
  async named(records: FinanceRecord[]) {
    const [orders, { customers, users }, files] = await Promise.all([
      this.lookups.orders(records.map((r) => r.orderId)),
      namesOf(this.prisma, { customers: records.map((r) => r.customerId), users: records.flatMap((r) => [r.createdBy, r.auditedBy]) }),
      this.prisma.db.storedFile.findMany({ where: { id: { in: [...new Set(records.flatMap((r) => r.voucherIds))] } } }),
    ]);
    const file = new Map(files.map((f) => [f.id, f]));
    return records.map((r) => ({
      ...r,
      // text columns holding only these values (the rules write them)
      kind: r.kind as RecordKind,
      status: r.status as RecordStatus,
      amount: num(r.amount)!,
      rate: num(r.rate)!,
      bookAmount: num(r.bookAmount)!,
      paidOn: dayText(r.paidOn),
      orderNo: r.orderId === null ? null : (orders.get(r.orderId)?.orderNo ?? null),
      customerCode: r.customerId === null ? null : (customers.get(r.customerId)?.code ?? null),
      customerName: r.customerId === null ? null : (customers.get(r.customerId)?.companyName ?? null),
      createdByName: users.get(r.createdBy) ?? null,
      auditedByName: r.auditedBy === null ? null : (users.get(r.auditedBy) ?? null),
      vouchers: r.voucherIds.flatMap((id) => {
        const f = file.get(id);
        return f ? [{ id: f.id, fileName: f.fileName, url: this.files.url(f.filePath) }] : [];
      }),
    }));
  }

  async list(query: RecordListDto, user: Principal): Promise<Page<RecordView> & { totals: CurrencyTotal[] }> {
    if (!seesAllRecords(user) && !holdsAny(user, [KIND_CODE[query.kind]])) throw AppError.forbidden();
    const where = await this.listWhere(query, user);
    const { skip, take } = skipTake(query);
    const [rows, total, sums] = await Promise.all([
      this.prisma.db.financeRecord.findMany({ where, orderBy: [{ [query.sortField]: query.sortOrder }, { id: query.sortOrder }], skip, take }),
      this.prisma.db.financeRecord.count({ where }),
      this.prisma.db.financeRecord.groupBy({
        by: ['currency'],
        where,
        _sum: { amount: true, bookAmount: true },
        _count: { _all: true },
        orderBy: { currency: 'asc' },
      }),
    ]);
    const totals = sums.map((s) => ({ currency: s.currency, amount: num(s._sum.amount) ?? 0, bookAmount: num(s._sum.bookAmount) ?? 0, count: s._count._all }));
    return { ...toPage(await this.shown(rows, user), total, query), totals };
  }

  private async listWhere(query: RecordListDto, user: Principal): Promise<Prisma.FinanceRecordWhereInput> {
    const statuses = RECORD_VIEWS[query.view];
    const where: Prisma.FinanceRecordWhereInput = { kind: query.kind };
    if (statuses) where.status = { in: [...statuses] };
    if (query.createdBy) where.createdBy = query.createdBy;
    if (query.recordNo) where.recordNo = { startsWith: query.recordNo.toUpperCase() };
    if (query.orderId) where.orderId = query.orderId;
    if (query.orderNo) {
      where.AND = [{ orderId: { in: await this.lookups.orderIdsByPrefix(query.orderNo, recordOrders(user)) } }];
    }
    if (query.customerId) where.customerId = query.customerId;
    if (query.type) where.type = query.type;
    if (query.currency) where.currency = query.currency;
    if (query.method) where.method = query.method;
    if (query.paidFrom || query.paidTo)
      where.paidOn = { gte: query.paidFrom ? dayOf(query.paidFrom) : undefined, lte: query.paidTo ? dayOf(query.paidTo) : undefined };
    if (query.key) {
      const contains = { contains: query.key, mode: 'insensitive' as const };
      where.OR = [{ counterparty: contains }, { remark: contains }];
    }
    // the caller's scope AND the filters: a filter naming another registrant, order or customer only narrows
    return recordsWith(user, where);
  }
}
