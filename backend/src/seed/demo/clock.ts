import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The loader's clock: while the demo business is loaded, the process's `Date` reads it, so three months
 * of business are written through the services at the times they happened.
 *
 * Why the whole `Date` and not an injected clock: the services stamp "now" themselves — `new Date()`,
 * `Date.now()`, Prisma's `@default(now())` and `@updatedAt` (computed in JavaScript by Prisma 7's
 * client), `todayShanghai()` for charge days, and SerialService's clock for the date inside order,
 * receipt and record numbers. Threading one clock through each of them would change a dozen services for
 * the sake of a loader; setting the time they all read keeps every figure, timeline, work record and
 * serial number consistent with no change to any of them. Only PostgreSQL's own now() (bookkeeping
 * columns such as order_finance.updated_at and serial_sequence.updated_at) keeps the real time.
 *
 * The clock runs on from each time it is set (so the rows of one step keep their order) and never goes
 * back: serial numbers restart by day and month, so the business must be replayed in time order.
 *
 * The demo time is read only inside the load (an AsyncLocalStorage context, followed through every await
 * of its steps): `npm start` loads the demo business while the server already serves, and a sign-in, a
 * session check or a daily job in the same process reads the real time meanwhile.
 */
const RealDate = Date;
const loading = new AsyncLocalStorage<DemoClock>();
const now = () => loading.getStore()?.now() ?? RealDate.now();
/** `Date` while a load runs: the demo time inside the load, the real time everywhere else. */
const DemoDate = new Proxy(RealDate, {
  construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [now()], newTarget),
  apply: () => new RealDate(now()).toString(),
  get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
});
/** Loads running now (a test may run two): `Date` is the real one again when the last ends. */
let running = 0;

export class DemoClock {
  private base: number;
  private setAt = RealDate.now();

  constructor(start: number) {
    this.base = start;
  }

  /** Milliseconds of the demo time now. */
  now(): number {
    return this.base + (RealDate.now() - this.setAt);
  }

  /** Moves the clock to `at` (milliseconds); a time already passed leaves it where it is. */
  set(at: number): void {
    if (at <= this.now()) return;
    this.base = at;
    this.setAt = RealDate.now();
  }

  /**
   * Runs `work` with `Date` reading this clock within it: `new Date()` and `Date.now()` answer the demo
   * time; dates built from a value, `instanceof Date` and everything else behave as always.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    running += 1;
    globalThis.Date = DemoDate;
    try {
      return await loading.run(this, work);
    } finally {
      running -= 1;
      if (running === 0) globalThis.Date = RealDate;
    }
  }
}
