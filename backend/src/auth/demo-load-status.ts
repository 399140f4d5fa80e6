import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service.js';

/**
 * The demo load's row in job_run (where administrators see the background work and how it went): `running`
 * from the moment a first start decides to load the demo business until the last step is written, then
 * `ok`, or `failed` with the error. Its message is the progress, `{"day":12,"days":90,"orders":40}`.
 */
export const DEMO_LOAD_JOB = { name: 'demo-data', period: 'first' } as const;

/** The business of the last this many days is what the tour shows: the load's progress counts them. */
export const DEMO_BUSINESS_DAYS = 90;

/** How far the replay is: the day of the last three months it has reached, and the orders placed so far. */
export interface DemoLoadProgress {
  day: number;
  days: number;
  orders: number;
}

/**
 * Whether the demo business is still being loaded, for the sign-in page: read from the database (the load
 * runs in one process of the installation) until once none runs, then never again.
 */
@Injectable()
export class DemoLoadStatus {
  private over = false;

  constructor(private readonly prisma: PrismaService) {}

  /** How far the load is while it runs (its job_run row's message), null once none runs. */
  async progress(): Promise<DemoLoadProgress | null> {
    if (this.over) return null;
    const row = await this.prisma.db.jobRun.findUnique({ where: { name_period: DEMO_LOAD_JOB }, select: { status: true, message: true } });
    this.over = row?.status !== 'running';
    if (this.over) return null;
    return row?.message ? (JSON.parse(row.message) as DemoLoadProgress) : { day: 0, days: DEMO_BUSINESS_DAYS, orders: 0 };
  }
}
