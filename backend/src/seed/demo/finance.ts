import type { RecordKind } from '@forwarder/domain';
import { ChargesService } from '../../finance/charges.service.js';
import { CommissionService } from '../../finance/commission.service.js';
import type { ChargeAddDto, RecordAddDto } from '../../finance/finance.dto.js';
import { RecordsService } from '../../finance/records.service.js';
import { DAY, HOUR, type Actor, type DemoContext } from './context.js';
import type { Payer } from './customers.js';
import { moving, type Business, type DemoOrder } from './orders.js';

/** The rate of the US dollar to the book currency on a day of the story (drifting a little). */
const usdRate = (at: number) => Math.round((7.12 + 0.06 * Math.sin(at / (9 * DAY))) * 10_000) / 10_000;

/** Days from the last bill to the customer's payment, by how the customer pays; null: no payment. */
const PAYMENT_DELAY: Record<Payer, [number, number] | null> = { prompt: [5, 15], partial: [10, 25], late: [40, 70], never: null };

/** How a record's audit goes: passed, refused (then amended, or left refused), unlocked after passing (then amended, or left unlocked). */
type Audit = 'pass' | 'refuseAmend' | 'refuse' | 'unlockAmend' | 'unlock';

interface PlannedRecord {
  kind: RecordKind;
  actor: Actor;
  at: number;
  /** days after which it is sent to audit (0: at once); null: saved, not sent yet */
  submitAfter: number | null;
  /** none: finance has not got to it yet */
  audit: Audit | 'none';
  /** the order the record is for (its id is known once the order is placed) */
  order?: DemoOrder;
  dto: Omit<RecordAddDto, 'paidOn' | 'amount' | 'orderId'> & { amount?: number };
  /** the amount when the step runs (an entry pays what is outstanding then) */
  amountAt?: () => Promise<number | null>;
  id?: number;
}

/**
 * Plans the money of the story: each order billed from its quotation when its goods are in (freight),
 * customs and storage fees on top, the carrier's and the trucker's costs; customers paying their bills as
 * they do (hand-ins registered by the salesman, audited by finance, a few refused or unlocked); expense
 * claims; and the weekly commission runs that move fully paid, delivered orders to brokerage.
 */
export function planFinance(ctx: DemoContext, business: Business): void {
  const { random } = ctx;
  const charges = ctx.get(ChargesService);
  const records: PlannedRecord[] = [];
  const freight = async (order: DemoOrder) => ctx.prisma.orderCharge.findFirst({ where: { orderId: order.id, kind: 'receivable', type: '运费' } });

  for (const order of business.orders) {
    if (order.voidAt !== undefined || !order.shipment) continue;
    const { moves } = order.shipment;
    const air = order.line === 'airtransport';
    const label = (what: string) => `order ${order.serial}: ${what}`;
    const billedAt = order.warehouseAt + 2 * HOUR;
    ctx.schedule(billedAt, label('freight from the quotation'), () =>
      ctx.as('fin01', (fin) => charges.addFromQuote(order.id!, { rate: air ? usdRate(billedAt) : null }, fin)),
    );
    if (random.chance(0.15)) {
      const at = moves.prepareCabinet! - HOUR;
      ctx.schedule(at, label('storage fee'), () =>
        ctx.as('fin01', (fin) =>
          charges.add('receivable', { orderId: order.id!, type: '仓储费', amount: random.amount(80, 320, 0), currency: 'CNY', remark: '超期仓储' }, fin),
        ),
      );
    }
    const customsAt = moves.customs! + HOUR;
    const customsFee = air ? 300 : random.pick([450, 500, 550, 650]);
    ctx.schedule(customsAt, label('customs fee'), () =>
      ctx.as('fin01', async (fin) =>
        moving(order, customsAt) ? charges.add('receivable', { orderId: order.id!, type: '报关费', amount: customsFee, currency: 'CNY' }, fin) : null,
      ),
    );
    /** A payable charged at `at` from the order's billed freight, while the order still moves. */
    const payable = (at: number, what: string, charge: (billed: NonNullable<Awaited<ReturnType<typeof freight>>>) => Omit<ChargeAddDto, 'orderId'>) =>
      ctx.schedule(at, label(what), () =>
        ctx.as('fin01', async (fin) => {
          const billed = await freight(order);
          if (!billed || !moving(order, at)) return;
          await charges.add('payable', { orderId: order.id!, ...charge(billed) }, fin);
        }),
      );
    const sailAt = moves.sail! + 3 * HOUR;
    const carrierShare = random.amount(0.55, 0.72, 3);
    payable(sailAt, "carrier's freight", (billed) => ({
      type: '运费',
      amount: Math.round(billed.amount.toNumber() * carrierShare * 100) / 100,
      currency: billed.currency,
      rate: billed.currency === 'CNY' ? null : usdRate(sailAt),
      counterparty: order.shipment!.carrier.name,
    }));
    const truckAt = moves.startDelivery! + 2 * HOUR;
    const truckShare = random.amount(0.05, 0.1, 3);
    payable(truckAt, 'trucking cost', (billed) => ({
      type: '拖车费',
      amount: Math.max(80, Math.round(billed.bookAmount.toNumber() * truckShare)),
      currency: 'CNY',
      counterparty: `${order.route.destination.city} 派送车队`,
    }));
    planPayments(ctx, order, Math.max(customsAt, billedAt), records);
    // an operator pays the pick-up truck of a container load in cash and claims it back
    if (order.line === 'dedicatedline' && random.chance(0.4)) {
      records.push({
        kind: 'outgoing',
        actor: 'op01',
        at: order.createdAt + DAY,
        submitAfter: random.chance(0.1) ? 1 : 0,
        audit: random.weighted([
          ['pass', 85],
          ['refuse', 8],
          ['unlock', 7],
        ] as const),
        order,
        dto: {
          type: '拖车费',
          amount: random.amount(180, 520, 0),
          currency: 'CNY',
          counterparty: `${order.route.origin.city}顺通物流`,
          method: '现金',
          remark: '上门提货',
        },
      });
    }
  }
  // office expenses claimed by the salesmen, a couple a month
  for (let daysAgo = 95; daysAgo > 0; daysAgo -= 14) {
    for (const actor of ['sales01', 'sales02'] as const) {
      records.push({
        kind: 'outgoing',
        actor,
        at: ctx.moment(daysAgo - (actor === 'sales02' ? 3 : 0), 15),
        // the latest still being written, the one before waiting for audit
        submitAfter: daysAgo < 14 ? null : 0,
        audit:
          daysAgo < 28
            ? 'none'
            : daysAgo > 40 && daysAgo < 60 && actor === 'sales02'
              ? 'refuse'
              : daysAgo > 60 && daysAgo < 70 && actor === 'sales01'
                ? 'unlock'
                : 'pass',
        dto: {
          type: '办公费',
          amount: random.amount(120, 980, 0),
          currency: 'CNY',
          counterparty: random.pick(['滴滴出行', '京东商城', '中国移动', '顺丰速运']),
          method: random.pick(['支付宝', '微信']),
          remark: '客户拜访及办公用品',
        },
      });
    }
  }
  // the newest hand-ins: finance has not got to them yet, and every third is only saved
  const newest = records.filter((record) => record.kind === 'entry' && record.at > ctx.end - 4 * DAY && record.at < ctx.end - HOUR);
  for (const [i, record] of newest.entries()) Object.assign(record, { audit: 'none', submitAfter: i % 3 === 1 ? null : 0 });
  scheduleRecords(ctx, records);
  scheduleCommissionRuns(ctx);
}

/**
 * The customer's payments of one order, registered by its salesman as hand-ins: in full after the last
 * bill (prompt or late payers), or part of it (partial payers, half of whom pay the rest later).
 */
function planPayments(ctx: DemoContext, order: DemoOrder, lastBillAt: number, records: PlannedRecord[]) {
  const { random } = ctx;
  const delay = PAYMENT_DELAY[order.customer.payer];
  if (!delay) return;
  const outstanding = async () => {
    const figures = await ctx.prisma.orderFinance.findUnique({ where: { orderId: order.id }, select: { outstanding: true } });
    return figures ? figures.outstanding.toNumber() : null;
  };
  const partial = order.customer.payer === 'partial';
  const at = lastBillAt + random.int(...delay) * DAY + random.int(0, 6) * HOUR;
  const entry = (when: number, share: number): PlannedRecord => ({
    kind: 'entry',
    actor: order.salesman,
    at: when,
    submitAfter: random.chance(0.08) ? 1 : 0,
    audit: random.weighted([
      ['pass', 86],
      ['refuseAmend', 5],
      ['refuse', 2],
      ['unlockAmend', 4],
      ['unlock', 3],
    ] as const),
    order,
    dto: {
      type: '运费收款',
      currency: 'CNY',
      counterparty: order.customer.companyName,
      method: random.weighted([
        ['银行转账', 8],
        ['支付宝', 1],
        ['微信', 1],
      ] as const),
      remark: share < 1 ? '部分付款' : null,
    },
    amountAt: async () => {
      const due = await outstanding();
      return due && due > 0 ? Math.round(due * share * 100) / 100 : null;
    },
  });
  records.push(entry(at, partial ? 0.6 : 1));
  if (partial && random.chance(0.5)) records.push(entry(at + random.int(25, 45) * DAY, 1));
}

/**
 * The records' lives: registered (sent to audit at once, or a day later), audited by finance the next
 * working afternoon; a refused one amended and sent again the day after, or left refused; a passed one
 * unlocked a few days later for a correction, then amended, or still waiting.
 */
function scheduleRecords(ctx: DemoContext, records: PlannedRecord[]) {
  const service = ctx.get(RecordsService);
  const ver = async (record: PlannedRecord) => (await ctx.prisma.financeRecord.findUniqueOrThrow({ where: { id: record.id }, select: { ver: true } })).ver;
  /** Registers the record (sent to audit at once unless it waits); a mistyped amount is what finance refuses. */
  const register = (record: PlannedRecord, mistyped: boolean) =>
    ctx.schedule(record.at, `register ${record.kind} record`, () =>
      ctx.as(record.actor, async (user) => {
        const amount = record.amountAt ? await record.amountAt() : record.dto.amount!;
        if (amount === null) return;
        const paidOn = ctx.dayOf(record.at);
        const added = await service.add(
          record.kind,
          { ...record.dto, orderId: record.order?.id ?? null, amount: mistyped ? amount + 1000 : amount, paidOn, submit: record.submitAfter === 0 },
          user,
        );
        record.id = added.id;
        record.dto.amount = amount;
      }),
    );
  // what finance passes each afternoon, in one batch
  const passes = new Map<number, PlannedRecord[]>();
  const audit = (record: PlannedRecord, at: number, pass: boolean) => {
    if (pass) return passes.set(at, [...(passes.get(at) ?? []), record]);
    ctx.schedule(at, `refuse ${record.kind} record`, () =>
      ctx.as('fin01', async (fin) =>
        record.id
          ? service.verifyOne(
              {
                id: record.id,
                ver: await ver(record),
                pass,
                reason: record.kind === 'entry' ? '金额与银行回单不符，请核对后重新提交' : '缺少发票，请补充后重新提交',
              },
              fin,
            )
          : null,
      ),
    );
  };
  for (const record of records) {
    const submitAt = record.at + (record.submitAfter ?? 0) * DAY;
    if (record.submitAfter !== null && record.submitAfter > 0)
      ctx.schedule(submitAt, `submit ${record.kind} record`, () =>
        ctx.as(record.actor, async (user) => (record.id ? service.submit([record.id], user) : null)),
      );
    if (record.submitAfter === null || record.audit === 'none') {
      register(record, false);
      continue;
    }
    const auditAt = ctx.sameDay(submitAt + DAY, 16.5);
    const wrong = record.audit === 'refuse' || record.audit === 'refuseAmend';
    register(record, wrong);
    audit(record, auditAt, !wrong);
    // a hand-in left refused: the salesman registers the payment again, right this time
    if (record.audit === 'refuse' && record.kind === 'entry')
      records.push({ ...record, at: auditAt + 18 * HOUR, submitAfter: 0, audit: 'pass', dto: { ...record.dto }, id: undefined });
    if (record.audit === 'refuseAmend') {
      const amendAt = auditAt + 17 * HOUR;
      ctx.schedule(amendAt, `amend refused ${record.kind} record`, () =>
        ctx.as(record.actor, async (user) =>
          record.id
            ? service.change('amendRefused', { id: record.id, ver: await ver(record), amount: record.dto.amount, remark: '已按银行回单更正金额' }, user)
            : null,
        ),
      );
      audit(record, ctx.sameDay(amendAt + DAY, 16.5), true);
    }
    if (record.audit === 'unlock' || record.audit === 'unlockAmend') {
      const unlockAt = auditAt + 3 * DAY;
      ctx.schedule(unlockAt, `unlock ${record.kind} record`, () =>
        ctx.as('fin01', async (fin) => (record.id ? service.unlock(record.id, { reason: '付款日期登记有误，退回更正', ver: await ver(record) }, fin) : null)),
      );
      if (record.audit === 'unlockAmend') {
        ctx.schedule(unlockAt + 2 * HOUR, `amend unlocked ${record.kind} record`, () =>
          ctx.as('fin01', async (fin) =>
            record.id ? service.change('amendUnlocked', { id: record.id, ver: await ver(record), paidOn: ctx.dayOf(record.at + DAY) }, fin) : null,
          ),
        );
        audit(record, ctx.sameDay(unlockAt + DAY, 16.5), true);
      }
    }
  }
  for (const [at, batch] of passes) {
    ctx.schedule(at, 'audit run', () =>
      ctx.as('fin01', async (fin) => {
        const ids = batch.filter((record) => record.id !== undefined).map((record) => record.id!);
        if (ids.length) await service.verifyMany({ ids, pass: true }, fin);
      }),
    );
  }
}

/** Every week finance pays the commissions due: the orders delivered and fully paid move to brokerage. */
function scheduleCommissionRuns(ctx: DemoContext) {
  const commissions = ctx.get(CommissionService);
  for (let daysAgo = 200; daysAgo >= 4; daysAgo -= 7) {
    ctx.schedule(ctx.moment(daysAgo, 17.5), 'commission run', () =>
      ctx.as('fin01', async (fin) => {
        const due: number[] = [];
        for (let pageIndex = 1; ; pageIndex++) {
          const page = await commissions.list({ paid: false, pageIndex, pageSize: 200 }, fin);
          due.push(...page.items.filter((item) => 'commission' in item && item.commission !== null).map((item) => item.orderId));
          if (pageIndex >= page.totalPage) break;
        }
        if (due.length) await commissions.pay(due, fin);
      }),
    );
  }
}
