import type { INestApplicationContext, Type } from '@nestjs/common';
import type { Principal } from '../../common/access.decorators.js';
import { AppError, FieldErrors } from '../../common/app-error.js';
import { requestContext } from '../../common/request-context.js';
import { GrantsService } from '../../auth/grants.service.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import { DemoClock } from './clock.js';
import { Random } from './random.js';

export const HOUR = 3600_000;
export const DAY = 24 * HOUR;
/** China keeps UTC+8 all year: the business's days start at 16:00 UTC. */
const SHANGHAI_OFFSET = 8 * HOUR;

/** The demo staff (seed/roles.ts STAFF_SEEDS) by the part each plays in the story. */
export const ACTORS = ['admin', 'sales01', 'sales02', 'op01', 'fin01', 'cs01'] as const;
export type Actor = (typeof ACTORS)[number];

interface Step {
  at: number;
  seq: number;
  label: string;
  work: () => Promise<unknown>;
}

/** The number of the day (Shanghai's, midnight to midnight, counted from 1 January 1970) that `moment` falls on. */
const shanghaiDay = (moment: number) => Math.floor((moment + SHANGHAI_OFFSET) / DAY);

/**
 * How many calendar days (Shanghai's, midnight to midnight) lie between the day of `from` and the day of `to`:
 * yesterday at 23:00 is one day before today at 01:00, and this morning at 9 none before tonight at 22.
 */
export function calendarDaysBetween(from: number, to: number): number {
  return shanghaiDay(to) - shanghaiDay(from);
}

/**
 * What every part of the demo loader shares: the application's services, the staff as principals, the
 * seeded random source, and the story's schedule. Each part plans steps at moments of the past three
 * months (`schedule`); `play` then runs them all in time order with the clock set to each step's moment,
 * so whatever a service stamps is the moment the step happened. Steps planned later than the load's
 * start are the future: they are left out.
 */
export class DemoContext {
  readonly prisma;
  readonly random = new Random(20261122);
  /** The moment the load started: the story's present. */
  readonly end: number;
  readonly clock: DemoClock;
  private readonly steps: Step[] = [];
  private seq = 0;
  private sorted = true;
  /** Steps played and left out (in the future), for the loader's report. */
  played = 0;
  skipped = 0;

  private constructor(
    private readonly app: INestApplicationContext,
    readonly staff: Record<Actor, Principal>,
    start: number,
    end: number,
  ) {
    this.prisma = app.get(PrismaService).db;
    this.end = end;
    this.clock = new DemoClock(start);
  }

  static async create(app: INestApplicationContext, start: number, end: number): Promise<DemoContext> {
    const prisma = app.get(PrismaService).db;
    const grants = app.get(GrantsService);
    const staff = {} as Record<Actor, Principal>;
    for (const account of ACTORS) {
      const user = await prisma.user.findUniqueOrThrow({ where: { account }, select: { id: true } });
      staff[account] = { ...(await grants.forUser(user.id))!, sessionId: 'demo-seed' };
    }
    return new DemoContext(app, staff, start, end);
  }

  get<T>(service: Type<T>): T {
    return this.app.get(service);
  }

  /** The moment `hour` o'clock (Shanghai, fractions allowed) on the day `daysAgo` days before the present. */
  moment(daysAgo: number, hour = 10): number {
    return this.sameDay(this.end - Math.round(daysAgo) * DAY, hour);
  }

  /** The moment `hour` o'clock (Shanghai) on the day of `at`. */
  sameDay(at: number, hour: number): number {
    return shanghaiDay(at) * DAY - SHANGHAI_OFFSET + Math.round(hour * 60) * 60_000;
  }

  /** How many days (Shanghai's, midnight to midnight) the day of `at` is before the present's. */
  daysAgo(at: number): number {
    return calendarDaysBetween(at, this.end);
  }

  /** `YYYY-MM-DD` of a moment in Shanghai, as the forms send days. */
  dayOf(at: number): string {
    return new Date(at + SHANGHAI_OFFSET).toISOString().slice(0, 10);
  }

  /** Plans a step at `at` (ms); `label` names it when it fails. */
  schedule(at: number, label: string, work: () => Promise<unknown>): void {
    this.steps.push({ at, seq: this.seq++, label, work });
    this.sorted = false;
  }

  /** Runs `work` as `actor`: the principal the service is given, and the user the audit trail names. */
  as<T>(actor: Actor, work: (user: Principal) => Promise<T>): Promise<T> {
    const user = this.staff[actor];
    return requestContext.run({ lang: 'zh', userId: user.userId, sessionId: user.sessionId }, () => work(user));
  }

  /**
   * Runs the planned steps in time order (steps may plan further steps, later than themselves), each
   * with the clock at its moment, under the demo clock; `newDay`, when given, is told of each day of the
   * story reached (the moment of its first step), before that step runs.
   */
  async play(newDay?: (at: number) => Promise<void>): Promise<void> {
    let day: string | undefined;
    await this.clock.run(async () => {
      for (;;) {
        if (!this.sorted) this.steps.sort((a, b) => b.at - a.at || b.seq - a.seq);
        this.sorted = true;
        const step = this.steps.pop();
        if (!step) break;
        if (step.at > this.end) {
          this.skipped++;
          continue;
        }
        if (newDay && this.dayOf(step.at) !== day) {
          day = this.dayOf(step.at);
          await newDay(step.at);
        }
        this.clock.set(step.at);
        try {
          await step.work();
        } catch (error) {
          const detail =
            error instanceof FieldErrors
              ? JSON.stringify(error.fields)
              : error instanceof AppError
                ? `${error.key} ${JSON.stringify(error.params)}`
                : (error as Error).message;
          throw new Error(`demo step "${step.label}" at ${new Date(step.at).toISOString()} failed: ${detail}`, { cause: error });
        }
        this.played++;
      }
    });
  }
}
