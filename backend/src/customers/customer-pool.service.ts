import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Principal } from '../common/access.decorators.js';
import { AppError } from '../common/app-error.js';
import { AuditService } from '../audit/audit.service.js';
import { Prisma } from '../generated/prisma/client.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { daysBefore, idleBefore, idleCutoff, unprotectedAt } from './customer-rules.js';
import { readScope, viewerOf } from './customer-scope.js';

/** Whether this process runs the daily pool rule by itself (CUSTOMER_POOL_SCHEDULED=false turns it off, as tests do). */
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

const DAY_MS = 24 * 60 * 60 * 1000;
/** The first scheduled run comes this long after start, so a server restarted more often than daily still runs it. */
const FIRST_RUN_MS = 60 * 1000;
const BATCH = 500;

/**
 * The public pool: once a day, approved customers idle for `customer.publicPoolMonths` and not
 * protected lose their salesman; from the pool any salesman may claim them, except the one who lost
 * a customer within `customer.reclaimCooldownDays`.
 */
@Injectable()
export class CustomerPoolService implements OnModuleInit, OnModuleDestroy {
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly prisma: PrismaService,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    @Inject(CUSTOMER_POOL_SCHEDULED) private readonly scheduled: boolean,
  ) {}

  onModuleInit() {
    if (!this.scheduled) return;
    const run = () =>
      void this.releaseIdle().catch((error: Error) => this.audit.recordError({ message: `customer pool run failed: ${error.message}`, stack: error.stack }));
    this.timers = [setTimeout(run, FIRST_RUN_MS), setInterval(run, DAY_MS)];
    for (const timer of this.timers) timer.unref();
  }

  onModuleDestroy() {
    for (const timer of this.timers) clearTimeout(timer);
  }

  /**
   * Moves every due customer into the pool, one versioned update each: the operation log keeps who
   * lost it (the before image's salesmanId), which the reclaim rule reads, and a customer changed
   * meanwhile (protected, an order placed) is left alone. Also drops binding codes long expired.
   */
  async releaseIdle(now = new Date()): Promise<PoolRunResult> {
    const cutoff = idleCutoff(now, await this.settings.get('customer.publicPoolMonths'));
    const released: number[] = [];
    if (cutoff) {
      const due: Prisma.CustomerWhereInput = { reviewStatus: 'approved', salesmanId: { not: null }, AND: [idleBefore(cutoff), unprotectedAt(now)] };
      for (let after = 0; ; ) {
        const batch = await this.prisma.db.customer.findMany({ where: { ...due, id: { gt: after } }, select: { id: true, ver: true }, orderBy: { id: 'asc' }, take: BATCH });
        for (const { id, ver } of batch) {
          try {
            await this.prisma.db.customer.update({
              where: { id, ver, AND: [due] },
              data: { salesmanId: null, publicSince: now, protectedUntil: null, ver: { increment: 1 } },
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
    if (cooldownDays > 0 && (await this.lostRecently(id, user.userId, daysBefore(new Date(), cooldownDays)))) {
      throw AppError.badRequest('customerReclaimCooldown', { days: cooldownDays });
    }
    try {
      await this.prisma.db.customer.update({
        where: { id, salesmanId: null },
        data: { salesmanId: user.userId, publicSince: null, lastOrderAt: new Date(), ver: { increment: 1 } },
      });
    } catch (error) {
      // Someone claimed it between the read and the write.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025') throw AppError.badRequest('customerNotInPool');
      throw error;
    }
  }

  /** Whether the operation log shows this customer falling into the pool from `userId` since `since`. */
  private async lostRecently(customerId: number, userId: number, since: Date): Promise<boolean> {
    const rows = await this.prisma.db.$queryRaw<unknown[]>`
      select 1 from data_change_log
       where table_name = 'Customer' and record_id = ${String(customerId)} and operation = 'update'
         and created_at >= ${since}
         and before->>'salesmanId' = ${String(userId)}
         and after->'salesmanId' = 'null'::jsonb
       limit 1`;
    return rows.length > 0;
  }
}
