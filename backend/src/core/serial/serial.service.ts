import { formatSerial, type LocalDate, nextValue, periodsOf, type ResetPolicy, shanghaiDate } from '@forwarder/domain';
import { Inject, Injectable } from '@nestjs/common';
import { Prisma, type SerialSequence } from '../../generated/prisma/client.js';
import { anyContaining, readPage, type Page } from '../../common/pagination.js';
import { updateWithVer } from '../../common/ver.js';
import { PrismaService, type Tx } from '../../prisma/prisma.service.js';
import type { SerialListDto, SerialUpdateDto } from './serial.dto.js';

/** What time it is: injected so that tests can move the date across a reset period. */
export type Clock = () => Date;
export const SERIAL_CLOCK = Symbol('SERIAL_CLOCK');

export interface SerialView {
  id: number;
  code: string;
  name: string;
  nameEn: string | null;
  prefix: string;
  pattern: string;
  resetPolicy: string;
  currentValue: number;
  currentPeriod: string;
  /** The number `next` would hand out now (nothing is reserved). */
  nextPreview: string;
  ver: number;
  updatedAt: Date;
}

/**
 * The sequences that number orders, finance records and customers (/log/serial): their settings, and
 * `next`, which hands out numbers.
 */
@Injectable()
export class SerialService {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(SERIAL_CLOCK) private readonly clock: Clock,
  ) {}

  async list(query: SerialListDto): Promise<Page<SerialView>> {
    const text = query.text?.trim();
    const where: Prisma.SerialSequenceWhereInput = text ? { OR: anyContaining(text, 'code', 'name') } : {};
    return readPage(
      query,
      (page) => this.prisma.db.serialSequence.findMany({ where, orderBy: { id: 'asc' }, ...page }),
      () => this.prisma.db.serialSequence.count({ where }),
      (rows) => {
        const today = shanghaiDate(this.clock());
        return rows.map((row) => this.view(row, today));
      },
    );
  }

  /** Changes prefix, pattern and reset policy; the counter is left as it is. */
  async update(dto: SerialUpdateDto): Promise<SerialView> {
    const row = await updateWithVer(this.prisma.db.serialSequence, dto.id, dto.ver, {
      prefix: dto.prefix,
      pattern: dto.pattern,
      resetPolicy: dto.resetPolicy,
    });
    return this.view(row, shanghaiDate(this.clock()));
  }

  /**
   * Hands out the next number of the sequence `code`. One UPDATE … RETURNING increments the counter, or
   * restarts it at 1 when the period of the row's reset policy has changed: concurrent callers queue on
   * the row lock and each gets its own number. Inside `tx` the row stays locked until the transaction
   * ends, so a rolled-back document gives its number back.
   */
  async next(code: string, tx?: Tx): Promise<string> {
    const date = shanghaiDate(this.clock());
    const periods = periodsOf(date);
    const period = Prisma.sql`case reset_policy when 'daily' then ${periods.daily} when 'monthly' then ${periods.monthly} when 'yearly' then ${periods.yearly} else ${periods.never} end`;
    const rows = await (tx ?? this.prisma.db).$queryRaw<{ prefix: string; pattern: string; value: number }[]>`
      update serial_sequence
         set current_value = case when current_period = ${period} then current_value + 1 else 1 end,
             current_period = ${period},
             updated_at = now()
       where code = ${code}
      returning prefix, pattern, current_value as value`;
    // A missing sequence is a deployment fault (the seeds create every code), not a user's mistake.
    if (!rows.length) throw new Error(`No serial sequence with the code "${code}"`);
    const [row] = rows;
    return formatSerial(row.pattern, row.prefix, date, row.value);
  }

  private view(row: SerialSequence, today: LocalDate): SerialView {
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      nameEn: row.nameEn,
      prefix: row.prefix,
      pattern: row.pattern,
      resetPolicy: row.resetPolicy,
      currentValue: row.currentValue,
      currentPeriod: row.currentPeriod,
      nextPreview: formatSerial(row.pattern, row.prefix, today, nextValue(row, row.resetPolicy as ResetPolicy, today)),
      ver: row.ver,
      updatedAt: row.updatedAt,
    };
  }
}
