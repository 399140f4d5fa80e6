import { LOSING_ACTIONS } from '@forwarder/domain';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Principal } from '../common/access.decorators.js';
import { AppError } from '../common/app-error.js';
import { AuditService } from '../audit/audit.service.js';
import { Prisma } from '../generated/prisma/client.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { recordCustomerEvent } from './customer-log.js';
import { daysBefore, idleBefore, idleCutoff, unprotectedAt } from './customer-rules.js';
import { ownScope, readScope, viewerOf } from './customer-scope.js';
import type { ReleaseCustomerDto } from './customers.dto.js';
import { DAY_MS, scheduleDaily } from '../prisma/daily-job.js';

/** Whether this process takes part in running the daily pool rule (once a day across all instances, prisma/daily-job.ts); CUSTOMER_POOL_SCHEDULED=false turns it off, as tests do. */
export const CUSTOMER_POOL_SCHEDULED = Symbol('CUSTOMER_POOL_SCHEDULED');

export function readPoolScheduled(env: Record<string, string | undefined> = process.env): boolean {
  return env.CUSTOMER_POOL_SCHEDULED !== 'false';
}

export interface PoolRunResult {
  /** customers idle since before this instant were due; null when `customer.publicPoolMonths` turns the pool off */
  cutoff: Date | null;
  /** ids of the customers that fell into the pool */
  released: number[];
  /** binding codes removed because they expired more than a day ago */
  purgedBindCodes: number;
}

const BATCH = 500;

/**
 * The public pool: once a day, approved customers idle for `customer.publicPoolMonths` and not
 * protected lose their salesman; a salesman (or a manager) may also release one by hand, with a reason.
 * From the pool any salesman may claim them, except the one who lost a customer within
 * `customer.reclaimCooldownDays`. Each move is a row of the customer's history (customer-log.ts).
 */
@Injectable()
export class CustomerPoolService implements OnModuleInit {
  constructor(
    private readonly prisma: PrismaService,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly scheduler: SchedulerRegistry,
    @Inject(CUSTOMER_POOL_SCHEDULED) private readonly scheduled: boolean,
  ) {}

  onModuleInit() {
    if (!this.scheduled) return;
    scheduleDaily(
      this.scheduler,
      this.prisma.base,
      'customer-pool',
      () => this.releaseIdle(),
      (error) => this.audit.recordError({ message: `customer pool run failed: ${error.message}`, stack: error.stack }),
    );
  }

  /**
   * Moves every due customer into the pool, one versioned update each with its history row (who lost
   * it, which the reclaim rule reads); a customer changed meanwhile (protected, an order placed) is
   * left alone. Also drops binding codes long expired.
   */
  async releaseIdle(now = new Date()): Promise<PoolRunResult> {
    const cutoff = idleCutoff(now, await this.settings.get('customer.publicPoolMonths'));
    const released: number[] = [];
    if (cutoff) {
      const due: Prisma.CustomerWhereInput = { reviewStatus: 'approved', salesmanId: { not: null }, AND: [idleBefore(cutoff), unprotectedAt(now)] };
      for (let after = 0; ;) {
        const batch = await this.prisma.db.customer.findMany({
          where: { ...due, id: { gt: after } },
          select: { id: true, ver: true, salesmanId: true },
          orderBy: { id: 'asc' },
          take: BATCH,
        });
        for (const { id, ver, salesmanId } of batch) {
          try {
            await this.prisma.db.$transaction(async (tx) => {
              await tx.customer.update({
                where: { id, ver, AND: [due] },
                data: { salesmanId: null, publicSince: now, protectedUntil: null, ver: { increment: 1 } },
              });
              await recordCustomerEvent(tx, { customerId: id, action: 'drop', salesmanId, userId: null });
            });
            released.push(id);
          } catch (error) {
            if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2025') throw error;
          }
        }
        if (batch.length < BATCH) break;
        after = batch[batch.length - 1].id;
      }
    }
    const purged = await this.prisma.db.customerBindCode.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - DAY_MS) } } });
    return { cutoff, released, purgedBindCodes: purged.count };
  }

  /** The caller takes a customer from the pool: it becomes theirs and its idle clock starts again. */
  async claim(id: number, user: Principal): Promise<void> {
    const customer = await this.prisma.db.customer.findFirst({ where: { AND: [readScope(viewerOf(user)), { id }] }, select: { salesmanId: true } });
    if (!customer) throw AppError.notFound();
    if (customer.salesmanId !== null) throw AppError.badRequest('customerNotInPool');
    const cooldownDays = await this.settings.get('customer.reclaimCooldownDays');
    const lost = cooldownDays > 0 ? await this.lostRecently(id, user.userId, daysBefore(new Date(), cooldownDays)) : null;
    // a customer the salesman released himself is said to be released (释放), not to have fallen (掉入) into the pool
    if (lost) throw AppError.badRequest(lost === 'release' ? 'customerReclaimCooldownReleased' : 'customerReclaimCooldown', { days: cooldownDays });
    try {
      await this.prisma.db.$transaction(async (tx) => {
        await tx.customer.update({
          where: { id, salesmanId: null },
          data: { salesmanId: user.userId, publicSince: null, lastOrderAt: new Date(), ver: { increment: 1 } },
        });
        await recordCustomerEvent(tx, { customerId: id, action: 'claim', salesmanId: user.userId, userId: user.userId });
      });
    } catch (error) {
      // Someone claimed it between the read and the write.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025') throw AppError.badRequest('customerNotInPool');
      throw error;
    }
  }

  /**
   * Releases an approved customer to the pool by hand, with the reason the history keeps: its owner
   * releases their own, a holder of customers:all anyone's (the customer scope; others' answer 404).
   * Its protection ends and it is listed in the pool from now on.
   */
  async release(dto: ReleaseCustomerDto, user: Principal): Promise<void> {
    const viewer = viewerOf(user);
    await this.prisma.db.$transaction(async (tx) => {
      const current = await tx.customer.findFirst({ where: { AND: [readScope(viewer), { id: dto.id }] } });
      if (!current) throw AppError.notFound();
      if (current.salesmanId === null) throw AppError.badRequest('customerAlreadyInPool');
      if (current.ver !== dto.ver) throw AppError.staleVersion();
      if (current.reviewStatus !== 'approved') throw AppError.badRequest('customerReleaseNotApproved');
      try {
        await tx.customer.update({
          where: { id: dto.id, ver: dto.ver, AND: [ownScope(viewer), { salesmanId: { not: null } }] },
          data: { salesmanId: null, publicSince: new Date(), protectedUntil: null, ver: { increment: 1 } },
        });
      } catch (error) {
        // changed between the read and the write
        if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025') throw AppError.staleVersion();
        throw error;
      }
      await recordCustomerEvent(tx, { customerId: dto.id, action: 'release', salesmanId: current.salesmanId, reason: dto.reason, userId: user.userId });
    });
  }

  /** How the user lost the customer within the cooldown, latest first: released it ('release') or let it fall idle ('drop'); null when not. */
  private async lostRecently(customerId: number, userId: number, since: Date): Promise<'release' | 'drop' | null> {
    const lost = await this.prisma.db.customerLog.findFirst({
      where: { customerId, salesmanId: userId, action: { in: [...LOSING_ACTIONS] }, createdAt: { gte: since } },
      orderBy: { createdAt: 'desc' },
      select: { action: true },
    });
    return lost ? (lost.action as 'release' | 'drop') : null;
  }
}
