import type { INestApplicationContext } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service.js';
import { DEMO_BUSINESS_DAYS, type DemoLoadProgress } from '../auth/demo-load-status.js';
import type { DemoLoadClaim } from './demo-load.js';
import { DAY, DemoContext } from './demo/context.js';
import { planBoard } from './demo/board.js';
import { CUSTOMERS, planCustomers } from './demo/customers.js';
import { planFinance } from './demo/finance.js';
import { planOrders } from './demo/orders.js';
import { planQuestions } from './demo/questions.js';
import { loadReference, type Network } from './demo/reference.js';

/** The story starts this many days before the present (the customers who fell into the public pool were added then). */
const STORY_DAYS = 330;
/** A progress line every this many days of the business (each day is recorded for the sign-in page). */
const PROGRESS_LINE_DAYS = 10;

/**
 * Business demo data for testers: about three months of a small forwarder's business (and the older past
 * some customers need), written through the application's services as the staff would, at the times it
 * happened (seed/demo/context.ts, clock.ts), so every figure, timeline, work record and serial number is
 * what the product itself writes. Customers in every list of sales01 and sales02, a few hundred orders of
 * the three lines in every stage and side state, their cargo, containers and documents, the issue board,
 * charges, hand-ins and expense claims in every state, arrears of every age and commissions paid and due,
 * questions and notices. Deterministic (a seeded random source) and loaded once: skipped when ports or
 * orders exist. `npm start` loads it on the first run, while the server already serves (DEMO_DATA=false
 * leaves it out; loadClaimedDemoBusiness); the test suites never load it, except its own. Tells `log` how
 * far it is every PROGRESS_LINE_DAYS days of the last DEMO_BUSINESS_DAYS, and `progress` every day.
 */
export async function loadDemoBusiness(
  app: INestApplicationContext,
  log: (line: string) => void = console.log,
  progress: (progress: DemoLoadProgress) => Promise<void> = async () => {},
): Promise<void> {
  const prisma = app.get(PrismaService).db;
  if ((await prisma.port.count()) > 0 || (await prisma.order.count()) > 0) return log('demo business data skipped: ports or orders exist');
  const started = Date.now();
  const cpu = process.cpuUsage();
  const ctx = await DemoContext.create(app, started - STORY_DAYS * DAY, started);
  // assigned by the scheduled step, which ctx.play() runs before planOrders
  let network!: Network;
  ctx.schedule(ctx.moment(STORY_DAYS, 9), 'reference data', async () => {
    network = await loadReference(ctx);
  });
  await ctx.play();
  planCustomers(ctx);
  const business = planOrders(ctx, network);
  planFinance(ctx, business);
  planBoard(ctx, business);
  planQuestions(ctx);
  let lastDay = -1;
  let lastLine = -1;
  const reach = async (day: number) => {
    const reached = { day, days: DEMO_BUSINESS_DAYS, orders: await prisma.order.count() };
    await progress(reached);
    lastDay = day;
    if (Math.floor(day / PROGRESS_LINE_DAYS) === lastLine) return;
    lastLine = Math.floor(day / PROGRESS_LINE_DAYS);
    log(`demo data: day ${day} of ${DEMO_BUSINESS_DAYS}, ${reached.orders} orders so far`);
  };
  // days as the calendar (Shanghai's) counts them, whatever the hour of the start: today is the last day
  await ctx.play((at) => reach(Math.max(0, DEMO_BUSINESS_DAYS - ctx.daysAgo(at))));
  // a start before today's first step (the early hours in Shanghai) still ends on today
  if (lastDay < DEMO_BUSINESS_DAYS) await reach(DEMO_BUSINESS_DAYS);
  const orders = await prisma.order.count();
  const { user, system } = process.cpuUsage(cpu);
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  log(
    `demo business data loaded: ${CUSTOMERS.length} customers, ${orders} orders, ${ctx.played} steps in ${seconds(Date.now() - started)} s (${seconds((user + system) / 1000)} s of this process's CPU)`,
  );
}

/**
 * `npm start`'s first run: the demo business loaded in the background under the start's claim
 * (seed/demo-load.ts), while the server serves. Its end is recorded on the claim: done, or failed (said on
 * `log`), and the next start empties the database and loads it again.
 */
export async function loadClaimedDemoBusiness(app: INestApplicationContext, claim: DemoLoadClaim, log: (line: string) => void = console.log): Promise<void> {
  log('demo data: loading three months of business in the background; the staff can sign in meanwhile');
  try {
    await loadDemoBusiness(app, log, (progress) => claim.progress(progress));
  } catch (error) {
    log(`demo data: the load failed (${(error as Error).message}); the next start empties the database and loads it again`);
    await claim.finish(error as Error).catch(() => {});
    return;
  }
  await claim.finish();
}
